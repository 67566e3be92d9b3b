/**
 * Stands in for the Firebase products the admin area does not use. reactfire's single entry
 * imports Realtime Database, Cloud Functions, Remote Config and Storage for hooks this app never
 * calls; those SDKs register themselves when loaded, so tree-shaking cannot drop them. The build
 * aliases them here (web/vite.config.ts), which keeps about 100 kB of gzip out of the admin
 * chunk. Calling one of these is a programming error, and says so.
 */
const unused =
  (name: string) =>
  (..._args: unknown[]): never => {
    throw new Error(
      `${name} is not part of this app's Firebase build (web/src/lib/firebase-unused.ts).`,
    );
  };

// firebase/database
export const get = unused('firebase/database get');
export const off = unused('firebase/database off');
export const onChildAdded = unused('firebase/database onChildAdded');
export const onChildChanged = unused('firebase/database onChildChanged');
export const onChildMoved = unused('firebase/database onChildMoved');
export const onChildRemoved = unused('firebase/database onChildRemoved');
export const onValue = unused('firebase/database onValue');
// firebase/functions
export const httpsCallable = unused('firebase/functions httpsCallable');
// firebase/remote-config
export const ensureInitialized = unused('firebase/remote-config ensureInitialized');
export const getAll = unused('firebase/remote-config getAll');
export const getBoolean = unused('firebase/remote-config getBoolean');
export const getNumber = unused('firebase/remote-config getNumber');
export const getString = unused('firebase/remote-config getString');
export const getValue = unused('firebase/remote-config getValue');
// firebase/storage
export const getDownloadURL = unused('firebase/storage getDownloadURL');
export const ref = unused('firebase/storage ref');
