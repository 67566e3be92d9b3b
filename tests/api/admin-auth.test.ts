/**
 * The authorisation matrix: every admin route x {no token, garbage token, signed-in non-admin,
 * admin}. Ids that do not exist are used, so the admin row shows the route was reached (it answers
 * with the route's own result: 200, 201, 400 or 404) without changing real records.
 */
import { call, tokenFor } from '../support/api';

type Who = 'none' | 'garbage' | 'user' | 'admin';
const tokens: Record<Who, string | undefined> = {
  none: undefined,
  garbage: 'not-a-real-token',
  user: undefined,
  admin: undefined,
};

beforeAll(async () => {
  [tokens.user, tokens.admin] = await Promise.all([tokenFor('user'), tokenFor('admin')]);
});

const missing = 'noSuchRecord000000';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What an administrator gets for this request. */
  adminStatus: number;
}
const routes: Route[] = [
  { method: 'GET', path: '/api/admin/stats', adminStatus: 200 },
  { method: 'GET', path: '/api/admin/students', adminStatus: 200 },
  { method: 'GET', path: `/api/admin/students/${missing}`, adminStatus: 404 },
  { method: 'POST', path: '/api/admin/students', body: {}, adminStatus: 400 },
  {
    method: 'PUT',
    path: `/api/admin/students/${missing}`,
    body: { fullName: 'A', emailAddress: 'a@example.org' },
    adminStatus: 404,
  },
  {
    method: 'PUT',
    path: `/api/admin/students/${missing}/status`,
    body: { isActive: true },
    adminStatus: 404,
  },
  { method: 'DELETE', path: `/api/admin/students/${missing}`, adminStatus: 404 },
  {
    method: 'PUT',
    path: `/api/admin/students/${missing}/review`,
    body: { decision: 'approve' },
    adminStatus: 404,
  },
  {
    method: 'PUT',
    path: `/api/admin/mentors/${missing}/review`,
    body: { decision: 'decline', reason: 'x' },
    adminStatus: 404,
  },
  { method: 'GET', path: '/api/admin/activity', adminStatus: 200 },
  { method: 'GET', path: `/api/admin/activity?person=${missing}`, adminStatus: 200 },
  { method: 'GET', path: `/api/admin/students/${missing}/notes`, adminStatus: 404 },
  {
    method: 'POST',
    path: `/api/admin/students/${missing}/notes`,
    body: { text: 'A note' },
    adminStatus: 404,
  },
  { method: 'GET', path: `/api/admin/students/${missing}/assignments`, adminStatus: 404 },
  { method: 'GET', path: `/api/admin/mentors/${missing}/notes`, adminStatus: 404 },
  {
    method: 'POST',
    path: `/api/admin/mentors/${missing}/notes`,
    body: { text: 'A note' },
    adminStatus: 404,
  },
  { method: 'GET', path: `/api/admin/mentors/${missing}/assignments`, adminStatus: 404 },
  { method: 'GET', path: '/api/admin/mentors', adminStatus: 200 },
  { method: 'GET', path: `/api/admin/mentors/${missing}`, adminStatus: 404 },
  { method: 'POST', path: '/api/admin/mentors', body: {}, adminStatus: 400 },
  {
    method: 'PUT',
    path: `/api/admin/mentors/${missing}`,
    body: { fullName: 'A' },
    adminStatus: 404,
  },
  {
    method: 'PUT',
    path: `/api/admin/mentors/${missing}/status`,
    body: { isActive: false },
    adminStatus: 404,
  },
  { method: 'DELETE', path: `/api/admin/mentors/${missing}`, adminStatus: 404 },
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
  { method: 'GET', path: '/api/admin/no-such-route', adminStatus: 404 },
];

const expected: Record<Exclude<Who, 'admin'>, [number, string]> = {
  none: [401, 'unauthenticated'],
  garbage: [401, 'unauthenticated'],
  user: [403, 'permission-denied'],
};

const matrix = routes.flatMap((route) =>
  (['none', 'garbage', 'user', 'admin'] as const).map((who) => ({ ...route, who })),
);

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
