/**
 * Time zones in matching, end to end: a student whose browser is in Tokyo (UTC+9)
 * applies through the wizard, where the Time Zone field starts on Asia/Tokyo; they confirm their
 * address from the e-mail and a coordinator approves them. Two approved mentors exist (made
 * through the API): one in America/Los_Angeles scoring 1 point more, one in Asia/Singapore. The
 * coordinator's proposal gives the student the Singapore mentor, saying why (the TIME-ZONE RULE,
 * domain matching/working-hours.ts); once the Singapore mentor scores 2 points less, the score
 * wins and the proposal says the overlap is little. axe at 375 and 1280 px on the wizard step
 * with the field and on the proposal.
 */
import { expect, test } from './fixtures';
import {
  DISCIPLINES,
  apiPaths,
  type CreatedResponse,
  type StudentRecord,
} from '@mentorship/domain';
import { call, firestore } from '../tests/support/api';
import { confirmWithLink, signInLinkFor } from './applicant-support';
import { answerStudentWizard, submitStudentApplication } from './wizards';
import {
  ADMIN_STATE,
  axeAtBothWidths,
  coordinatorApi,
  openDashboard,
  resetFirestore,
  unique,
} from './support';

// Each file starts from an empty database: other files' people would compete for the places.
test.beforeAll(resetFirestore);

// The browser's clock is in Tokyo: the wizard preselects the student's zone from it.
test.use({ timezoneId: 'Asia/Tokyo' });

const run = unique();
const { api, token } = coordinatorApi();
const [d0, d1, d2] = DISCIPLINES as unknown as [string, string, string];
const studentName = `Yui Tokyo ${run}`;
const studentEmail = `yui.${run}@student.example.jp`;
const laName = `Lee Angeles ${run}`;
const sgName = `Siti Singapore ${run}`;

const mentorBody = (fullName: string, email: string, timeZone: string, disciplines: string[]) => ({
  fullName,
  email,
  currentJobTitle: 'Product Manager',
  company: `Company ${run}`,
  timeZone,
  capacity: 1,
  preferredDisciplines: disciplines,
  mentoringTopics: [],
});
const ids = { la: '', sg: '' };

test.beforeAll(async () => {
  // Admin-made mentors are approved and active; the mentor's zone is the spec's free text.
  ids.la = (
    await api<CreatedResponse>(
      'POST',
      apiPaths.admin.mentors,
      mentorBody(laName, `lee.${run}@corp.example.com`, 'America/Los_Angeles', [d0, d1, d2]),
    )
  ).id;
  ids.sg = (
    await api<CreatedResponse>(
      'POST',
      apiPaths.admin.mentors,
      mentorBody(sgName, `siti.${run}@corp.example.com`, 'Singapore (UTC+8)', [d0, d1]),
    )
  ).id;
});

test('a student in Tokyo is proposed the mentor whose hours overlap, only where the rule says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // The wizard: the Time Zone field starts on the browser's zone.
  await page.goto('/register-student');
  const zone = page.getByLabel('Time Zone');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(zone.locator('option:checked')).toHaveText('Asia/Tokyo (UTC+9)');
  await axeAtBothWidths(page, 'the wizard step with the time zone', { screenshots: true });
  await answerStudentWizard(page, {
    details: {
      'Full Name': studentName,
      'Email Address': studentEmail,
      'LinkedIn Profile URL': `https://www.linkedin.com/in/yui-${run}`,
      'Phone Number': '+81 3 0000 0000',
      'University Name': 'University of Tokyo',
      'Academic Program': 'BSc Economics',
      'Year of Study': '3rd Year Undergraduate',
    },
    disciplines: [d0, d1, d2],
  });
  await submitStudentApplication(page);

  const found = await firestore()
    .collection('students')
    .where('emailAddress', '==', studentEmail)
    .get();
  expect(found.size).toBe(1);
  const studentId = found.docs[0]?.id as string;
  expect(found.docs[0]?.get('timeZone')).toBe('Asia/Tokyo');

  // The student confirms their address; the coordinator approves the application.
  await confirmWithLink(page, await signInLinkFor(studentEmail));
  // The confirmation is stored once the sign-in completes (My application then loads it).
  await expect
    .poll(
      async () => (await firestore().collection('students').doc(studentId).get()).get('confirmed'),
      {
        timeout: 30_000,
      },
    )
    .not.toBe(false);
  const approved = await call('PUT', apiPaths.admin.studentReview(studentId), {
    token: token(),
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
  const record = await api<StudentRecord>('GET', apiPaths.admin.student(studentId));
  expect(record.timeZone).toBe('Asia/Tokyo');

  // The coordinator's proposal.
  const admin = await (
    await browser.newContext({ storageState: ADMIN_STATE, timezoneId: 'Asia/Tokyo' })
  ).newPage();
  await openDashboard(admin);
  await admin.getByRole('link', { name: 'Suggest matches' }).first().click();
  await admin.getByRole('button', { name: 'Suggest matches' }).click();
  const table = admin.getByRole('table', { name: /Proposed pairs/ });
  const row = table.getByRole('row').filter({ hasText: studentName });
  await expect(row).toHaveCount(1);
  // Singapore: 2 shared disciplines, 11 h in common; Los Angeles: 3 shared, 4 h in common.
  await expect(row).toContainText(sgName);
  await expect(row).toContainText('Working hours overlap: 11 h');
  await expect(row).toContainText(
    `Preferred for working hours over ${laName} (score 3, 4 h overlap)`,
  );
  await expect(
    admin.getByText(/scores at most 1 point more; a larger score gap wins/),
  ).toBeVisible();
  await axeAtBothWidths(admin, 'the proposal with the working-hours reason', { screenshots: true });

  // The Singapore mentor now shares one discipline: a gap of 2, and the score wins.
  const edited = await call('PUT', apiPaths.admin.mentor(ids.sg), {
    token: token(),
    body: mentorBody(sgName, `siti.${run}@corp.example.com`, 'Singapore (UTC+8)', [d0]),
  });
  expect(edited.status).toBe(200);
  await admin.getByRole('button', { name: 'Suggest matches' }).click();
  const again = admin
    .getByRole('table', { name: /Proposed pairs/ })
    .getByRole('row')
    .filter({ hasText: studentName });
  await expect(again).toContainText(laName);
  await expect(again).toContainText('Little working-hours overlap (4 h)');
  await expect(again).not.toContainText('Preferred for working hours');
  await axeAtBothWidths(admin, 'the proposal where the score wins', { screenshots: true });
});
