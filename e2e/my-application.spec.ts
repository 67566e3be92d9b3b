/**
 * The applicant's door end to end: an application counts once the e-mail link is opened; My
 * application shows the status, takes corrections, a withdrawal, a download and an erasure, after
 * which no collection holds anything of the person but their id in history entries.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from './fixtures';
import { getAuth } from 'firebase-admin/auth';
import {
  apiPaths,
  decodeTable,
  type MyDataExport,
  type StudentListItem,
  type StudentRecord,
  type TableResponse,
} from '@mentorship/domain';
import { call, firestore, tokenFor } from '../tests/support/api';
import { mentorApplication, studentApplication } from '../tests/factories';
import { apply } from '../tests/support/seed';
import { confirmWithLink, leftoversOf, signInLinkFor } from './applicant-support';
import { mailsTo } from '../tests/support/inbox';
import { ADMIN_STATE, expectNoAxeViolations, resetFirestore, unique } from './support';

test.beforeAll(resetFirestore);

let adminToken: string;
test.beforeAll(async () => {
  adminToken = await tokenFor('admin');
});

const listedStudentIds = async () => {
  const list = await call<TableResponse<StudentListItem>>('GET', apiPaths.admin.students, {
    token: adminToken,
  });
  return decodeTable(list.body).map((s) => s.id);
};

const adminStudent = async (id: string) =>
  (await call<StudentRecord>('GET', apiPaths.admin.student(id), { token: adminToken })).body;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a student applies, confirms by the e-mailed link, then corrects, withdraws, downloads and erases', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const application = studentApplication(unique());
  const email = application.emailAddress;
  const id = (await apply('student', { application })).id;

  // Unconfirmed: stored, but not in the coordinators' list and no alert was queued.
  expect(await listedStudentIds()).not.toContain(id);
  expect((await adminStudent(id)).confirmed).toBe(false);
  const alerts = await firestore()
    .collection('mail')
    .where('subjectId', '==', id)
    .where('kind', '==', 'new-application')
    .get();
  expect(alerts.size).toBe(0);

  const link = await signInLinkFor(email);
  // A mail scanner's prefetch: a plain GET of the link spends nothing.
  expect((await fetch(link)).status).toBe(200);

  // Another browser than the one that applied: the page asks for the address once.
  const page = await freshPage(browser);
  await page.goto(link);
  await expect(page.getByLabel('Your e-mail address')).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in page with a link');
  await confirmWithLink(page, link, email);
  const student = page.getByRole('region', { name: 'Your student application' });
  await expect(student.getByText('Status: Received: under review')).toBeVisible();
  await expect(student.getByText(/^E-mail address confirmed on/)).toBeVisible();

  // Confirmed: now listed, and the coordinators were told.
  expect(await listedStudentIds()).toContain(id);
  expect((await adminStudent(id)).confirmed).toBe(true);
  await expect
    .poll(async () => (await mailsTo('coordinators@bridgementorship.org')).length)
    .toBeGreaterThan(0);

  // The link is single-use: a third browser is refused.
  const again = await freshPage(browser);
  await again.goto(link);
  await again.getByLabel('Your e-mail address').fill(email);
  await again.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(again.getByRole('alert')).toContainText('This link cannot be used');
  await again.context().close();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `My application at ${width} px`);
  }

  // Correct an answer while awaiting review.
  await student.getByLabel('Phone number').fill('+1 555 0999');
  await student.getByLabel('Mentorship goals').fill('Learn to ship software.');
  await student.getByRole('button', { name: 'Save corrections' }).click();
  await expect(student.getByText('Your corrections are saved.')).toBeVisible();
  const corrected = await adminStudent(id);
  expect(corrected.phoneNumber).toBe('+1 555 0999');
  expect(corrected.mentorshipGoals).toBe('Learn to ship software.');

  // Withdraw: coordinators see "Withdrawn"; it cannot be activated.
  await student.getByRole('button', { name: 'Withdraw my application' }).click();
  await student.getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(student.getByText('Status: Withdrawn')).toBeVisible();
  expect((await adminStudent(id)).reviewStatus).toBe('withdrawn');
  const activate = await call('PUT', apiPaths.admin.studentStatus(id), {
    token: adminToken,
    body: { isActive: true },
  });
  expect(activate.status).toBe(409);

  // Download: one JSON file with the application and the e-mails sent.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  const data = JSON.parse(
    await readFile((await download.path()) as string, 'utf8'),
  ) as MyDataExport;
  expect(data.email).toBe(email.toLowerCase());
  expect(data.applications).toHaveLength(1);
  expect(data.applications[0]).toMatchObject({
    id,
    role: 'student',
    fullName: application.fullName,
    phoneNumber: '+1 555 0999',
    reviewStatus: 'withdrawn',
  });
  expect(data.emails.map((m) => m.subject)).toContain(
    'We received your application to Bridge Mentorship Program',
  );

  // Delete: after a confirmation, erased and signed out.
  await page.getByRole('button', { name: 'Delete my data' }).click();
  await page.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(page.getByText('Your data has been erased and you are signed out.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You are not signed in.')).toBeVisible();

  const needles = [email, application.fullName, '+1 555 0999', application.linkedinUrl];
  expect(await leftoversOf(needles, id)).toEqual([]);
  await expect(getAuth().getUserByEmail(email)).rejects.toMatchObject({
    code: 'auth/user-not-found',
  });
  await page.context().close();
});

test('a mentor declined with a reason reads it; a coordinator’s Delete then erases every trace', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const application = mentorApplication(unique());
  const email = application.email;
  const id = (await apply('mentor', { application })).id;
  const page = await freshPage(browser);
  // "Check my application" in the browser that asks: the same answer for an unknown address.
  await page.goto('/my-application/sign-in');
  await expectNoAxeViolations(page, 'Check my application at 1280 px');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, 'Check my application at 375 px');
  const form = page.getByLabel('The e-mail address you applied with');
  await form.fill(`nobody-${unique()}@example.org`);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const answer = page.getByText('If that address has applied, a sign-in link is on its way');
  await expect(answer).toBeVisible();
  await form.fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(answer).toBeVisible();
  // Two links now (application + check); the remembered address signs in without asking.
  const link = await signInLinkFor(email, 2);
  await page.goto(link);
  await expect(page.getByLabel('Your e-mail address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  const mentor = page.getByRole('region', { name: 'Your mentor application' });
  await expect(mentor.getByText('Status: Received: under review')).toBeVisible();

  const reason = `We need mentors in data science this cohort ${unique()}`;
  const declined = await call('PUT', apiPaths.admin.mentorReview(id), {
    token: adminToken,
    body: { decision: 'decline', reason },
  });
  expect(declined.status).toBe(200);
  await page.reload();
  await expect(mentor.getByText('Status: Declined')).toBeVisible();
  await expect(mentor.getByText(reason)).toBeVisible();

  // A request by e-mail: the coordinator's "Download data" on the person's page, the same file.
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/mentors/${id}`);
  await expect(adminPage.getByText('E-mail address confirmed', { exact: false })).toBeVisible();
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Download data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`mentor-${id}-data.json`);
  const data = JSON.parse(
    await readFile((await download.path()) as string, 'utf8'),
  ) as MyDataExport;
  expect(data.email).toBe(email.toLowerCase());
  expect(data.applications).toEqual([
    expect.objectContaining({ id, role: 'mentor', fullName: application.fullName }),
  ]);
  expect(data.emails.map((m) => m.kind)).toEqual(
    expect.arrayContaining(['application-received', 'sign-in-link', 'declined']),
  );
  expect(JSON.stringify(data.emails)).toContain(reason);
  expect(JSON.stringify(data)).not.toMatch(/oobCode|token=|\[\[sign-in-link\]\]|\[\[link-/);
  await admin.close();

  const deleted = await call('DELETE', apiPaths.admin.mentor(id), { token: adminToken });
  expect(deleted.status).toBe(200);
  expect(await leftoversOf([email, application.fullName, reason], id)).toEqual([]);
  await expect(getAuth().getUserByEmail(email)).rejects.toMatchObject({
    code: 'auth/user-not-found',
  });
  await page.context().close();
});
