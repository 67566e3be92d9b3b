/**
 * A bulk action on a whole cohort of 600 pairs says how far the server has got, from the
 * server's own count (`workProgress/{id}`): the selection goes in two calls (500, then 100), and
 * between them the dialog reads "Deleting pairs: 500 of 600", a figure only the server's count
 * knows. Each call is held back in the browser until the state before it has been seen, so the
 * order is checked, not raced: none of 600, then 500 of 600, then the toast.
 */
import { expect, test, type Page } from './fixtures';
import { isoDayOf } from '@mentorship/domain';
import { firestore } from '../tests/support/api';
import { tsImport } from 'tsx/esm/api';
import { ADMIN_STATE, expectNoAxeViolations, resetFirestore } from './support';

test.use({ storageState: ADMIN_STATE });

const PAIRS = 600;
/** The cohort, its people, their rows and the pairs: none of the months' records. */
const KEPT = /^(cohorts|students|mentors|applicationLocks|pairs)\//;

/** The demo's program at a size (scripts/lib/demo-scale.ts), loaded as the functions' code is. */
const demoScale = async () =>
  (await tsImport(
    '../scripts/lib/demo-scale.ts',
    import.meta.url,
  )) as typeof import('../scripts/lib/demo-scale');
const SCALE_COHORT_ID = 'scale-demo';

test.beforeAll(async () => {
  await resetFirestore();
  const { scalePlan } = await demoScale();
  const { writes } = scalePlan({ pairs: PAIRS, applicants: 900 }, isoDayOf(new Date()));
  const db = firestore();
  const paths = [...writes.keys()].filter((path) => KEPT.test(path));
  for (let i = 0; i < paths.length; i += 400) {
    const batch = db.batch();
    for (const path of paths.slice(i, i + 400)) {
      batch.set(db.doc(path), writes.get(path) as Record<string, unknown>);
    }
    await batch.commit();
  }
});

const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true });

/** Holds each bulk-delete call until `release(n)` lets the n-th one go. */
async function holdBulkDeletes(page: Page) {
  const gates: (() => void)[] = [];
  const opened: Promise<void>[] = [0, 1, 2].map(
    (i) => new Promise<void>((resolve) => (gates[i] = resolve)),
  );
  let calls = 0;
  await page.route('**/api/admin/assignments/bulk-delete', async (route) => {
    const n = calls++;
    await opened[n];
    await route.continue();
  });
  return { release: (n: number) => gates[n]?.(), calls: () => calls };
}

test(`a bulk delete of ${PAIRS} pairs shows the server's count between its calls`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  const held = await holdBulkDeletes(page);
  await page.goto(`/admin/dashboard?cohort=${SCALE_COHORT_ID}`);
  await page.getByRole('tab', { name: `Assignments (${PAIRS})` }).click();
  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  await page.getByText(`Select all (${PAIRS})`).click();
  await expect(page.getByText(`${PAIRS} selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to delete these ${PAIRS} pairs?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();

  // Before the server has counted anything: none of the selection.
  await expect(
    dialog.getByRole('progressbar', { name: `Deleting pairs: 0 of ${PAIRS}` }),
  ).toBeVisible();
  expect(held.calls()).toBe(1);
  held.release(0);

  // The first call (500 pairs) is done and the second is held: the server's count says so.
  const between = dialog.getByRole('progressbar', { name: `Deleting pairs: 500 of ${PAIRS}` });
  await expect(between).toBeVisible();
  await expect(between).toHaveAttribute('aria-valuenow', '500');
  await expect(dialog.getByText(`Deleting pairs: 500 of ${PAIRS}`)).toBeVisible();
  await expect.poll(held.calls).toBe(2);
  await expect(toast(page, 'Deleted Successfully')).toHaveCount(0);
  await expectNoAxeViolations(page, 'a bulk delete under way');
  held.release(1);

  await expect(toast(page, 'Deleted Successfully')).toBeVisible();
  await expect(page.getByText(`Deleted ${PAIRS} pairs.`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assignments (0)' })).toBeVisible();
  const left = await firestore()
    .collection('pairs')
    .where('cohortId', '==', SCALE_COHORT_ID)
    .count()
    .get();
  expect(left.data().count).toBe(0);
});
