/**
 * The browser tests' `test` and `expect`: Playwright's, with one addition. A test that opens
 * browsers of its own (`browser.newContext()`, for a second person or a clean profile) has them
 * closed when it ends, as Playwright closes the `page` fixture's. Left open, every page of every
 * earlier test in the lane kept its live reads, session heartbeat and timers running, spending the
 * CPU the running test needed, for the rest of the lane.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

export const test = base.extend<{ ownBrowsersClosed: void }>({
  ownBrowsersClosed: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
