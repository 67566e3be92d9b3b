/**
 * The authorisation matrix: every admin route x {no token, garbage token, signed-in non-admin,
 * revoked session, removed coordinator (token minted before the removal), claim without a
 * coordinators document, a coordinator signed in with a password alone (no passkey), admin}. Ids
 * that do not exist are used, so the admin row shows the route was reached (it answers with the
 * route's own result: 200, 201, 400 or 404) without changing real records.
 *
 * Then every admin route of the path table, method by method, with a password alone: the matrix
 * above is written by hand, this one is read from the table (functions/src/app.test.ts checks
 * that the app serves exactly the table), so a route added later is covered the day it is added.
 */
import {
  API,
  API_PREFIX,
  SESSION_MESSAGES,
  type ApiErrorBody,
  type HttpMethod,
} from '@mentorship/domain';
import { adminAuth, call, firestore, tokenFor } from '../support/api';

type Who =
  'none' | 'garbage' | 'user' | 'revoked' | 'removed' | 'claim only' | 'password only' | 'admin';
const WHO: Who[] = [
  'none',
  'garbage',
  'user',
  'revoked',
  'removed',
  'claim only',
  'password only',
  'admin',
];
const tokens: Record<Who, string | undefined> = {
  none: undefined,
  garbage: 'not-a-real-token',
  user: undefined,
  revoked: undefined,
  removed: undefined,
  'claim only': undefined,
  'password only': undefined,
  admin: undefined,
};

const uidOf = (token: string) =>
  (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      user_id: string;
    }
  ).user_id;

beforeAll(async () => {
  [
    tokens.user,
    tokens.admin,
    tokens.revoked,
    tokens.removed,
    tokens['claim only'],
    tokens['password only'],
  ] = await Promise.all([
    tokenFor('user'),
    tokenFor('admin'),
    tokenFor('admin'),
    tokenFor('admin'),
    tokenFor('admin'),
    tokenFor('password only'),
  ]);
  const auth = adminAuth();
  // Firebase compares a token's auth_time with the revocation time in whole seconds: a token
  // minted in the same second as the revocation still counts as valid. Revoke in a later second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  // Removed as the Team page does (team/service.ts): document, claim, refresh tokens; the token
  // minted before stays in their browser.
  const removed = uidOf(tokens.removed as string);
  await firestore().collection('coordinators').doc(removed).delete();
  await auth.setCustomUserClaims(removed, {});
  await auth.revokeRefreshTokens(removed);
  // Only revoked (claim and document kept): checkRevoked alone refuses it.
  await auth.revokeRefreshTokens(uidOf(tokens.revoked as string));
  // A claim the server did not back with a document (e.g. set by hand in a console).
  await firestore()
    .collection('coordinators')
    .doc(uidOf(tokens['claim only'] as string))
    .delete();
}, 30_000);

const missing = 'noSuchRecord000000';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What an administrator gets for this request. */
  adminStatus: number;
}
/** One kind of person's routes, with the bodies that kind's forms send. */
const personRoutes = (
  kind: 'students' | 'mentors',
  bodies: { edit: unknown; status: unknown; review: unknown },
): Route[] => {
  const list = `/api/admin/${kind}`;
  const one = `${list}/${missing}`;
  return [
    { method: 'GET', path: list, adminStatus: 200 },
    { method: 'GET', path: one, adminStatus: 404 },
    { method: 'POST', path: list, body: {}, adminStatus: 400 },
    { method: 'PUT', path: one, body: bodies.edit, adminStatus: 404 },
    { method: 'PUT', path: `${one}/status`, body: bodies.status, adminStatus: 404 },
    { method: 'DELETE', path: one, adminStatus: 404 },
    { method: 'PUT', path: `${one}/review`, body: bodies.review, adminStatus: 404 },
    { method: 'GET', path: `${one}/notes`, adminStatus: 404 },
    { method: 'POST', path: `${one}/notes`, body: { text: 'A note' }, adminStatus: 404 },
    { method: 'GET', path: `${one}/assignments`, adminStatus: 404 },
  ];
};

