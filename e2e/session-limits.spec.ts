/**
 * Sessions that end, as a coordinator meets them: the open admin area signs out after 30 minutes
 * without activity and 12 hours after the sign-in, and the sign-in page says why. The tabs of one
 * browser share one idle clock (activity in one keeps the other open), and an admin page opened
 * after the limit lands on the sign-in page before it reads anything. A session the server has
 * ended (idle there) signs out at the page's next request, with the same reason. Each test has a
 * session of its own (`ownSessionState`): signing out ends a session on the server.
 *
 * The page's clock is Playwright's (`context.clock`): time jumps forward in the page only; the
 * stack keeps real time.
 */
import { expect, test, type Page } from './fixtures';
import type { Request } from '@playwright/test';
import { SESSION_MESSAGES } from '@mentorship/domain';
import {
  createPasskey,
  enrolmentCodeFor,
  freshCoordinator,
  localUrl,
  NEW_COORDINATOR_PASSWORD,
  submitPassword,
  virtualAuthenticator,
} from './passkeys';
import {
  adminAuth,
  adminFirestore,
  axeAtBothWidths,
  openDashboard,
  ownSessionState,
} from './support';

const MINUTE = 60_000;

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Admin Dashboard' });

/** Whether any of the page's requests to the API is unanswered, or was answered under 500 ms ago. */
function apiRequestsOf(page: Page): { quiet: () => boolean } {
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const answered = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return { quiet: () => inFlight === 0 && Date.now() - lastChange >= 500 };
}

/** The sign-in page, saying why the coordinator was signed out. */
async function expectSignedOut(page: Page, reason: string) {
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('30 minutes without activity sign out every tab, with the reason; activity in either tab counts for both', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: await ownSessionState() });
  await context.clock.install();
  const working = await context.newPage();
  const background = await context.newPage();
  await openDashboard(working);
  await openDashboard(background);

  // 20 minutes on, the coordinator presses a key in one tab; 15 minutes later (35 after the
  // background tab's last activity) both tabs are still open.
  await working.clock.fastForward(20 * MINUTE);
  await working.bringToFront();
  await working.keyboard.press('Tab');
  await working.clock.fastForward(15 * MINUTE);
  // The tabs check every 15 s: run two checks, then give a sign-out time to show (none should).
  await background.clock.runFor(30_000);
  await background.waitForTimeout(1_000);
  await expect(dashboard(background)).toBeVisible();
  await expect(dashboard(working)).toBeVisible();

  // 31 minutes after that key press: both tabs are signed out and say why.
  await working.clock.fastForward(31 * MINUTE);
  await expectSignedOut(working, SESSION_MESSAGES.idle);
  await expectSignedOut(background, SESSION_MESSAGES.idle);
});

test("signed out in one tab: the other tab's sign-in page gives the same reason", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: await ownSessionState() });
  const one = await context.newPage();
  const other = await context.newPage();
  await openDashboard(one);
  await openDashboard(other);
  // Only the tab that signs out knows why; the other hears of it from Firebase.
  await one.getByRole('button', { name: 'Logout' }).click();
  await expectSignedOut(one, 'You have been signed out.');
  await expectSignedOut(other, 'You have been signed out.');
});

test('a laptop reopened after 45 minutes: the admin area opens on the sign-in page with the reason, having read nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: await ownSessionState() });
  await context.clock.install();
  const before = await context.newPage();
  await openDashboard(before);
  // The open page has started this session's idle clock (it does so once it has read its token).
  await expect
    .poll(() => before.evaluate(() => localStorage.getItem('admin.sessionActivity')))
    .not.toBeNull();
  await before.close();

  // The coordinator walked away; 45 minutes later someone opens the admin area in that browser.
  await context.clock.setSystemTime(Date.now() + 45 * MINUTE);
  const later = await context.newPage();
  const reads: string[] = [];
  later.on('request', (request) => {
    if (/Firestore\/Listen|\/api\/admin\//.test(request.url())) reads.push(request.url());
  });
  await later.goto('/admin/dashboard');
  await expectSignedOut(later, SESSION_MESSAGES.idle);
  await expect(dashboard(later)).toHaveCount(0);
  expect(reads).toEqual([]);
});

test('12 hours after the sign-in the open dashboard signs out, with the reason', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: await ownSessionState() });
  await context.clock.install();
  const page = await context.newPage();
  await openDashboard(page);
  await page.clock.fastForward(12 * 60 * MINUTE);
  await expectSignedOut(page, SESSION_MESSAGES.expired);
});

test('a session the server ended for idleness signs out at the next request, with the reason', async ({
  browser,
}) => {
  const email = await freshCoordinator();
  const page = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  const api = apiRequestsOf(page);
  await virtualAuthenticator(page);
  await page.goto('/admin/login');
  await submitPassword(page, { email, password: NEW_COORDINATOR_PASSWORD });
  await createPasskey(page, enrolmentCodeFor(email));
  await expect(dashboard(page)).toBeVisible();
  await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
  // The dashboard's own requests are all answered: the click below is the page's next request.
  // (One still on its way would be the one refused, and the click would find the page gone.)
  await expect.poll(api.quiet, { timeout: 30_000 }).toBe(true);

  // The server last heard from this session 31 minutes ago (a laptop that slept, say).
  const { uid } = await adminAuth().getUserByEmail(email);
  const records = await adminFirestore()
    .collection('coordinatorSessions')
    .where('uid', '==', uid)
    .get();
  expect(records.docs).toHaveLength(1);
  const record = records.docs[0]!.ref;
  await record.update({ lastActiveAt: new Date(Date.now() - 31 * MINUTE) });

  await page.getByRole('link', { name: 'Team' }).click();
  await expectSignedOut(page, SESSION_MESSAGES.idle);
  await axeAtBothWidths(page, 'sign-in page after an idle session', { screenshots: true });
  // The server ended it for good: that request deleted its record.
  expect((await record.get()).exists).toBe(false);
});
