/**
 * Firebase for the admin area, created once outside React (reactfire's providers receive these
 * instances). Only the admin chunk imports this module, so public pages never load Firebase.
 *
 * Local runs (the default) use a `demo-` project and the Auth emulator; each stack's build sets
 * VITE_AUTH_EMULATOR_URL to its own (and VITE_FIRESTORE_EMULATOR_HOST: lib/firestore.ts).
 * A production build (vite mode `production`, web/build-config.ts) uses the real project's web
 * config from VITE_FIREBASE_*, which the build has checked is complete.
 */
import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';

const production = import.meta.env.MODE === 'production';

function productionConfig(): FirebaseOptions {
  const config = {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    appId: import.meta.env.VITE_FIREBASE_APP_ID,
  };
  const missing = Object.entries({
    VITE_FIREBASE_API_KEY: config.apiKey,
    VITE_FIREBASE_AUTH_DOMAIN: config.authDomain,
    VITE_FIREBASE_PROJECT_ID: config.projectId,
    VITE_FIREBASE_APP_ID: config.appId,
  })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(`The Firebase web config is incomplete; set ${missing.join(', ')}.`);
  }
  return config;
}

const demoConfig: FirebaseOptions = {
  projectId: 'demo-mentorship',
  apiKey: 'demo-key',
  authDomain: 'demo-mentorship.firebaseapp.com',
};

export const firebaseApp = initializeApp(production ? productionConfig() : demoConfig);

/**
 * E-mail and password sign-in only. `getAuth` would also install the popup/redirect resolver,
 * which loads Google's api.js and an iframe from apis.google.com on every admin page (a
 * third-party script this app never needs, and a console error where that host is blocked).
 * The persistence is getAuth's default: the session survives a reload and a new tab.
 */
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

/** Whether this build talks to the emulators (every local run) or a real project. */
export const usesEmulators = !production;

if (!production) {
  connectAuthEmulator(auth, import.meta.env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099', {
    disableWarnings: true,
  });
}
