/**
 * axe on the states of the public pages that a visit has to open: an FAQ item, the menu drawer.
 * Each public page as it loads is checked by axe at 375 and 1280 px in validity.spec.ts, in the
 * same visit as the HTML checker and IBM's engine (one load for three checkers).
 */
import { expect, test, type Page } from './fixtures';
import { axeAtBothWidths, expectNoAxeViolations } from './support';

/**
 * Opens a page as a visitor sees it first: the prerendered HTML, before the React app loads (it
 * loads on the first interaction; the markup stays the same after hydration).
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

test('with an FAQ item open, at 375 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await visit(page, '/faq');
  const question = page.getByRole('button', { name: 'Does it cost anything?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/100% free for students and mentors/)).toBeVisible();
  await axeAtBothWidths(page, 'FAQ item open');
});

test.describe('axe with the drawer open', () => {
  test.use({ viewport: { width: 375, height: 900 } });

  for (const route of ['/', '/faq', '/privacy']) {
    test(`${route} with the menu open`, async ({ page }) => {
      await visit(page, route);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      // expectNoAxeViolations waits for the opening animation to finish: colours are final.
      await expectNoAxeViolations(page, `${route} drawer open`);
    });
  }
});
