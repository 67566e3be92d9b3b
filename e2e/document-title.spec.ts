import { expect, test } from './fixtures';

/**
 * A page the app renders from scratch (an unknown path's not-found page, the app.html shell of
 * the admin area) swaps the static <title> for the page's own. The document must have a title at
 * every moment of that swap: an assistive technology or a checker reading it mid-way (axe did,
 * once in CI) found none when the static title went before React had added its own.
 */
for (const path of ['/no-such-page', '/admin/login']) {
  test(`${path}: the document has a title at every moment of the app's first render`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __titleless: number; __titled: boolean };
      w.__titleless = 0;
      w.__titled = false;
      new MutationObserver(() => {
        const titles = document.head?.querySelectorAll('title').length ?? 0;
        if (titles > 0) w.__titled = true;
        else if (w.__titled) w.__titleless += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The app has rendered: its own title replaced the static one.
    await expect(page.locator('head title')).toHaveCount(1);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __titleless: number; __titled: boolean };
      return { titled: w.__titled, titleless: w.__titleless };
    });
    expect(seen).toEqual({ titled: true, titleless: 0 });
    await expect(page).toHaveTitle(/\S/);
  });
}
