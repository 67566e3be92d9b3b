/**
 * Watches the signed-in coordinator's own `coordinators/{uid}` document (firestore.rules lets
 * anyone read their own). When another coordinator removes them, the document is deleted first:
 * this listener hears it within about a second, and the coordinator is signed out with the
 * reason, whatever screen is open. A refusal of the listener itself (the session ended) signs
 * out too. Loaded lazily with the signed-in frame, so the sign-in page does not load Firestore.
 */
import { COORDINATORS_COLLECTION } from '@mentorship/domain';
import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect } from 'react';
import { auth } from '../../lib/firebase';
import { firestore } from '../../lib/firestore';
import { signOutWithReason } from './session';

export default function CoordinatorWatch({ uid }: { uid: string }) {
  useEffect(
    () =>
      onSnapshot(
        doc(firestore, COORDINATORS_COLLECTION, uid),
        (snapshot) => {
          // From the cache an absent document says nothing yet; the server's answer decides.
          if (!snapshot.exists() && !snapshot.metadata.fromCache && auth.currentUser?.uid === uid) {
            void signOutWithReason('removed');
          }
        },
        (error) => {
          if (error.code === 'permission-denied' && auth.currentUser?.uid === uid) {
            void signOutWithReason('removed');
          }
        },
      ),
    [uid],
  );
  return null;
}
