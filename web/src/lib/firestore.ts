/**
 * Firestore for the admin area's live lists, apart from lib/firebase.ts so that the login page
 * does not load it: only the screens that read lists import this module.
 */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { firebaseApp, usesEmulators } from './firebase';

/** Read under firestore.rules (admin claim); writes go through /api/*. */
export const firestore = getFirestore(firebaseApp);

if (usesEmulators) {
  const [host = '127.0.0.1', port = '8080'] = (
    import.meta.env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'
  ).split(':');
  connectFirestoreEmulator(firestore, host, Number(port));
}