const routes: Route[] = [
  { method: 'GET', path: '/api/admin/stats', adminStatus: 200 },
  ...personRoutes('students', {
    edit: { fullName: 'A', emailAddress: 'a@example.org' },
    status: { isActive: true },
    review: { decision: 'approve' },
  }),
  ...personRoutes('mentors', {
    edit: { fullName: 'A' },
    status: { isActive: false },
    review: { decision: 'decline', reason: 'x' },
  }),
  { method: 'GET', path: '/api/admin/activity', adminStatus: 200 },
  { method: 'GET', path: `/api/admin/activity?person=${missing}`, adminStatus: 200 },
  { method: 'GET', path: '/api/admin/assignments', adminStatus: 200 },
  {
    method: 'POST',
    path: '/api/admin/assignments',
    body: { mentorId: missing, studentId: missing },
    adminStatus: 404,
  },
  { method: 'DELETE', path: `/api/admin/assignments/${missing}`, adminStatus: 404 },
  {
    method: 'PUT',
    path: `/api/admin/assignments/${missing}/status`,
    body: { isActive: true },
    adminStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/assignments/bulk-delete',
    body: { assignmentIds: [missing] },
    adminStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/admin/assignments/bulk-status',
    body: { assignmentIds: [missing], isActive: true },
    adminStatus: 200,
  },
  { method: 'GET', path: '/api/admin/team', adminStatus: 200 },
  { method: 'POST', path: '/api/admin/team/invitations', body: {}, adminStatus: 400 },
  { method: 'DELETE', path: `/api/admin/team/${missing}`, adminStatus: 404 },
  // Without a fresh answer from one's own passkey, a confirmed session resets nobody's passkeys.
  { method: 'DELETE', path: `/api/admin/team/${missing}/passkeys`, adminStatus: 403 },
  { method: 'POST', path: '/api/admin/session/activity', body: {}, adminStatus: 204 },
  { method: 'POST', path: '/api/admin/account/step-up/options', body: {}, adminStatus: 200 },
  { method: 'POST', path: '/api/admin/account/step-up', body: {}, adminStatus: 400 },
  // Without a fresh answer from the passkey (the step-up), a confirmed session adds none.
  { method: 'POST', path: '/api/admin/account/passkeys/options', body: {}, adminStatus: 403 },
  { method: 'POST', path: '/api/admin/account/passkeys', body: {}, adminStatus: 403 },
  { method: 'GET', path: '/api/admin/account/passkeys', adminStatus: 200 },
  // Nor removes one.
  { method: 'DELETE', path: `/api/admin/account/passkeys/${missing}`, adminStatus: 403 },
  { method: 'POST', path: '/api/admin/account/password', body: {}, adminStatus: 400 },
  { method: 'GET', path: '/api/admin/no-such-route', adminStatus: 404 },
];

const expected: Record<Exclude<Who, 'admin'>, [number, string]> = {
  none: [401, 'unauthenticated'],
  garbage: [401, 'unauthenticated'],
  user: [403, 'permission-denied'],
  revoked: [401, 'unauthenticated'],
  removed: [401, 'unauthenticated'],
  'claim only': [403, 'permission-denied'],
  'password only': [403, 'permission-denied'],
};

const matrix = routes.flatMap((route) => WHO.map((who) => ({ ...route, who })));

describe('admin authorisation matrix', () => {
  it.each(matrix)('$method $path as $who', async ({ method, path, body, who, adminStatus }) => {
    const res = await call<{ error?: { code: string } }>(method, path, {
      body,
      token: tokens[who],
    });
    if (who === 'admin') {
      expect(res.status).toBe(adminStatus);
      return;
    }
    const [status, code] = expected[who];
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
  });

  it('refuses a malformed Authorization header', async () => {
    const res = await call('GET', '/api/admin/stats', {
      headers: { Authorization: `Token ${tokens.admin}` },
    });
    expect(res.status).toBe(401);
  });
});

/** Every admin method and path of the table, its parameters filled with an id that does not exist. */
const TABLE_ADMIN_ROUTES: { method: HttpMethod; path: string }[] = Object.values(API)
  .filter((route) => route.path.startsWith(`${API_PREFIX.admin}/`))
  .flatMap((route) =>
    route.methods.map((method) => ({ method, path: route.path.replace(/:\w+/g, missing) })),
  );

describe('every admin route of the path table, with a password alone', () => {
  it('reads the table', () => {
    expect(TABLE_ADMIN_ROUTES.length).toBeGreaterThan(60);
    expect(TABLE_ADMIN_ROUTES).toContainEqual({
      method: 'GET',
      path: `/api/admin/students/${missing}/export`,
    });
  });

  it.each(TABLE_ADMIN_ROUTES)('$method $path: 403 and the reason', async ({ method, path }) => {
    const res = await call<ApiErrorBody>(method, path, {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
      token: tokens['password only'],
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(SESSION_MESSAGES.factorRequired);
  });
});
