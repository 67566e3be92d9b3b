/**
 * Passkeys in the browser tests: Chromium's virtual authenticator (over CDP: a platform
 * authenticator, `internal`, with resident keys and user verification that always succeeds), and
 * the local origin a passkey needs. Browsers refuse WebAuthn on an IP address, and the test
 * stack's site is http://127.0.0.1:<port>: a ceremony happens on http://localhost:<port>, the
 * same hosting emulator (the function accepts both origins on the emulator only). A Firebase
 * session made there is the same session at 127.0.0.1 (IndexedDB holds it, nothing in it names
 * the origin), which is how the setup project hands the shared coordinator's confirmed session
 * to the specs.
 *
 * A confirmed session is its own (the `sid` claim names its record), so the shared coordinator's
 * saved session stands whatever else signs in; still, a spec that signs in through the pages
 * uses a coordinator of its own, so no spec depends on another's sign-ins.
 */
import { expect, type Page } from '@playwright/test';
import { deleteApp, initializeApp as initializeClientApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth as getClientAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  getFirestore as getClientFirestore,
  onSnapshot,
  orderBy,
  query,
} from 'firebase/firestore';
import { ensureCoordinatorDoc, issueEnrolmentCode } from '../scripts/lib/admin';
import { adminAuth, adminFirestore, requiredEnv, unique } from './support';

/** The password of every coordinator freshCoordinator makes. */
export const NEW_COORDINATOR_PASSWORD = 'passkey-test-password-1';

/** The enrolment code each coordinator made here was given for their first passkey. */
const enrolmentCodes = new Map<string, string>();

/** The enrolment code `email` was given (by freshCoordinator or `coordinatorWithCode`). */
export function enrolmentCodeFor(email: string): string {
  const code = enrolmentCodes.get(email);
  if (!code) throw new Error(`No enrolment code was made for ${email} here`);
  return code;
}

/**
 * Makes `email` a coordinator as `npm run admin:grant` does: the claim, the coordinators document
 * and an enrolment code for the first passkey (kept for `enrolmentCodeFor`). Their uid.
 */
export async function coordinatorWithCode(email: string, password: string): Promise<string> {
  const user = await adminAuth()
    .getUserByEmail(email)
    .catch(() => adminAuth().createUser({ email, password, emailVerified: true }));
  await adminAuth().setCustomUserClaims(user.uid, { admin: true });
  await ensureCoordinatorDoc(user.uid, email);
  const { code } = await issueEnrolmentCode(adminFirestore(), user.uid, email);
  enrolmentCodes.set(email, code);
  return user.uid;
}

/**
 * A coordinator of the test's own, with a password, no passkey yet and an enrolment code for it:
 * for a spec that signs in through the pages (so no spec depends on another's sign-ins). Their
 * address.
 */
export async function freshCoordinator(): Promise<string> {
  const email = `passkey-${unique()}@e2e.example.org`;
  await coordinatorWithCode(email, NEW_COORDINATOR_PASSWORD);
  return email;
}

/** The site's URL on localhost (where a passkey may be used). */
export function localUrl(path: string): string {
  const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000');
  base.hostname = 'localhost';
  return new URL(path, base).toString();
}

/** A credential as CDP's WebAuthn domain gives and takes it (the private key included). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  id: string;
  credentials(): Promise<VirtualCredential[]>;
  add(credential: VirtualCredential): Promise<void>;
  remove(): Promise<void>;
}

/** A platform authenticator in this page's browser context, answering at once. */
export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: async (credential) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/**
 * A page whose browser holds `credential` (a passkey made in another context): a new virtual
 * authenticator with a copy of it. The copy's signature counter is set from the clock (seconds),
 * so each later copy counts past what the server last saw, as one device would.
 */
export async function withPasskey(page: Page, credential: VirtualCredential): Promise<void> {
  const authenticator = await virtualAuthenticator(page);
  const signCount = Math.floor((Date.now() - 1_700_000_000_000) / 1000);
  await authenticator.add({ ...credential, signCount });
}

/** The sign-in form filled and sent (on the page's current origin). */
export async function submitPassword(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The second step with an existing passkey: the passkey page's button. */
export async function answerWithPasskey(page: Page) {
  await expect(page).toHaveURL(/\/admin\/verify$/);
  await page.getByRole('button', { name: 'Use my passkey' }).click();
}

/** The second step of an account without a passkey: its enrolment code typed, then created. */
export async function createPasskey(page: Page, enrolmentCode: string) {
  await expect(page).toHaveURL(/\/admin\/verify$/);
  await page.getByLabel('Enrolment code').fill(enrolmentCode);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
}

/** A whole sign-in with password and an existing passkey, from the sign-in page. */
export async function signInWithPasskey(page: Page, who: { email: string; password: string }) {
  await submitPassword(page, who);
  await answerWithPasskey(page);
}

/**
 * What Firestore answers a live read of the admin area's lists (the pairs, every cohort's student
 * rows, the team) on `email`'s sign-in with a password alone: the same SDK and listen channel the
 * dashboard uses, in a Firebase app of its own. Each query gives `served` or the error's code.
 */
export async function passwordOnlyLiveReads(
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const app = initializeClientApp(
    { projectId: requiredEnv('GCLOUD_PROJECT'), apiKey: 'demo-key' },
    `password-only-${Date.now()}`,
  );
  try {
    const auth = getClientAuth(app);
    connectAuthEmulator(auth, `http://${requiredEnv('FIREBASE_AUTH_EMULATOR_HOST')}`, {
      disableWarnings: true,
    });
    await signInWithEmailAndPassword(auth, email, password);
    const db = getClientFirestore(app);
    const [host, port] = requiredEnv('FIRESTORE_EMULATOR_HOST').split(':');
    connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
    const newest = orderBy('createdAt', 'desc');
    const reads = {
      pairs: query(collection(db, 'pairs'), newest),
      studentRows: query(collectionGroup(db, 'studentRows'), newest),
      coordinators: query(collection(db, 'coordinators')),
    };
    const answers = await Promise.all(
      Object.entries(reads).map(
        ([name, q]) =>
          new Promise<[string, string]>((resolve) => {
            const stop = onSnapshot(
              q,
              { includeMetadataChanges: true },
              (snapshot) => {
                // The cache answers first; only the server's answer counts.
                if (snapshot.metadata.fromCache) return;
                stop();
                resolve([name, 'served']);
              },
              (error) => resolve([name, error.code]),
            );
          }),
      ),
    );
    return Object.fromEntries(answers);
  } finally {
    await deleteApp(app);
  }
}

/**
 * The tokens this page's Firebase session holds (IndexedDB, as the SDK keeps them): what someone
 * who copied them from the browser would have.
 */
export async function tokensInBrowser(
  page: Page,
): Promise<{ idToken: string; refreshToken: string }> {
  return page.evaluate(
    () =>
      new Promise<{ idToken: string; refreshToken: string }>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(new Error('No Firebase storage in this page'));
        open.onsuccess = () => {
          const read = open.result
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          read.onerror = () => reject(new Error('Firebase storage unreadable'));
          read.onsuccess = () => {
            const rows = read.result as { value?: { stsTokenManager?: Record<string, string> } }[];
            const tokens = rows.find((r) => r.value?.stsTokenManager)?.value?.stsTokenManager;
            if (!tokens?.accessToken || !tokens.refreshToken) reject(new Error('Not signed in'));
            else resolve({ idToken: tokens.accessToken, refreshToken: tokens.refreshToken });
          };
        };
      }),
  );
}
