/**
 * Carried forward, end to end: a cohort whose matching has closed leaves a student
 * unmatched; the daily job (run as `npm run daily -- --date <today>` runs it) e-mails them; the
 * link from the local inbox opens a page that changes nothing until they press the button; then
 * the student is in the next cohort (the one taking applications), marked "Carried forward" in
 * the dashboard, and first in that cohort's proposal, ahead of a newcomer who scores higher
 * with the one free mentor. Axe on the page at 375 and 1280 px.
 */
import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import {
  CARRY_MESSAGES,
  apiPaths,
  cohortPaths,
  isoDayOf,
  type CohortView,
  type CreatedResponse,
} from '@mentorship/domain';
import { waitForMail, linkIn } from '../tests/support/inbox';
import { coordinatorPage, expectNoAxeViolations, requiredEnv, onEmptyDatabase } from './support';

const { run, api } = onEmptyDatabase();
const day = (offset: number) => isoDayOf(new Date(Date.now() + offset * 86_400_000));
const names = {
  kept: `Kit Kept ${run}`,
  newcomer: `Nia Newcomer ${run}`,
  mentor: `Mo Mentor ${run}`,
};
const keptEmail = `kit.${run}@uni.example.org`;

test.beforeAll(async () => {
  // Last cohort: its matching closed a month ago; Kit was not matched.
  const { cohort } = await api<{ cohort: CohortView }>('POST', cohortPaths.list, {
    name: `Past ${run}`.slice(0, 30),
    term: 'summer',
    year: Number(day(-60).slice(0, 4)),
    applicationsOpen: day(-60),
    applicationsClose: day(-45),
    matchingDoneBy: day(-30),
    programStart: day(-20),
    programEnd: '',
  });
  await api<CreatedResponse>('POST', apiPaths.admin.students, {
    fullName: names.kept,
    emailAddress: keptEmail,
    cohortId: cohort.id,
    preferredDisciplines: ['Data Science'],
    mentoringTopics: [],
  });
  // The open cohort (the founding one here): a newcomer who fits the one mentor better.
  await api<CreatedResponse>('POST', apiPaths.admin.students, {
    fullName: names.newcomer,
    emailAddress: `nia.${run}@uni.example.org`,
    cohortId: 'founding',
    preferredDisciplines: ['Data Science', 'Computer Science'],
    mentoringTopics: ['Career Planning'],
  });
  await api<CreatedResponse>('POST', apiPaths.admin.mentors, {
    fullName: names.mentor,
    email: `mo.${run}@corp.example.org`,
    cohortId: 'founding',
    capacity: 1,
    preferredDisciplines: ['Data Science', 'Computer Science'],
    mentoringTopics: ['Career Planning'],
  });
});

test('a student carried forward by their click is in the next cohort, marked, first in its proposal', async ({
  browser,
}) => {
  // The daily work as of today, as the scheduled function runs it.
  execFileSync('npx', ['tsx', 'scripts/daily.ts', '--date', day(0)], {
    env: { ...process.env, SITE_URL: requiredEnv('E2E_BASE_URL') },
    stdio: 'pipe',
  });
  const mail = await waitForMail(keptEmail, /^Keep your application for /);
  const link = linkIn(mail, '/my-application/keep');

  const student = await (await browser.newContext()).newPage();
  await student.goto(`${link.pathname}${link.search}${link.hash}`);
  await expect(
    student.getByRole('heading', { level: 1, name: 'Keep my application' }),
  ).toBeVisible();
  for (const width of [375, 1280]) {
    await student.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(student, `keep-my-application page at ${width} px`);
  }

  const coordinator = await coordinatorPage(browser);
  const studentsRegion = coordinator.getByRole('region', { name: 'Students' });
  // Opening the page changed nothing: Kit is not in the open cohort yet.
  await coordinator.goto('/admin/dashboard?cohort=founding');
  await expect(coordinator.locator('[data-lists-complete="true"]')).toBeAttached();
  await expect(studentsRegion.getByText(names.newcomer)).toBeVisible();
  await expect(studentsRegion.getByText(names.kept)).toHaveCount(0);

  await student.getByRole('button', { name: 'Yes, keep my application' }).click();
  await expect(student.getByTestId('keep-answer')).toHaveText(
    /^Thank you\. Your application is kept/,
  );

  // The dashboard is live: Kit arrives in the open cohort, marked.
  const row = studentsRegion.getByRole('row').filter({ hasText: names.kept });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('carried-forward')).toHaveText(CARRY_MESSAGES.badge);

  // The proposal for the open cohort: Kit first, with the one mentor; the newcomer waits.
  await coordinator.goto('/admin/matching?cohort=founding');
  await coordinator.getByRole('button', { name: 'Suggest matches' }).click();
  const table = coordinator.getByRole('table', { name: /Proposed pairs/ });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(names.kept);
  await expect(rows.nth(1)).toContainText(CARRY_MESSAGES.badge);
  await expect(rows.nth(1)).toContainText(names.mentor);
  await expect(table.getByText(names.newcomer)).toHaveCount(0);

  // The link works once.
  await student.reload();
  await student.getByRole('button', { name: 'Yes, keep my application' }).click();
  await expect(student.getByTestId('keep-answer')).toHaveText(CARRY_MESSAGES.used);
});
