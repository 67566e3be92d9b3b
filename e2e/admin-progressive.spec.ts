/**
 * The dashboard's live lists with more students than the first page holds: the whole list is
 * there (tab count, the oldest found by search, no status line left), and a change shows in place
 * without any list being fetched again and without going back to "Loading...". (The partial
 * first screen's wording is covered by list-progress.test.ts; Firestore's listener cannot be held
 * back from a browser test.)
 */
import { expect, test } from './fixtures';
import { apiPaths, type CreatedResponse, type StudentInput } from '@mentorship/domain';
import { FIRST_PAGE_SIZE } from '../web/src/features/admin/api/first-page';
import { expectNoAxeViolations, ADMIN_STATE, openDashboard, onEmptyDatabase } from './support';

// Counts and "newest" depend on exactly these records.
const { run, api } = onEmptyDatabase();

/** Five more students than the first page holds; the first five created are the oldest. */
const OLD = 5;
const TOTAL = FIRST_PAGE_SIZE + OLD;
const nameOf = (i: number) => (i < OLD ? `Oldtimer${i} P${run}` : `Newcomer${i} P${run}`);

const student = (i: number): Partial<StudentInput> => ({
  fullName: nameOf(i),
  emailAddress: `student${i}.p${run}@uni.example.org`,
  universityName: 'Progressive University',
  academicProgram: 'Computer Science BSc',
  yearOfStudy: '2nd Year Undergraduate',
  isActive: true,
});

test.beforeAll(async () => {
  test.setTimeout(200_000);
  // One at a time, so "newest" follows the creation order.
  for (let i = 0; i < TOTAL; i++) {
    await api<CreatedResponse>('POST', apiPaths.admin.students, student(i));
  }
});

// Starts signed in (the setup project's saved session).
test.use({ storageState: ADMIN_STATE });

test('the whole list is live: every student, then a change in place with no refetch', async ({
  page,
}) => {
  const listRequests: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === apiPaths.admin.students) listRequests.push(request.url());
  });
  await openDashboard(page);
  await expect(page.getByRole('tab', { name: `Students (${TOTAL})` })).toBeVisible();
  await expect(page.getByTestId('list-progress')).toHaveCount(0);
  await page.getByLabel('Search', { exact: true }).fill('Oldtimer');
  await expect(page.getByRole('tab', { name: `Students (${OLD})` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nameOf(0)) })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with the whole list');

  await page.getByLabel('Search', { exact: true }).fill(nameOf(1));
  await page.getByRole('button', { name: `Deactivate ${nameOf(1)}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: `Activate ${nameOf(1)}` })).toBeVisible();
  await expect(page.getByText('Loading students...')).toHaveCount(0);
  expect(listRequests).toEqual([]);
});
