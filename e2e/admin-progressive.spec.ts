/**
 * The dashboard's progressive loading, in Chromium against the emulator stack: with more
 * students than the first page holds, the newest rows show at once with a status line that says
 * so (and search results that do not claim to be complete), then the whole list replaces them.
 * The request for the whole list is held back by the test, so the partial state is certain.
 * After a change, the whole list is refetched but the first page is not asked for again, and the
 * table does not go back to "Loading...".
 */
import { expect, test, type Request } from '@playwright/test';
import {
  apiPaths,
  LIST_LIMIT_PARAM,
  type CreatedResponse,
  type StudentInput,
} from '@mentorship/domain';
import { FIRST_PAGE_SIZE } from '../web/src/features/admin/api/first-page';
import {
  apiClient,
  emulatorIdToken,
  expectNoAxeViolations,
  resetFirestore,
  unique,
  ADMIN_STATE,
  openDashboard,
  SHARED_ADMIN,
} from './support';

// Counts and "newest" depend on exactly these records.
test.beforeAll(resetFirestore);

const run = unique();
const admin = SHARED_ADMIN;
let adminToken = '';
const api = apiClient(() => adminToken);

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
  adminToken = await emulatorIdToken(admin.email, admin.password);
  // One at a time, so "newest" follows the creation order.
  for (let i = 0; i < TOTAL; i++) {
    await api<CreatedResponse>('POST', apiPaths.admin.students, student(i));
  }
});

const isStudentsList = (url: URL) => url.pathname === apiPaths.admin.students;
const isFirstPage = (request: Request) => {
  const url = new URL(request.url());
  return isStudentsList(url) && url.searchParams.get(LIST_LIMIT_PARAM) === String(FIRST_PAGE_SIZE);
};
const isWholeList = (request: Request) => {
  const url = new URL(request.url());
  return isStudentsList(url) && !url.searchParams.has(LIST_LIMIT_PARAM);
};

// Starts signed in (the setup project's saved session).
test.use({ storageState: ADMIN_STATE });
const signIn = openDashboard;

test('the newest students show first with a status line, then the whole list', async ({ page }) => {
  // Hold the whole students list until the partial state has been checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => isStudentsList(url) && !url.searchParams.has(LIST_LIMIT_PARAM),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const firstPageRequests: Request[] = [];
  page.on('request', (request) => {
    if (isFirstPage(request)) firstPageRequests.push(request);
  });

  await signIn(page);
  const progress = page.getByTestId('list-progress');
  await expect(progress).toHaveText(
    `Showing the newest ${FIRST_PAGE_SIZE} of ${TOTAL} students. Loading the rest...`,
  );
  await expect(page.getByRole('status').filter({ has: progress })).toBeVisible();
  // The tab shows the total from the stats, not the rows loaded so far.
  await expect(page.getByRole('tab', { name: `Students (${TOTAL})` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nameOf(TOTAL - 1)) })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with the first page');

  // A search among the newest rows only: it says so, and the count is "at least".
  await page.getByLabel('Search').fill('Oldtimer');
  await expect(progress).toHaveText(
    `Showing matches among the newest ${FIRST_PAGE_SIZE} of ${TOTAL} students. Loading the rest...`,
  );
  await expect(page.getByRole('tab', { name: 'Students (0+)' })).toBeVisible();
  await expect(page.getByText('No students match.')).toBeVisible();

  // The whole list arrives: the line goes and the oldest students are found.
  const wholeList = page.waitForResponse((response) => isWholeList(response.request()));
  release();
  await wholeList;
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('tab', { name: `Students (${OLD})` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nameOf(0)) })).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(page.getByRole('tab', { name: `Students (${TOTAL})` })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with the whole list');
  expect(firstPageRequests).toHaveLength(1);

  // A change refetches the whole list, not the first page, and the table stays on screen.
  await page.getByLabel('Search').fill(nameOf(1));
  const refetched = page.waitForResponse(
    (response) => isWholeList(response.request()) && response.ok(),
  );
  await page.getByRole('button', { name: `Deactivate ${nameOf(1)}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await refetched;
  await expect(page.getByRole('button', { name: `Activate ${nameOf(1)}` })).toBeVisible();
  await expect(page.getByText('Loading students...')).toHaveCount(0);
  await expect(progress).toHaveCount(0);
  expect(firstPageRequests).toHaveLength(1);
});
