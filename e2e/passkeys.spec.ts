/**
 * Passkeys in the browser, with Chromium's virtual authenticator (passkeys.ts): a new
 * coordinator creates one at their first sign-in and signs in with it; a password alone opens
 * nothing (the dashboard sends them back to the passkey step, the admin API answers 403 with its
 * reason, and Firestore refuses the dashboard's live lists); signing out ends the session on the
 * server (the tokens the browser held are refused by the API and Firestore at once); a second
 * device's passkey, added on the account page, signs in on its own, and the first one is then
 * removed there (the last one cannot be); a coordinator who lost
 * theirs is reset by another (who confirms it with their own passkey) from the Team page (in the
 * history) and creates a new one; a coordinator's e-mailed sign-in link is refused. Axe at 375
 * and 1280 px and the keyboard on the new screens.
 */
import { expect, test, type Page } from './fixtures';
import { apiPaths, SESSION_MESSAGES, type ApiErrorBody } from '@mentorship/domain';
import {
  passwordSession,
  refreshedIdToken,
  SoftwareAuthenticator,
  signInCoordinator,
} from '../tests/support/passkey';
import {
  createPasskey,
  enrolmentCodeFor,
  freshCoordinator,
  localUrl,
  NEW_COORDINATOR_PASSWORD,
  passwordOnlyLiveReads,
  submitPassword,
  tokensInBrowser,
  virtualAuthenticator,
} from './passkeys';
import { adminAuth, axeAtBothWidths, openDashboard, showActivity, requiredEnv } from './support';

test.describe.configure({ timeout: 120_000 });

const PASSWORD = NEW_COORDINATOR_PASSWORD;

