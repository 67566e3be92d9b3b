/**
 * Completion in the browser: a cohort that ended yesterday, seeded
 * through tests/support/after-match.ts; the daily work issues the certificates; the student signs
 * in to My application by e-mail link, downloads the certificate PDF (its text checked) and
 * answers the final survey; the public verification page shows the certificate (and "No such
 * certificate" for an unknown id); the coordinators' report shows the figures of what was seeded.
 * Axe at 375 and 1280 px on every new page.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { tokenFor } from '../tests/support/api';
import { dayOffset } from '../tests/factories';
import {
  certificatesOf,
  endPair,
  seedCheckIns,
  seedCohort,
  seedPair,
  seedSessions,
} from '../tests/support/seed';
import {
  downloadCertificateText,
  expectVerificationPage,
  reportFiguresFor,
  runDailyAsOf,
  signInToMyApplication,
} from './completion-support';
import { axeAtBothWidths, coordinatorPage, resetFirestore } from './support';

test.beforeAll(resetFirestore);

test('a completed pair: certificate PDF from My application, public verification, survey, and the cohort report', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const token = await tokenFor('admin');
  // One cohort, ended yesterday: Kai and Noor held 4 sessions (completed); a second pair held 1
  // and was ended "unresponsive" (a re-match). Check-ins rated 4 and 2 -> mean 3.
  const cohort = await seedCohort({ name: 'Browser Cohort', endedDaysAgo: 1 });
  const done = await seedPair(token, cohort.id, {
    names: { student: 'Kai Completer', mentor: 'Noor Guide' },
  });
  const ended = await seedPair(token, cohort.id);
  await seedSessions(
    done,
    cohort.id,
    [3, 33, 63, 93].map((d) => dayOffset(cohort.programStart, d)),
  );
  await seedSessions(ended, cohort.id, [dayOffset(cohort.programStart, 4)]);
  await endPair(ended, 'unresponsive');
  await seedCheckIns(done, cohort.id, [4]);
  await seedCheckIns(ended, cohort.id, [2]);

  const report = await runDailyAsOf(new Date().toISOString().slice(0, 10));
  expect(report).toMatch(/completion: cohortsChecked \d+, pairsCompleted 1, certificates 2/);
  const certificate = (await certificatesOf(done.pairId)).find((c) => c.role === 'student');
  expect(certificate).toBeDefined();
  const id = certificate!.id;

  // The student: My application, the PDF, the survey.
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInToMyApplication(page, done.studentEmail);
  const pdf = await downloadCertificateText(page);
  expect(pdf.name).toBe(`certificate-${id}.pdf`);
  for (const expected of [
    'Certificate of recognition',
    'Kai Completer',
    'Role: Mentee (student)',
    'Cohort: Browser Cohort',
    'Sessions held: 4 of 4',
    `Certificate id: ${id}`,
    `/certificates/${id}`,
  ]) {
    expect(pdf.text).toContain(expected);
  }
  const section = page.getByRole('region', { name: 'Your certificates' });
  await axeAtBothWidths(page, 'My application with a certificate');
  await section.getByRole('button', { name: 'Send my answers' }).click();
  await expect(section.getByText('Choose a rating from 1 to 5.')).toBeVisible();
  await section.getByLabel(/Overall, how was your mentorship/).selectOption('5');
  await section.getByLabel(/Would you recommend/).selectOption('yes');
  await section.getByLabel(/What should we improve/).fill('More structure in month one.');
  await section.getByRole('button', { name: 'Send my answers' }).click();
  await expect(section.getByText('Thank you: your answers are saved.')).toBeVisible();

  // Anyone: the public verification page, and an unknown id.
  await expectVerificationPage(page, id, {
    Name: 'Kai Completer',
    Role: 'Mentee (student)',
    Cohort: 'Browser Cohort',
    'Sessions held': '4 of 4',
    'Certificate id': id,
  });
  await expect(page.getByText('Noor Guide')).toHaveCount(0);
  await axeAtBothWidths(page, 'the verification page');
  await page.goto('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'No such certificate' })).toBeVisible();
  await axeAtBothWidths(page, 'an unknown certificate');

  // The coordinators: the report's figures are those seeded and done above.
  const admin = await coordinatorPage(browser);
  const figures = await reportFiguresFor(admin, cohort.id, 'Browser Cohort');
  expect(figures).toEqual({
    pairsMade: '2',
    sessionsHeld: '5',
    pairsCompleted: '1',
    completionRate: '50%',
    rematches: '1',
    checkIn: '3 of 5',
    survey: '5 of 5',
    recommend: '100%',
  });
  const rematches = admin.getByTestId('chart-rematches-table');
  await expect(rematches.getByRole('row', { name: /Unresponsive/ })).toContainText('1');
  // The same figures as CSV, from the page's button.
  const [csv] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`cohort-report-${cohort.id}.csv`);
  expect(await readFile(await csv.path(), 'utf8')).toContain('Browser Cohort');
  await axeAtBothWidths(admin, 'the cohort report');
});
