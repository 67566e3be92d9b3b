/**
 * Whole-cohort matching in Chromium against the emulator stack: a coordinator asks for a
 * proposal, reviews it (scores, bands, reasons, unmatched summary), drops a row with the
 * keyboard, applies the rest, sees created/refused per pair, and finds the new pair on the
 * dashboard's Assignments tab. axe runs on every state of the page.
 *
 * People are created through the API with unique names; they list every discipline and topic,
 * so they score highest together and the proposal pairs them whatever else the database holds.
 */
import { expect, test } from './fixtures';
import {
  DISCIPLINES,
  MENTORING_TOPICS,
  apiPaths,
  type PairRecord,
  type CreatedResponse,
  decodeTable,
  type TableResponse,
} from '@mentorship/domain';
import { expectNoAxeViolations, ADMIN_STATE, openDashboard, onEmptyDatabase } from './support';

// Each file starts from an empty database: other files' records would change rankings and counts.
const { run, api } = onEmptyDatabase();

const everything = {
  preferredDisciplines: [...DISCIPLINES],
  mentoringTopics: [...MENTORING_TOPICS],
};
const mentorName = `Matchmaker Mentor ${run}`;
const studentNames = [`Keen Student A ${run}`, `Keen Student B ${run}`];
const ids = { mentor: '', students: [] as string[] };

test.beforeAll(async () => {
  ids.mentor = (
    await api<CreatedResponse>('POST', apiPaths.admin.mentors, {
      fullName: mentorName,
      email: `matchmaker.${run}@corp.example.org`,
      currentJobTitle: 'Design Lead',
      company: `Studio ${run}`,
      capacity: 2,
      ...everything,
    })
  ).id;
  for (const [k, fullName] of studentNames.entries()) {
    ids.students.push(
      (
        await api<CreatedResponse>('POST', apiPaths.admin.students, {
          fullName,
          emailAddress: `keen.${k}.${run}@uni.example.org`,
          academicProgram: 'B.Des. Interaction Design',
          universityName: `Uni ${run}`,
          ...everything,
        })
      ).id,
    );
  }
});

// Starts signed in (the setup project's saved session).
test.use({ storageState: ADMIN_STATE });
const signIn = openDashboard;

test('a proposal is reviewed, a row dropped, the rest applied, and the dashboard shows it', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Suggest matches' }).first().click();
  await expect(page).toHaveURL(/\/admin\/matching$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest matches' })).toBeVisible();
  await expectNoAxeViolations(page, 'matching page before a proposal');

  await page.getByRole('button', { name: 'Suggest matches' }).click();
  const proposalHeading = page.getByRole('heading', { level: 2, name: /^Proposal: / });
  await expect(proposalHeading).toBeVisible();
  await expect(proposalHeading).toBeFocused();
  await expect(
    page.getByText(/would remain unmatched:|Every student waiting for a mentor has/),
  ).toBeVisible();

  // Both of this test's students are proposed with its mentor (two places), with reasons.
  const table = page.getByRole('table', { name: /Proposed pairs/ });
  const myRows = table.getByRole('row').filter({ hasText: mentorName });
  await expect(myRows).toHaveCount(2);
  for (const name of studentNames) {
    const row = myRows.filter({ hasText: name });
    await expect(row).toContainText('28');
    await expect(row).toContainText('Excellent match');
    await expect(row).toContainText('Disciplines: Computer Science, Engineering');
    await expect(row).toContainText('Topics: Career Planning');
  }
  await expectNoAxeViolations(page, 'matching page with a proposal');

  // Drop the second student's row with the keyboard.
  const applyButton = page.getByRole('button', { name: /^Apply \d+ match(es)?$/ });
  const before = Number((await applyButton.textContent())?.match(/\d+/)?.[0]);
  const dropBox = page.getByRole('checkbox', {
    name: `Keep the match of ${studentNames[1]} with ${mentorName}`,
  });
  await expect(dropBox).toBeChecked();
  await dropBox.focus();
  await page.keyboard.press('Space');
  await expect(dropBox).not.toBeChecked();
  await expect(myRows.filter({ hasText: studentNames[1] as string })).toContainText(
    'Dropped: will not be applied',
  );
  await expect(applyButton).toHaveText(
    `Apply ${before - 1} ${before - 1 === 1 ? 'match' : 'matches'}`,
  );

  // While the pairs are created, the page shows the server's count: held here, so it is seen
  // before the outcome (none of the pairs created yet: the request has not reached the server).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/matching/apply', async (route) => {
    await released;
    await route.continue();
  });
  await applyButton.click();
  await expect(
    page.getByRole('progressbar', { name: `Creating pairs: 0 of ${before - 1}` }),
  ).toBeVisible();
  release();
  const resultsHeading = page.getByRole('heading', { level: 2, name: /^Applied: / });
  await expect(resultsHeading).toBeVisible();
  await expect(resultsHeading).toBeFocused();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/admin/matching/apply');
  const results = page.getByRole('table', { name: /Outcome of each applied pair/ });
  const createdRow = results.getByRole('row').filter({ hasText: studentNames[0] as string });
  await expect(createdRow).toContainText(mentorName);
  await expect(createdRow).toContainText('Created');
  await expect(results.getByRole('row').filter({ hasText: studentNames[1] as string })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page, 'matching page after applying');

  // The dashboard (its queries were invalidated) lists the new pair, not the dropped one.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: /^Assignments/ }).click();
  await page.getByLabel('Search', { exact: true }).fill(run);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(studentNames[0] as string)).toBeVisible();
  await expect(panel.getByText(mentorName).first()).toBeVisible();
  await expect(panel.getByText(studentNames[1] as string)).toHaveCount(0);

  // And the API agrees.
  const pairs = decodeTable(await api<TableResponse<PairRecord>>('GET', apiPaths.admin.pairs));
  const mine = pairs.filter((a) => a.mentorId === ids.mentor);
  expect(mine.map((a) => a.studentId)).toEqual([ids.students[0]]);
});
