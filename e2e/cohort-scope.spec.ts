/**
 * Everything admin follows the chosen cohort: the dashboard opens on the current
 * cohort; switching the picker changes every stat card, the lists, search, the CSV export and
 * the whole-cohort proposal to that cohort's people only; "All cohorts" shows everyone. Axe on
 * the dashboard with the picker at 375 and 1280 px.
 *
 * Two cohorts of this test lie in 2070 and 2071 (so the founding cohort stays the open one for
 * the specs after it); people are added to them by hand, as a coordinator may.
 */
import { expect, test, type Page } from './fixtures';
import {
  DISCIPLINES,
  MENTORING_TOPICS,
  apiPaths,
  cohortPaths,
  type CohortView,
  type CreatedResponse,
} from '@mentorship/domain';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import {
  ADMIN_STATE,
  coordinatorApi,
  expectNoAxeViolations,
  resetFirestore,
  unique,
} from './support';

test.beforeAll(resetFirestore);
test.use({ storageState: ADMIN_STATE });

const run = unique();
const { api } = coordinatorApi();
const everything = {
  preferredDisciplines: [...DISCIPLINES],
  mentoringTopics: [...MENTORING_TOPICS],
};

const cohorts = { a: '', b: '' };
const names = {
  a: {
    cohort: `Alpha ${run}`,
    students: [`Ann Alpha ${run}`, `Abe Alpha ${run}`],
    mentor: `Ava Mentor ${run}`,
  },
  b: {
    cohort: `Beta ${run}`,
    students: [`Ben Beta ${run}`, `Bea Beta ${run}`, `Bob Beta ${run}`],
    mentor: `Bri Mentor ${run}`,
  },
};

test.beforeAll(async () => {
  for (const [key, year] of [
    ['a', 2070],
    ['b', 2071],
  ] as const) {
    const { cohort } = await api<{ cohort: CohortView }>('POST', cohortPaths.list, {
      name: names[key].cohort,
      term: 'fall',
      year,
      applicationsOpen: `${year}-06-01`,
      applicationsClose: `${year}-07-31`,
      matchingDoneBy: `${year}-08-20`,
      programStart: `${year}-09-01`,
      programEnd: '',
    });
    cohorts[key] = cohort.id;
    await api<CreatedResponse>('POST', apiPaths.admin.mentors, {
      fullName: names[key].mentor,
      email: `mentor.${key}.${run}@corp.example.org`,
      capacity: 5,
      cohortId: cohort.id,
      ...everything,
    });
    for (const [i, fullName] of names[key].students.entries()) {
      await api<CreatedResponse>('POST', apiPaths.admin.students, {
        fullName,
        emailAddress: `student.${key}.${i}.${run}@uni.example.org`,
        cohortId: cohort.id,
        ...everything,
      });
    }
  }
});

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);
const studentsRegion = (page: Page) => page.getByRole('region', { name: 'Students' });

async function exportedNames(page: Page, count: number): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Export CSV of the ${count} students shown` }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, 'utf8').slice(1);
  const rows = Papa.parse<string[]>(csv, { newline: '\r\n' }).data.slice(1);
  return rows
    .map((row) => row[0] ?? '')
    .filter(Boolean)
    .sort();
}

async function showsCohort(page: Page, key: 'a' | 'b') {
  const other = key === 'a' ? 'b' : 'a';
  await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
  await expect(stat(page, 'totalStudents')).toContainText(String(names[key].students.length));
  await expect(stat(page, 'totalMentors')).toContainText('1');
  await expect(stat(page, 'activeStudents')).toContainText(String(names[key].students.length));
  await expect(stat(page, 'totalAssignments')).toContainText('0');
  for (const name of names[key].students) {
    await expect(studentsRegion(page).getByText(name)).toBeVisible();
  }
  for (const name of names[other].students) {
    await expect(studentsRegion(page).getByText(name)).toHaveCount(0);
  }
  // Search runs within the cohort: the other cohort's student is not found.
  await page.getByRole('searchbox').fill(names[other].students[0] as string);
  await expect(page.getByText(/No students match|No students/).first()).toBeVisible();
  await page.getByRole('searchbox').fill('');
  expect(await exportedNames(page, names[key].students.length)).toEqual(
    [...names[key].students].sort(),
  );
}

test('the dashboard, its export and the proposal follow the chosen cohort', async ({ page }) => {
  await page.goto('/admin/dashboard');
  const picker = page.getByLabel('Cohort', { exact: true });
  // The current cohort by default: the test stack's founding cohort, open for applications.
  await expect(picker).toHaveValue('founding');

  await picker.selectOption(cohorts.a);
  await expect(page).toHaveURL(new RegExp(`cohort=${cohorts.a}`));
  await showsCohort(page, 'a');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `dashboard scoped to a cohort at ${width} px`);
  }

  await picker.selectOption(cohorts.b);
  await showsCohort(page, 'b');

  // All cohorts: both cohorts' people.
  await picker.selectOption('all');
  await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
  for (const name of [...names.a.students, ...names.b.students]) {
    await expect(studentsRegion(page).getByText(name)).toBeVisible();
  }

  // The proposal for cohort B pairs B's students with B's mentor only.
  await page.goto(`/admin/matching?cohort=${cohorts.b}`);
  await expect(page.getByLabel('Cohort', { exact: true })).toHaveValue(cohorts.b);
  await page.getByRole('button', { name: 'Suggest matches' }).click();
  const table = page.getByRole('table', { name: /Proposed pairs/ });
  await expect(table.getByRole('row').filter({ hasText: names.b.mentor })).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: names.a.mentor })).toHaveCount(0);
  for (const name of names.a.students) await expect(table.getByText(name)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(4);
});
