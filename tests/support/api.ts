/**
 * Helpers for integration tests that call the `api` function through the hosting emulator of the
 * stack `npm test` starts (TEST_SITE_URL, FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST).
 */
import { myApplicationPaths } from '@mentorship/domain';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import {
  ensureCoordinatorDoc,
  issueEnrolmentCode,
  signInWithPassword,
} from '../../scripts/lib/admin';
import { PROJECT_ID } from '../../scripts/lib/paths';
import { uniqueTag } from '../factories';
import { SoftwareAuthenticator, signInCoordinator } from './passkey';

/** A setting of the test stack from the environment `npm test` gives the tests. */
export const requiredEnv = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through \`npm test\`.`);
  return value;
};

export const siteUrl = () => requiredEnv('TEST_SITE_URL');
/**
 * The `api` function's own address on the Functions emulator, for the bursts of concurrent
 * requests that race for one document: the Cloud Firestore emulator settles such a burst by
 * letting the waiting transactions run into its 30 s lock timeout (production aborts and retries
 * them at once), and the Hosting emulator's proxy gives up on a function after 60 s, a limit
 * neither production nor the function has (it answered 504 while the function went on to 409).
 */
export const functionUrl = () => requiredEnv('API_FUNCTION_URL');
export const authHost = () => requiredEnv('FIREBASE_AUTH_EMULATOR_HOST');

