/**
 * Build modes of the web app (web/vite.config.ts), checked at build time:
 *
 *   emulator     every local build (npm start, npm test, the benchmarks: scripts/lib/build.ts)
 *                and `npm run dev`: talks to the emulators, reads no env file at all, so a
 *                web/.env.production never reaches a local build.
 *   production   what a deploy ships (`npm run build`, firebase.json's predeploy): the real
 *                project's web config from web/.env.production or the environment; the build
 *                stops with one line naming a missing key.
 */

/** The Firebase web config a production build needs (the console's "Your apps" values). */
export const FIREBASE_WEB_CONFIG_KEYS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

export type FirebaseWebConfig = Record<(typeof FIREBASE_WEB_CONFIG_KEYS)[number], string>;

/** Undefined when complete, else the one-line error a production build stops with. */
export function incompleteWebConfig(env: Readonly<Record<string, string | undefined>>) {
  const missing = FIREBASE_WEB_CONFIG_KEYS.filter((key) => !env[key]?.trim());
  if (missing.length === 0) return undefined;
  return (
    `Production build refused: the Firebase web config lacks ${missing.join(', ')} ` +
    `(npm run setup -- --project <id> writes web/.env.production; README, Deploying).`
  );
}
