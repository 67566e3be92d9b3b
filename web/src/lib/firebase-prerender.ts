/**
 * What `lib/firebase` is while prerendering (web/prerender.ts aliases it here): the sign-in page
 * is rendered to static HTML at build time, where no Firebase app exists or is needed (the page
 * uses Auth only when the form is submitted, by which time the browser app has taken it over).
 * Any use at build time throws, naming the mistake.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';

const unavailable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`Firebase is not available while prerendering (read ${String(property)})`);
    },
  },
);

export const firebaseApp = unavailable as FirebaseApp;
export const auth = unavailable as Auth;
export const usesEmulators = false;
