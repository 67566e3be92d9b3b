/**
 * A mail scanner opens every link of every e-mail first: university mail systems fetch
 * each link and load each page in a sandbox browser before the person reads the message. Here
 * every e-mail the program sends in these flows reaches the local inbox (MailDev) and each of its
 * links is fetched with a plain GET and loaded headlessly, nothing clicked (e2e/mail-scanner.ts);
 * then no stored document has changed, and each person's own click still works:
 *
 * - an application's confirmation (sign-in link) and "Check my application" (sign-in link);
 * - a new pair ("Meet your mentor", to both), the month's check-ins (one-click answers) and the
 *   carry-forward question of the cohort whose matching has closed ("Keep my application");
 * - a coordinator's invitation;
 * - then, after the people acted: the approval, and a coordinator's password reset.
 * The certificate's e-mail is scanned in the whole-cohort test (cohort.spec.ts), which also looks
 * through every stored document for a working link or token at its end.
 */
import { expect, test, type Browser } from './fixtures';
import {
  myApplicationPaths,
  apiPaths,
  checkInDueOn,
  isoDayOf,
  plusDays,
  teamPaths,
  type IsoDay,
} from '@mentorship/domain';
import { studentApplication } from '../tests/factories';
import { moveToCohort, seedPair, seedCohort } from '../tests/support/seed';
import { useFunctionParams } from '../tests/support/pairs';
import { call, firestore, ownClient, tokenFor } from '../tests/support/api';
import type { InboxMail } from '../tests/support/inbox';
import { confirmWithLink } from './applicant-support';
import { linkTo, mailsFor, pathOf } from './inbox';
import { expectScanChangesNothing } from './mail-scanner';
import { adminAuth, emulatorIdToken, resetFirestore, runDailyWork, unique } from './support';

test.beforeAll(resetFirestore);

const TODAY: IsoDay = isoDayOf(new Date());
const START = plusDays(TODAY, -50);
const at = (day: IsoDay) => new Date(`${day}T03:00:00Z`);

