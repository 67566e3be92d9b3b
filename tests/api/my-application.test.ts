/**
 * The applicant's API (/api/me/*): who may call it, what "Check my application" reveals (nothing),
 * what may be corrected when, and that an applicant reaches only their own records.
 */
import {
  MY_APPLICATION_MESSAGES,
  SIGN_IN_LINK_AT_REST,
  type MyApplicationsResponse,
} from '@mentorship/domain';
import {
  adminAuth,
  authHost,
  call,
  confirmApplicant,
  linkSignIn,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { signInWithPassword } from '../../scripts/lib/admin';
import { coordinatorToken as adminToken } from '../support/coordinator';
import { apply } from '../support/seed';

jest.setTimeout(60_000);

it('"Check my application" answers the same for an address that applied and one that did not', async () => {
  const { application } = await apply();
  const known = await call('POST', '/api/me/sign-in-link', {
    body: { email: application.emailAddress },
  });
  const unknown = await call('POST', '/api/me/sign-in-link', {
    body: { email: `nobody.${uniqueSuffix()}@example.org` },
  });
  expect(known.status).toBe(202);
  expect(unknown.status).toBe(202);
  expect(known.body).toEqual(unknown.body);
  expect(known.body).toEqual({ message: MY_APPLICATION_MESSAGES.signInLinkSent });
  const invalid = await call('POST', '/api/me/sign-in-link', { body: { email: 'not-an-address' } });
  expect(invalid.status).toBe(400);
});

it('refuses callers without a verified e-mail sign-in', async () => {
  expect((await call('GET', '/api/me')).status).toBe(401);
  expect((await call('GET', '/api/me', { token: 'not-a-token' })).status).toBe(401);
  // A password user whose address was never verified.
  expect((await call('GET', '/api/me', { token: await tokenFor('user') })).status).toBe(403);
});

it("a password sign-in on an applicant's address opens nothing; the e-mailed link does", async () => {
  const mine = await apply();
  const email = mine.application.emailAddress;
  // Someone who set a password on the address (in advance, or a coordinator account on it): a
  // verified address and a valid token, from a password sign-in.
  const password = 'someone-elses-password-1';
  const existing = await adminAuth()
    .getUserByEmail(email)
    .catch(() => undefined);
  if (existing) await adminAuth().updateUser(existing.uid, { password, emailVerified: true });
  else await adminAuth().createUser({ email, password, emailVerified: true });
  const byPassword = await signInWithPassword(authHost(), email, password);
  const refused = await call<{ error: { code: string } }>('GET', '/api/me', { token: byPassword });
  expect(refused.status).toBe(403);
  expect(refused.body.error.code).toBe('permission-denied');
  expect((await call('POST', '/api/me/confirm', { token: byPassword })).status).toBe(403);

  // The applicant's own link sign-in on an account without a password is let in.
  const other = await apply();
  const byLink = await linkSignIn(other.application.emailAddress);
  const me = await call<MyApplicationsResponse>('GET', '/api/me', { token: byLink });
  expect(me.status).toBe(200);
  expect(me.body.applications.map((a) => a.id)).toEqual([other.id]);
});

it('an applicant reads and changes only their own application', async () => {
  const mine = await apply();
  const theirs = await apply();
  const token = await confirmApplicant(mine.application.emailAddress);
  const me = await call<MyApplicationsResponse>('GET', '/api/me', { token });
  expect(me.status).toBe(200);
  expect(me.body.applications.map((a) => a.id)).toEqual([mine.id]);
  expect(me.body.applications[0]).toMatchObject({ status: 'received', canCorrectAnswers: true });

  // Corrections go to their own record: a body naming another record is refused.
  const { emailAddress: _e, ...answers } = mine.application;
  const naming = await call('PUT', '/api/me/student', {
    token,
    body: { ...answers, careerInterests: 'Data engineering', id: theirs.id },
  });
  expect(naming.status).toBe(400);
  const corrected = await call('PUT', '/api/me/student', {
    token,
    body: { ...answers, careerInterests: 'Data engineering' },
  });
  expect(corrected.status).toBe(200);
  const other = await call<{ careerInterests: string | null }>(
    'GET',
    `/api/admin/students/${theirs.id}`,
    { token: adminToken },
  );
  expect(other.body.careerInterests).toBeNull();

  // After approval only contact details may change.
  const approved = await call('PUT', `/api/admin/students/${mine.id}/review`, {
    token: adminToken,
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
  const refused = await call('PUT', '/api/me/student', {
    token,
    body: { ...answers, careerInterests: 'Something else' },
  });
  expect(refused.status).toBe(409);
  const phone = await call('PUT', '/api/me/student', {
    token,
    body: { ...answers, careerInterests: 'Data engineering', phoneNumber: '+1 555 0303' },
  });
  expect(phone.status).toBe(200);

  // The coordinators' "Download data": the same document, for requests that arrive by e-mail.
  const exported = await call<{ applications: { id: string; phoneNumber: string }[] }>(
    'GET',
    `/api/admin/students/${mine.id}/export`,
    { token: adminToken },
  );
  expect(exported.status).toBe(200);
  expect(exported.body.applications).toEqual([
    expect.objectContaining({ id: mine.id, phoneNumber: '+1 555 0303' }),
  ]);
  // The e-mails the program sent, the confirmation included, without a working sign-in link.
  const sent = (exported.body as unknown as { emails: { kind: string; text: string }[] }).emails;
  const received = sent.find((m) => m.kind === 'application-received');
  expect(received?.text).toContain(SIGN_IN_LINK_AT_REST);
  expect(JSON.stringify(sent)).not.toMatch(/oobCode|token=|\[\[sign-in-link\]\]|\[\[link-/);
  expect((await call('GET', `/api/admin/students/${mine.id}/export`, { token })).status).toBe(403);

  // A coordinator cannot use the applicant's routes to reach anyone's data.
  const admin = await call<MyApplicationsResponse>('GET', '/api/me', { token: adminToken });
  expect(admin.status === 403 || admin.body.applications?.length === 0).toBe(true);
});
