/**
 * Whether an Auth account holds a password, asked of the Identity Toolkit API itself
 * (`accounts:lookup`). The ID token cannot tell: a token from an e-mail link sign-in and one from
 * a password sign-in both say `sign_in_provider: "password"` (the Auth emulator issues both with
 * that provider, as the service does). The account can: a password leaves `passwordUpdatedAt`
 * (and a hash, redacted or not) on it, an e-mail link sign-in does not. The Admin SDK's
 * UserRecord drops a redacted hash and has no `passwordUpdatedAt`, hence the direct call.
 */
import { applicationDefault } from 'firebase-admin/app';
import { auth } from '../firebase';

let credential: ReturnType<typeof applicationDefault> | undefined;

export async function holdsPassword(uid: string): Promise<boolean> {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const projectId =
    auth.app.options.projectId ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
  const base = emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  let token = 'owner'; // what the Auth emulator takes as an admin credential
  if (!emulator) {
    credential ??= auth.app.options.credential ?? applicationDefault();
    token = (await credential.getAccessToken()).access_token;
  }
  const res = await fetch(`${base}/v1/projects/${projectId}/accounts:lookup`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ localId: [uid] }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`accounts:lookup answered ${res.status}`);
  const { users = [] } = (await res.json()) as {
    users?: { passwordHash?: string; passwordUpdatedAt?: number }[];
  };
  const user = users[0];
  return Boolean(user && (user.passwordHash || user.passwordUpdatedAt));
}