async function personPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test('a mail scanner opens every link of every e-mail first: nothing is recorded or spent, and the person\u2019s click still works', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  useFunctionParams();
  const admin = await tokenFor('admin');
  const run = unique();

  // An applicant: the confirmation, then "Check my application".
  const application = studentApplication(run);
  const applied = await call<{ id: string }>('POST', apiPaths.studentApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(applied.status).toBe(201);
  const asked = await call('POST', myApplicationPaths.signInLink, {
    headers: ownClient(),
    body: { email: application.emailAddress },
  });
  expect(asked.status).toBe(202);

  // A pair in a cohort whose program started 50 days ago (matching closed): its introductions,
  // month 2's check-ins, and the carry-forward question to the mentor who mentored.
  const cohort = await seedCohort(START);
  const pair = await seedPair(admin, cohort.id, {
    assignedOn: plusDays(START, -5),
    mentorStays: true,
  });
  await moveToCohort('mentor', pair.mentorId, cohort.id);
  const report = await runDailyWork(at(checkInDueOn(cohort.programStart, cohort.programEnd, 2)));
  expect(report.jobs.pairs).toMatchObject({ checkIns: 2 });

  // A coordinator invites a colleague.
  const invitee = `invitee.${run}@uni.example.org`;
  const invited = await call('POST', teamPaths.invitations, {
    token: admin,
    body: { email: invitee },
  });
  expect(invited.status).toBe(201);

  const toApplicant = await mailsFor(application.emailAddress, /./, 2);
  const toStudent = await mailsFor(pair.studentEmail, /check-in/);
  const toMentor = await mailsFor(pair.mentorEmail, /check-in/);
  const keep = await mailsFor(pair.mentorEmail, /^Keep your application/);
  const introductions = [
    ...(await mailsFor(pair.studentEmail, /^Meet your mentor/)),
    ...(await mailsFor(pair.mentorEmail, /./)).filter((m) => !/check-in|Keep/.test(m.subject)),
  ];
  const invitation = await mailsFor(invitee, /invited to coordinate/);
  const first = [
    ...toApplicant,
    ...toStudent,
    ...toMentor,
    ...keep,
    ...introductions,
    ...invitation,
  ];
  const links = await expectScanChangesNothing(browser, first);
  expect(links.some((l) => /\/my-application\/sign-in\?/.test(l))).toBe(true);
  expect(links.some((l) => /\/my-application\/check-in\?answer=met#token=/.test(l))).toBe(true);
  expect(links.some((l) => /\/my-application\/keep#token=/.test(l))).toBe(true);
  expect(links.some((l) => /\/admin\/accept-invitation#token=/.test(l))).toBe(true);

  // Nothing was recorded or spent: explicitly, on top of the comparison of every document.
  const checkInId = `${pair.id}_student_2`;
  const db = firestore();
  expect((await db.collection('checkIns').doc(checkInId).get()).get('answer')).toBeNull();
  const offers = await db.collection('carryOffers').where('personId', '==', pair.mentorId).get();
  expect(offers.docs.map((d) => d.get('answeredAt'))).toEqual([null]);
  const invitations = await db.collection('invitations').where('email', '==', invitee).get();
  expect(invitations.docs.map((d) => d.get('acceptedAt'))).toEqual([null]);
  expect((await db.collection('students').doc(applied.body.id).get()).get('confirmed')).toBe(false);

  // Each person's click still works.
  await test.step('the applicant signs in with the confirmation link', async () => {
    const page = await personPage(browser);
    const received = toApplicant.find((m) => /We received/.test(m.subject)) as InboxMail;
    await confirmWithLink(
      page,
      linkTo(received, /\/my-application\/sign-in\?/),
      application.emailAddress,
    );
    await page.context().close();
  });
  await test.step('the student answers the check-in with a click', async () => {
    const page = await personPage(browser);
    await page.goto(pathOf(linkTo(toStudent[0] as InboxMail, /check-in\?answer=met#/)));
    await expect(page.getByTestId('check-in-answer')).toHaveText(/no answer saved yet/);
    await page.getByRole('button', { name: 'Save my answer: We met' }).click();
    await expect(page.getByTestId('check-in-answer')).toHaveText(/is saved: We met\./);
    await page.context().close();
    expect((await db.collection('checkIns').doc(checkInId).get()).get('answer')).toBe('met');
  });
  await test.step('the mentor keeps their application with a click', async () => {
    const page = await personPage(browser);
    await page.goto(pathOf(linkTo(keep[0] as InboxMail, /\/my-application\/keep#/)));
    await page.getByRole('button', { name: 'Yes, keep my application' }).click();
    await expect(page.getByTestId('keep-answer')).toContainText('Thank you');
    await page.context().close();
  });
  await test.step('the invitee joins with a click', async () => {
    const page = await personPage(browser);
    await page.goto(pathOf(linkTo(invitation[0] as InboxMail, /accept-invitation#/)));
    await page.getByLabel(/^New password/).fill('invited-password-1');
    await page.getByLabel('Type the new password again').fill('invited-password-1');
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    // Joined and signed in: the next step is their passkey (e2e/passkeys.spec.ts goes on).
    await expect(page.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
    await page.context().close();
  });

  // Then: the applicant's approval, and the new coordinator's forgotten password.
  const approved = await call('PUT', apiPaths.admin.studentReview(applied.body.id), {
    token: admin,
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
  const reset = await call('POST', teamPaths.passwordReset, { body: { email: invitee } });
  expect(reset.status).toBe(202);
  const approval = (await mailsFor(application.emailAddress, /./, 3)).filter(
    (m) => !toApplicant.some((earlier) => earlier.text === m.text),
  );
  const resetMail = await mailsFor(invitee, /new password/);
  await expectScanChangesNothing(browser, [...approval, ...resetMail]);

  await test.step('the coordinator chooses a new password with the reset link', async () => {
    const page = await personPage(browser);
    await page.goto(pathOf(linkTo(resetMail[0] as InboxMail, /\/admin\/reset-password\?/)));
    await page.getByLabel(/^New password/).fill('remembered-password-2');
    await page.getByLabel('Type the new password again').fill('remembered-password-2');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await page.context().close();
    expect(await emulatorIdToken(invitee, 'remembered-password-2')).toBeTruthy();
    expect((await adminAuth().getUserByEmail(invitee)).email).toBe(invitee);
  });
});
