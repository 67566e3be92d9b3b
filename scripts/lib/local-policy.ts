/**
 * The CSP of a local stack whose web build talks to the emulators directly: production's policy
 * with exactly this stack's Auth and Firestore emulator origins added to connect-src, nothing
 * else changed (local-policy.test.ts). The production rehearsal serves the policy verbatim.
 */
export function localPolicy(policy: string, ports: { auth: number; firestore: number }): string {
  if (!policy.includes("connect-src 'self'")) {
    throw new Error("firebase.json's Content-Security-Policy has no connect-src 'self'");
  }
  return policy.replace(
    "connect-src 'self'",
    `connect-src 'self' http://127.0.0.1:${ports.auth} http://127.0.0.1:${ports.firestore}`,
  );
}
