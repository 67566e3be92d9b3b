/** Administrator accounts: create (emulator), grant the admin claim, sign in for an ID token. */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  COORDINATORS_COLLECTION,
  ENROLMENT_CODE_TTL_MS,
  enrolmentCodeHash,
  newEnrolmentCode,
} from '@mentorship/domain';
import { PROJECT_ID } from './paths';

export const DEMO_ADMIN = { email: 'admin@example.org', password: 'mentor-admin-2024' } as const;

/** The default app (local runs), or an app of its own for an explicitly named real project. */
const adminApp = (projectId?: string): App =>
  projectId
    ? (getApps().find((app) => app.name === projectId) ?? initializeApp({ projectId }, projectId))
    : (getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }));
const adminAuth = (projectId?: string) => getAuth(adminApp(projectId));

/**
 * Makes `uid` a coordinator in Firestore: the `coordinators/{uid}` document the rules and the API
 * require besides the claim (see packages/domain/src/team.ts). Idempotent: an existing document
 * keeps when and by whom it was added. Answers whether it was written.
 */
export async function ensureCoordinatorDoc(
  uid: string,
  email: string,
  db: Firestore = getFirestore(adminApp()),
): Promise<boolean> {
  const ref = db.collection(COORDINATORS_COLLECTION).doc(uid);
  try {
    await ref.create({
      email: email.toLowerCase(),
      addedAt: FieldValue.serverTimestamp(),
      addedBy: null,
    });
    return true;
  } catch (error) {
    // 6 = ALREADY_EXISTS
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}

/**
 * Sets `admin: true` on the user with this e-mail and writes their coordinators document. When
 * the user does not exist it is created with `password` (required then). Existing claims are
 * kept. `projectId` names a real project (Application Default Credentials); without it, the local
 * stack's project.
 */
export async function grantAdmin(
  email: string,
  password?: string,
  projectId?: string,
): Promise<{
  created: boolean;
  uid: string;
  /** The code their first passkey needs, when they have none yet. */
  enrolment?: { code: string; expiresAt: Date };
}> {
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
  const db = getFirestore(adminApp(projectId));
  await ensureCoordinatorDoc(user.uid, email, db);
  // Without a passkey yet, their first sign-in creates one: only with this code (the password
  // alone, or the mailbox, never enrols one).
  const secrets = await db.collection('coordinatorSecrets').doc(user.uid).get();
  const enrolled = ((secrets.get('passkeys') as unknown[] | undefined) ?? []).length > 0;
  const enrolment = enrolled ? undefined : await issueEnrolmentCode(db, user.uid, email);
  return { created, uid: user.uid, enrolment };
}

/**
 * Gives `uid` an enrolment code for their first passkey (replacing any earlier one): the record
 * functions/src/passkeys/enrolment.ts keeps (the code's SHA-256 and its expiry), written here
 * without the function's code, which these scripts and the browser tests do not load. Answers
 * the code and when it expires.
 */
export async function issueEnrolmentCode(
  db: Firestore,
  uid: string,
  email: string,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newEnrolmentCode();
  const expiresAt = new Date(Date.now() + ENROLMENT_CODE_TTL_MS);
  await db
    .collection('coordinatorSecrets')
    .doc(uid)
    .set({ email, enrolment: { hash: await enrolmentCodeHash(code), expiresAt } }, { merge: true });
  return { code, expiresAt };
}

/** A password sign-in through the Auth emulator's REST API: the ID and refresh tokens. */
async function passwordSignIn(
  authHost: string,
  email: string,
  password: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as {
    idToken?: string;
    refreshToken?: string;
    error?: { message?: string };
  };
  if (!res.ok || !body.idToken || !body.refreshToken)
    throw new Error(`Sign-in failed for ${email}: ${body.error?.message ?? res.status}`);
  return { idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Signs in through the Auth emulator's REST API and returns a fresh ID token. */
export async function signInWithPassword(
  authHost: string,
  email: string,
  password: string,
): Promise<string> {
  return (await passwordSignIn(authHost, email, password)).idToken;
}

/**
 * The browser's switch after a confirmed second step, through the Auth emulator's REST API: a
 * sign-in with the server's one-time token, whose ID tokens (the refreshed ones too) carry the
 * new session's id.
 */
export async function customTokenSignIn(
  authHost: string,
  signInToken: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: signInToken, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as {
    idToken?: string;
    refreshToken?: string;
    error?: { message?: string };
  };
  if (!res.ok || !body.idToken || !body.refreshToken)
    throw new Error(`Custom-token sign-in failed: ${body.error?.message ?? res.status}`);
  return { idToken: body.idToken, refreshToken: body.refreshToken };
}

/**
 * The demo administrator's confirmed token on a local stack started with LOCAL_DEMO_ADMIN (the
 * function's local-only shortcut, functions/src/passkeys/local-demo.ts): password, the shortcut
 * in place of the passkey, then the sign-in with the one-time token it answers. Any other
 * account, or a deployed function, is refused.
 */
export async function signInLocalDemo(
  authHost: string,
  siteUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const session = await passwordSignIn(authHost, email, password);
  const confirmed = await fetch(`${siteUrl}/api/session/local-demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.idToken}` },
    body: '{}',
  });
  if (!confirmed.ok)
    throw new Error(
      `The local sign-in shortcut answered ${confirmed.status}: ${await confirmed.text()}`,
    );
  const { signInToken } = (await confirmed.json()) as { signInToken: string };
  return (await customTokenSignIn(authHost, signInToken)).idToken;
}
