/**
 * The demo administrator's one-step sign-in on the local site (`npm start` prints the address
 * and password): a real browser cannot hold a passkey that a script made for it, so on the local
 * emulators only, that one account's sign-in counts as confirmed without a passkey.
 *
 * It needs all three: the Functions emulator (FUNCTIONS_EMULATOR, which firebase-tools sets and
 * a deployed function never has), the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), and the
 * address named by LOCAL_DEMO_ADMIN, which only `npm start` passes to its stack (the test stacks
 * do not: every test coordinator signs in with a passkey). A deployed function with emulator
 * variables refuses to serve at all (http/deployment-guard.ts).
 */
export function localDemoAllowed(env: NodeJS.ProcessEnv, email: string | undefined): boolean {
  return (
    env.FUNCTIONS_EMULATOR === 'true' &&
    Boolean(env.FIREBASE_AUTH_EMULATOR_HOST) &&
    Boolean(env.LOCAL_DEMO_ADMIN) &&
    typeof email === 'string' &&
    email.toLowerCase() === env.LOCAL_DEMO_ADMIN?.toLowerCase()
  );
}
