/**
 * The passkey screens with the keyboard alone, at 1280 and 375 px: the second step of a sign-in
 * (creating the first passkey), a second device's passkey on Your account, and another
 * coordinator's Reset passkeys dialog on the Team page (Escape keeps everything and gives focus
 * back; the confirmation resets). After every focus move the focused element is on screen and
 * not under a toast or a dialog it is not in (e2e/keyboard.ts).
 */
import { expect, test, type Page } from './fixtures';
import { SESSION_MESSAGES } from '@mentorship/domain';
import { expectFocusVisible, press, tabTo } from './keyboard';
import {
  enrolmentCodeFor,
  freshCoordinator,
  localUrl,
  NEW_COORDINATOR_PASSWORD,
  virtualAuthenticator,
} from './passkeys';

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(text);

for (const width of [1280, 375]) {
  test(`the passkey screens by keyboard at ${width} px`, async ({ browser }) => {
    const email = await freshCoordinator();
    const lost = await freshCoordinator();
    const context = await browser.newContext({
      baseURL: localUrl('/'),
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    const laptop = await virtualAuthenticator(page);

    // The sign-in, typed: the password form, then the passkey step.
    await page.goto('/admin/login');
    await tabTo(page, 'Email', 'sign-in');
    await page.keyboard.type(email);
    await press(page, 'Tab', 'to the password');
    await page.keyboard.type(NEW_COORDINATOR_PASSWORD);
    await page.keyboard.press('Enter');
    // Each new screen takes the focus on its heading: the keyboard's place is never a removed
    // form (the focus on <body>), however long the sign-in takes.
    const passkeyStep = page.getByRole('heading', { name: 'Add a passkey' });
    await expect(passkeyStep).toBeFocused();
    await expectFocusVisible(page, 'after signing in');
    if (process.env.E2E_SCREENSHOTS === '1') {
      // For a person's eyes (`npm test -- --screenshots`): what the keyboard user sees here.
      await page.screenshot({ path: test.info().outputPath(`passkey-step-focused-${width}.png`) });
    }
    // The enrolment code their invitation or reset gave them, typed, then the passkey.
    await tabTo(page, 'Enrolment code', 'passkey step');
    await page.keyboard.type(enrolmentCodeFor(email));
    await press(page, 'Tab', 'to the passkey button');
    await expect(page.getByRole('button', { name: 'Create a passkey' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeFocused();
    expect(await laptop.credentials()).toHaveLength(1);

    // A second device's passkey, from Your account.
    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    // A fresh answer from the passkey they have first, then the new device.
    await tabTo(page, "Confirm it's you", 'account page');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Confirmed with your passkey until' }),
    ).toBeVisible();
    await laptop.remove();
    const key = await virtualAuthenticator(page);
    await tabTo(page, 'Add a passkey on this device', 'account page');
    await page.keyboard.press('Enter');
    // The button was disabled while the passkey was asked for: the focus is on the outcome.
    await expect(
      page.getByRole('status').filter({ hasText: SESSION_MESSAGES.added }),
    ).toBeFocused();
    expect(await key.credentials()).toHaveLength(1);
    await expectFocusVisible(page, 'after adding a passkey');

    // Another coordinator's passkeys: the dialog opens on its safe choice; Escape keeps them.
    await page.goto('/admin/team');
    const reset = page.getByRole('button', { name: `Reset passkeys of ${lost}` });
    await expect(reset).toBeVisible();
    // The focus walk names an element by its first 40 characters (keyboard.ts).
    await tabTo(page, `Reset passkeys of ${lost}`.slice(0, 40), 'team page');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Reset Passkeys' });
    await expect(dialog).toContainText(lost);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectFocusVisible(page, 'the dialog open');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(reset).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await press(page, 'Tab', 'to the confirmation');
    await expect(dialog.getByRole('button', { name: 'Reset passkeys' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, SESSION_MESSAGES.passkeysReset(lost))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The focus is on the enrolment code to hand over, clear of the toast.
    await expect(page.getByText(`Enrolment code for ${lost}`)).toBeFocused();
    await expectFocusVisible(page, 'after the reset');
  });
}