const adminApp = () => getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
export const firestore = () => getFirestore(adminApp());
/** The Auth emulator through the Admin SDK. */
export const adminAuth = () => getAuth(adminApp());

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
    /** Straight to the function, not through Hosting (`functionUrl`: races only). */
    direct?: boolean;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['Content-Type'] ??= 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await fetch(`${options.direct ? functionUrl() : siteUrl()}${path}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A unique suffix for names and addresses (the factories' `uniqueTag`). */
export const uniqueSuffix = uniqueTag;

/**
 * A fresh user in the Auth emulator, a coordinator (claim and coordinators document) or not;
 * returns an ID token. A coordinator signs in as every coordinator does: password, then a
 * passkey (a software authenticator registered at this first sign-in).
 */
export async function tokenFor(kind: 'admin' | 'user' | 'password only'): Promise<string> {
  if (kind === 'admin') return (await newCoordinator()).token;
  const email = `${kind.replace(' ', '-')}-${uniqueSuffix()}@test.example.org`;
  const password = 'test-password-123';
  const user = await adminAuth().createUser({ email, password });
  if (kind === 'password only') {
    // A coordinator whose sign-in stops after the password (no passkey answered).
    await adminAuth().setCustomUserClaims(user.uid, { admin: true });
    await ensureCoordinatorDoc(user.uid, email, firestore());
  }
  return signInWithPassword(authHost(), email, password);
}

/** Each address's passkey, registered at its first sign-in here (one software authenticator). */
const authenticators = new Map<string, SoftwareAuthenticator>();

/**
 * A coordinator's sign-in as the site makes it: password, then their passkey (registered at the
 * first sign-in of this test file, with the account's `enrolmentCode`). Answers the confirmed ID
 * token.
 */
export async function coordinatorSignIn(
  email: string,
  password: string,
  enrolmentCode?: string,
): Promise<string> {
  const authenticator =
    authenticators.get(email) ?? new SoftwareAuthenticator(new URL(siteUrl()).origin);
  authenticators.set(email, authenticator);
  return signInCoordinator(
    { siteUrl: siteUrl(), authHost: authHost() },
    email,
    password,
    authenticator,
    enrolmentCode,
  );
}

/**
 * A fresh coordinator (as `npm run admin:grant` makes one: an enrolment code for their first
 * passkey), signed in with password and passkey: their token, address and passkey.
 */
export async function newCoordinator(): Promise<{
  token: string;
  uid: string;
  email: string;
  password: string;
  authenticator: SoftwareAuthenticator;
}> {
  const email = `admin-${uniqueSuffix()}@test.example.org`;
  const password = 'test-password-123';
  const user = await adminAuth().createUser({ email, password });
  await adminAuth().setCustomUserClaims(user.uid, { admin: true });
  await ensureCoordinatorDoc(user.uid, email, firestore());
  const { code } = await issueEnrolmentCode(firestore(), user.uid, email);
  const token = await coordinatorSignIn(email, password, code);
  const authenticator = authenticators.get(email) as SoftwareAuthenticator;
  return { token, uid: user.uid, email, password, authenticator };
}

/**
 * Client addresses as the platform writes them (docs/security.md, "Client key"). Locally neither
 * the Hosting emulator nor the Functions emulator appends a hop (firebase-tools' hosting proxy
 * copies the client's headers and adds X-Forwarded-Host; the Functions emulator hands the worker
 * the same headers over a Unix socket), so a test that wants a client of its own writes the chain
 * the function would receive in production, hops included.
 */
const hex4 = () => (0x1000 + Math.floor(Math.random() * 0xefff)).toString(16);

/** A fresh client: an IPv6 address in 2001:db8::/32 and the key the function counts it under. */
export function testClient(): { address: string; key: string } {
  const prefix = `2001:db8:${hex4()}:${hex4()}`;
  return { address: `${prefix}:1::${hex4()}`, key: `${prefix}::/64` };
}

/** A Fastly address: the hop Google's front end appends when Hosting forwards a request. */
export const HOSTING_HOP = '151.101.65.195';

/** X-Forwarded-For straight to the function URL: what the client wrote, then what Google saw. */
export const directChain = (client: string, clientWrote?: string) =>
  [clientWrote, client].filter(Boolean).join(', ');

/** X-Forwarded-For through Hosting: what the client wrote, the client as Hosting saw it, Hosting. */
export const hostingChain = (client: string, clientWrote?: string) =>
  [clientWrote, client, HOSTING_HOP].filter(Boolean).join(', ');

/** Headers of a request from a client of its own (so no other test shares its allowance). */
export const ownClient = () => ({ 'X-Forwarded-For': directChain(testClient().address) });

/**
 * An e-mail link sign-in through the Auth emulator, as the sign-in page does it: a link made by
 * the Admin SDK (what the outbox sends), its one-time code spent by `accounts:signInWithEmailLink`.
 * Returns the ID token.
 */
export async function linkSignIn(email: string): Promise<string> {
  const link = new URL(
    await adminAuth().generateSignInWithEmailLink(email, {
      url: `${siteUrl()}/sign-in`,
      handleCodeInApp: true,
    }),
  );
  const res = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        oobCode: link.searchParams.get('oobCode'),
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message?: string } };
  if (!res.ok || !body.idToken) {
    throw new Error(`Link sign-in failed for ${email}: ${body.error?.message ?? res.status}`);
  }
  return body.idToken;
}

/**
 * What opening the e-mailed link does for an applicant (e2e/my-application.spec.ts does it in a
 * browser): an e-mail link sign-in verifies the address, then POST /api/me/confirm, and the
 * address's applications reach the coordinators. Returns that user's ID token.
 */
export async function confirmApplicant(email: string): Promise<string> {
  const token = await linkSignIn(email);
  const res = await call('POST', myApplicationPaths.confirm, { token });
  if (res.status !== 200) throw new Error(`confirm answered ${res.status}`);
  return token;
}

/**
 * A campus behind one address: `count` POSTs to `path` from this one client, ten at a time, each
 * with a link nobody has (`body()` makes a fresh one). Returns the statuses other than 404 (not
 * found): a limit per network, not per link, would show here as 429s.
 */
export async function answersOtherThanNotFound(
  path: string,
  body: () => unknown,
  count: number,
): Promise<number[]> {
  const others: number[] = [];
  for (let i = 0; i < count; i += 10) {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', path, { body: body() }).then((r) => r.status)),
    );
    others.push(...statuses.filter((s) => s !== 404));
  }
  return others;
}
