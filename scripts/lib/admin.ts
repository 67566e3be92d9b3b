/** Administrator accounts: create (emulator), grant the admin claim, sign in for an ID token. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PROJECT_ID } from './paths';

export const DEMO_ADMIN = { email: 'admin@example.org', password: 'mentor-admin-2024' } as const;

/** The default app (local runs), or an app of its own for an explicitly named real project. */
const adminAuth = (projectId?: string) =>
  projectId
    ? getAuth(
        getApps().find((app) => app.name === projectId) ?? initializeApp({ projectId }, projectId),
      )
    : getAuth(
        getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }),
      );

/**
 * Sets `admin: true` on the user with this e-mail. When the user does not exist it is created
 * with `password` (required then). Existing claims are kept. `projectId` names a real project
 * (Application Default Credentials); without it, the local stack's project.
 */
export async function grantAdmin(
  email: string,
  password?: string,
  projectId?: string,
): Promise<{ created: boolean; uid: string }> {
  const auth = adminAuth(projectId);
  let created = false;
  let user = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
    if (error.code === 'auth/user-not-found') return undefined;
    throw error;
  });
  if (!user) {
    if (!password) throw new Error(`No user ${email}: pass a password to create one.`);
    user = await auth.createUser({ email, password, emailVerified: true });
    created = true;
  }
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
  return { created, uid: user.uid };
}

/** Signs in through the Auth emulator's REST API and returns a fresh ID token. */
export async function signInWithPassword(
  authHost: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message?: string } };
  if (!res.ok || !body.idToken)
    throw new Error(`Sign-in failed for ${email}: ${body.error?.message ?? res.status}`);
  return body.idToken;
}