/** Tabs forward until the button named `name` has focus (it must be reachable), then Enter. */
async function pressByKeyboard(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  for (let i = 0; i < 15 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Admin Dashboard' });

/** What the admin API and Firestore's rules answer a request made with `token`. */
async function withTokenOf(token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const api = await fetch(`${requiredEnv('E2E_BASE_URL')}${apiPaths.admin.stats}`, { headers });
  const firestore = await fetch(
    `http://${requiredEnv('FIRESTORE_EMULATOR_HOST')}/v1/projects/${requiredEnv('GCLOUD_PROJECT')}/databases/(default)/documents/students/none`,
    { headers },
  );
  return { api: api.status, firestore: firestore.status };
}

test('enrol at the first sign-in, sign in with the passkey, add a second device, remove the first; a password alone opens nothing', async ({
  browser,
}) => {
  const email = await freshCoordinator();
  const page = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  const laptop = await virtualAuthenticator(page);

  await page.goto('/admin/login');
  await submitPassword(page, { email, password: PASSWORD });
  await expect(page.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
  // Without the enrolment code the passkey is not made: the field says what is missing.
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  const code = page.getByLabel('Enrolment code');
  await expect(code).toHaveAccessibleDescription(new RegExp(SESSION_MESSAGES.enrolmentCodeNeeded));
  expect(await laptop.credentials()).toHaveLength(0);
  // A wrong code: the server's answer, on the field; still no passkey kept.
  await code.fill('ABCDE-FGHJK');
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(code).toHaveAccessibleDescription(new RegExp(SESSION_MESSAGES.enrolmentCodeWrong));
  await expect(dashboard(page)).toHaveCount(0);
  await code.fill(enrolmentCodeFor(email));
  await axeAtBothWidths(page, 'passkey creation', { screenshots: true });
  await pressByKeyboard(page, 'Create a passkey');
  await expect(dashboard(page)).toBeVisible();
  expect(await laptop.credentials()).toHaveLength(1);

  // A password alone, in another browser: the passkey step, never the dashboard...
  const other = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  await other.goto('/admin/login');
  await submitPassword(other, { email, password: PASSWORD });
  await expect(other.getByRole('heading', { name: 'Confirm with your passkey' })).toBeVisible();
  await axeAtBothWidths(other, 'passkey confirmation', { screenshots: true });
  await other.goto('/admin/dashboard');
  await expect(other).toHaveURL(/\/admin\/verify$/);
  await expect(dashboard(other)).toHaveCount(0);
  // ...and the API refuses such a session with its reason.
  const session = await passwordSession(
    requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
    email,
    PASSWORD,
  );
  const refused = await fetch(`${requiredEnv('E2E_BASE_URL')}${apiPaths.admin.stats}`, {
    headers: { Authorization: `Bearer ${session.idToken}` },
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as ApiErrorBody).error.message).toBe(
    SESSION_MESSAGES.factorRequired,
  );
  // ...and so do Firestore's rules, for the live lists the dashboard reads.
  expect(await passwordOnlyLiveReads(email, PASSWORD)).toEqual({
    pairs: 'permission-denied',
    studentRows: 'permission-denied',
    coordinators: 'permission-denied',
  });

  // Signed out and in again: password, then the passkey, from the keyboard. Signing out ends
  // the session on the server: the tokens the browser held open nothing from then on.
  const copied = await tokensInBrowser(page);
  expect(await withTokenOf(copied.idToken)).toEqual({ api: 200, firestore: 404 });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await withTokenOf(copied.idToken)).toEqual({ api: 401, firestore: 403 });
  const refreshed = await refreshedIdToken(
    requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
    copied.refreshToken,
  );
  expect(await withTokenOf(refreshed)).toEqual({ api: 401, firestore: 403 });
  await submitPassword(page, { email, password: PASSWORD });
  await expect(page.getByRole('heading', { name: 'Confirm with your passkey' })).toBeVisible();
  await pressByKeyboard(page, 'Use my passkey');
  await expect(dashboard(page)).toBeVisible();
  // Confirmed, the same live lists are served: the dashboard's lists arrive.
  await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();

  // A second device (a security key, say): added on the account page, it signs in on its own.
  await page.goto('/admin/account');
  // First a fresh answer from the passkey they have (a session alone adds none)...
  await page.getByRole('button', { name: "Confirm it's you" }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Confirmed with your passkey until' }),
  ).toBeVisible();
  // ...then the new device.
  await laptop.remove();
  const key = await virtualAuthenticator(page);
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(page.getByRole('status').filter({ hasText: SESSION_MESSAGES.added })).toBeVisible();
  expect(await key.credentials()).toHaveLength(1);
  await page.getByRole('button', { name: 'Logout' }).click();
  await submitPassword(page, { email, password: PASSWORD });
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(dashboard(page)).toBeVisible();

  // The laptop is gone for good: its passkey is removed on the account page, the key's kept.
  await page.goto('/admin/account');
  const passkeys = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(2);
  await expect(passkeys.filter({ hasText: 'confirmed this sign-in' })).toHaveCount(1);
  await axeAtBothWidths(page, 'your passkeys', { screenshots: true });
  const laptopsPasskey = passkeys.filter({ hasNotText: 'confirmed this sign-in' });
  await laptopsPasskey.getByRole('button', { name: /^Remove passkey/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText(SESSION_MESSAGES.passkeyRemoved)).toBeVisible();
  await expect(passkeys).toHaveCount(1);
  // The last one stays, and the page says why.
  await expect(passkeys.getByRole('button', { name: /^Remove passkey 1/ })).toBeDisabled();
  await expect(
    page.getByText('Your only passkey cannot be removed: add another one first.'),
  ).toBeVisible();
});

test('a coordinator who lost their passkey is reset by another, in the history, and creates a new one', async ({
  browser,
}) => {
  const email = await freshCoordinator();
  // Their first passkey, on a device they then lose.
  await signInCoordinator(
    {
      siteUrl: requiredEnv('E2E_BASE_URL'),
      authHost: requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
    },
    email,
    PASSWORD,
    new SoftwareAuthenticator(new URL(requiredEnv('E2E_BASE_URL')).origin),
    enrolmentCodeFor(email),
  );

  // Another coordinator, signed in with their own passkey on this browser: the reset asks it.
  const resetter = await freshCoordinator();
  const admin = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  await virtualAuthenticator(admin);
  await admin.goto('/admin/login');
  await submitPassword(admin, { email: resetter, password: PASSWORD });
  await createPasskey(admin, enrolmentCodeFor(resetter));
  await expect(dashboard(admin)).toBeVisible();
  await admin.goto('/admin/team');
  await admin.getByRole('button', { name: `Reset passkeys of ${email}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Reset Passkeys' });
  await expect(dialog).toContainText(email);
  await axeAtBothWidths(admin, 'passkey reset dialog', { screenshots: true });
  await dialog.getByRole('button', { name: 'Reset passkeys' }).click();
  await expect(
    admin
      .getByRole('region', { name: /notifications/i })
      .getByText(SESSION_MESSAGES.passkeysReset(email)),
  ).toBeVisible();
  // The code to hand over, shown to the coordinator who reset (once).
  const notice = admin.getByRole('status').filter({ hasText: `Enrolment code for ${email}` });
  await expect(notice).toBeVisible();
  await axeAtBothWidths(admin, 'enrolment code after a reset', { screenshots: true });
  const handedOver = (await notice.getByTestId('enrolment-code').textContent()) ?? '';
  expect(handedOver).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await notice.getByRole('button', { name: 'Done, I handed it over' }).click();
  await expect(notice).toHaveCount(0);
  await openDashboard(admin);
  await showActivity(admin);
  await expect(
    admin.getByRole('row', { name: new RegExp(`passkeys reset.*${email}`) }),
  ).toBeVisible();

  // Their new device: the next sign-in creates a new passkey.
  const page = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  await virtualAuthenticator(page);
  await page.goto('/admin/login');
  await submitPassword(page, { email, password: PASSWORD });
  await expect(page.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
  await createPasskey(page, handedOver);
  await expect(dashboard(page)).toBeVisible();
});

test("a coordinator's e-mailed sign-in link is refused, and the page says where coordinators sign in", async ({
  page,
}) => {
  const email = await freshCoordinator();
  // Anyone can have Firebase mail a sign-in link to any address; its holder opens it.
  const generated = new URL(
    await adminAuth().generateSignInWithEmailLink(email, {
      url: localUrl('/my-application/sign-in'),
      handleCodeInApp: true,
    }),
  );
  const link = new URL(localUrl('/my-application/sign-in'));
  for (const name of ['mode', 'oobCode', 'apiKey']) {
    link.searchParams.set(name, generated.searchParams.get(name) ?? '');
  }
  await page.goto(link.toString());
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(SESSION_MESSAGES.emailLinkRefused);
  await expect(page).toHaveURL(/\/my-application\/sign-in/);
});
