/**
 * The coordinator team in the browser: the last coordinator's Remove is refused; an invitation
 * accepted from the local inbox signs the new coordinator in; removing them while their
 * dashboard is open stops their lists and signs them out with the reason; a forgotten password
 * reset from the inbox, through the server's password policy; a password changed on the account
 * page, likewise; every sign-in confirmed with a passkey (created right after joining); a pending invitation cancelled
 * from the keyboard, after which its link does nothing. Axe on every new screen at 375
 * and 1280 px.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { TEAM_MESSAGES, teamPaths, type ApiErrorBody } from '@mentorship/domain';
import { linkIn, waitForMail } from '../tests/support/inbox';
import { pathOf } from './inbox';
import {
  ADMIN_STATE,
  adminAuth,
  axeAtBothWidths,
  emulatorIdToken,
  openDashboard,
  showActivity,
  requiredEnv,
  resetFirestore,
  SHARED_ADMIN,
  sharedCoordinatorToken,
  unique,
} from './support';
import {
  coordinatorWithCode,
  createPasskey,
  enrolmentCodeFor,
  localUrl,
  submitPassword,
  virtualAuthenticator,
} from './passkeys';

test.beforeAll(resetFirestore);

/**
 * A coordinator of this test only (claim, document and an enrolment code, as admin:grant makes
 * one), so the shared one's password stays.
 */
async function freshCoordinator(password: string): Promise<string> {
  const email = `coordinator-${unique()}@e2e.example.org`;
  await coordinatorWithCode(email, password);
  return email;
}

/**
 * Password, then the passkey (created at the first sign-in, with the account's enrolment code),
 * until the dashboard shows.
 */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await submitPassword(page, { email, password });
  await expect(page).toHaveURL(/\/admin\/verify$/);
  const first = page.getByRole('button', { name: 'Create a passkey' });
  const again = page.getByRole('button', { name: 'Use my passkey' });
  await expect(first.or(again)).toBeVisible();
  if (await first.isVisible()) await createPasskey(page, enrolmentCodeFor(email));
  else await again.click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/**
 * The shared coordinator's signed-in page, or a signed-out one on the localhost origin with a
 * device of its own (a virtual authenticator): where a passkey can be created (passkeys.ts).
 */
const newPage = async (browser: Browser, signedIn: boolean) => {
  if (signedIn) return (await browser.newContext({ storageState: ADMIN_STATE })).newPage();
  const page = await (await browser.newContext({ baseURL: localUrl('/') })).newPage();
  await virtualAuthenticator(page);
  return page;
};

test("the last coordinator's Remove is disabled, explained and refused by the server", async ({
  browser,
}) => {
  const page = await newPage(browser, true);
  await page.goto('/admin/team');
  await expect(page.getByRole('heading', { name: 'Coordinator team' })).toBeVisible();
  await expect(page).toHaveTitle(/^Coordinator team/);
  const rows = page.getByTestId('team-member');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(SHARED_ADMIN.email);
  const remove = page.getByRole('button', { name: `Remove ${SHARED_ADMIN.email}` });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/last coordinator cannot be removed/);
  // The header says who is signed in.
  await expect(page.getByTestId('signed-in-as')).toContainText(SHARED_ADMIN.email);
  await axeAtBothWidths(page, 'team page');

  // The server refuses too, whatever the page shows.
  const uid = (await adminAuth().getUserByEmail(SHARED_ADMIN.email)).uid;
  const token = await sharedCoordinatorToken();
  const res = await fetch(`${requiredEnv('E2E_BASE_URL')}${teamPaths.member(uid)}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(409);
  expect(((await res.json()) as ApiErrorBody).error.message).toBe(TEAM_MESSAGES.lastCoordinator);
});

test('invite, accept from the inbox, sign in; removed while the dashboard is open: signed out with the reason', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const invitee = `invitee-${unique()}@e2e.example.org`;
  const admin = await newPage(browser, true);
  await admin.goto('/admin/team');
  await admin.getByLabel('E-mail address').fill('not-an-address');
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText('Enter a valid email address')).toBeVisible();
  await admin.getByLabel('E-mail address').fill(invitee);
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    admin
      .getByRole('form', { name: 'Invite a coordinator' })
      .getByRole('status')
      .filter({ hasText: TEAM_MESSAGES.invited(invitee) }),
  ).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Pending invitations' })).toContainText(invitee);

  // The invitee's own browser, from the e-mail.
  const mail = await waitForMail(invitee, /invited to coordinate/);
  const link = linkIn(mail, '/admin/accept-invitation');
  const newcomer = await newPage(browser, false);
  await newcomer.goto(pathOf(link));
  await expect(newcomer.getByRole('heading', { name: 'Join the coordinators' })).toBeVisible();
  await axeAtBothWidths(newcomer, 'invitation page');
  await newcomer.getByLabel(/^New password/).fill('invited-password-1');
  await newcomer.getByLabel('Type the new password again').fill('invited-password-2');
  await newcomer.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(newcomer.getByText('The two passwords differ.')).toBeVisible();
  await newcomer.getByLabel('Type the new password again').fill('invited-password-1');
  await newcomer.getByRole('button', { name: 'Join and sign in' }).click();
  // Right after joining: their passkey, before anything opens.
  await expect(newcomer.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
  await newcomer.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(newcomer.getByTestId('signed-in-as')).toContainText(invitee);
  await expect(newcomer.getByText('Total Students', { exact: true })).toBeVisible();

  // Removed by the other coordinator while that dashboard is open.
  await admin.reload();
  const row = admin.getByTestId('team-member').filter({ hasText: invitee });
  await expect(row).toContainText(SHARED_ADMIN.email); // added by
  await admin.getByRole('button', { name: `Remove ${invitee}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByTestId('team-member').filter({ hasText: invitee })).toHaveCount(0);

  // Within seconds (the default expect timeout): signed out, with the reason.
  await expect(newcomer).toHaveURL(/\/admin\/login$/);
  await expect(newcomer.getByRole('alert')).toContainText('your coordinator access was removed');
  await expect(newcomer.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  // Signing in again is refused: the claim is gone.
  await newcomer.getByLabel('Email').fill(invitee);
  await newcomer.getByLabel('Password').fill('invited-password-1');
  await newcomer.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    newcomer.getByText('You have been signed out. Sign in with an administrator account.'),
  ).toBeVisible();

  // The history names both changes.
  await openDashboard(admin);
  await showActivity(admin);
  await expect(
    admin.getByRole('row', { name: new RegExp(`Coordinator removed.*${invitee}`) }),
  ).toBeVisible();
});

test('a pending invitation is cancelled from the keyboard: confirmed, toasted, its link dead', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const invitee = `cancelled-${unique()}@e2e.example.org`;
  const admin = await newPage(browser, true);
  await admin.goto('/admin/team');
  await admin.getByLabel('E-mail address').fill(invitee);
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  const pending = admin.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(invitee);
  const mail = await waitForMail(invitee, /invited to coordinate/);

  // Keyboard only: focus the row's button, open the dialog; the safe choice has focus.
  const cancel = admin.getByRole('button', { name: `Cancel the invitation to ${invitee}` });
  await cancel.focus();
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('alertdialog', { name: 'Cancel Invitation' });
  await expect(dialog).toContainText(`Cancel the invitation to ${invitee}?`);
  await expect(dialog.getByRole('button', { name: 'Keep invitation' })).toBeFocused();
  await axeAtBothWidths(admin, 'cancel invitation dialog');
  // Escape keeps it, and focus returns to the button.
  await admin.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(pending).toContainText(invitee);

  await admin.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Keep invitation' })).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel invitation' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(
    admin
      .getByRole('region', { name: /notifications/i })
      .getByText(TEAM_MESSAGES.invitationCancelled(invitee)),
  ).toBeVisible();
  await expect(admin.getByTestId('pending-invitation').filter({ hasText: invitee })).toHaveCount(0);
  // Focus is not lost with the removed row: it is on the section's heading.
  await expect(
    admin.locator('#pending-invitations-heading, #invite-heading').and(admin.locator(':focus')),
  ).toHaveCount(1);

  // The invitee's link now does nothing but say so.
  const newcomer = await newPage(browser, false);
  await newcomer.goto(pathOf(linkIn(mail, '/admin/accept-invitation')));
  await newcomer.getByLabel(/^New password/).fill('cancelled-password-1');
  await newcomer.getByLabel('Type the new password again').fill('cancelled-password-1');
  await newcomer.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(newcomer.getByRole('alert')).toContainText(TEAM_MESSAGES.invitationInvalid);
  await expect(adminAuth().getUserByEmail(invitee)).rejects.toThrow();

  // The history names the cancellation.
  await openDashboard(admin);
  await showActivity(admin);
  await expect(
    admin.getByRole('row', { name: new RegExp(`Invitation cancelled.*${invitee}`) }),
  ).toBeVisible();
});

test('a forgotten password is reset from the inbox, and the new one works', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = await freshCoordinator('forgotten-password-1');
  const page = await newPage(browser, false);
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await axeAtBothWidths(page, 'forgot password page');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(TEAM_MESSAGES.passwordResetSent);

  const mail = await waitForMail(email, /new password/);
  await page.goto(pathOf(linkIn(mail, '/admin/reset-password')));
  await expect(page.getByText(`Account: ${email}`)).toBeVisible();
  await axeAtBothWidths(page, 'reset password page');
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel('Type the new password again').fill('short');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(/at least 12 characters/)).toBeVisible();
  // Long enough, but the address itself: the server's policy refuses it, on the field.
  await page.getByLabel(/^New password/).fill(email);
  await page.getByLabel('Type the new password again').fill(email);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('does not contain your email address')).toBeVisible();
  await page.getByLabel(/^New password/).fill('remembered-password-2');
  await page.getByLabel('Type the new password again').fill('remembered-password-2');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await signIn(page, email, 'remembered-password-2');

  // The link was used: a second visit says so.
  await page.goto(pathOf(linkIn(mail, '/admin/reset-password')));
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test('a coordinator changes their own password on the account page', async ({ browser }) => {
  const email = await freshCoordinator('current-password-1');
  const page = await newPage(browser, false);
  await signIn(page, email, 'current-password-1');
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await axeAtBothWidths(page, 'account page');
  // The program's name: refused by the server's policy, on the field.
  await page.getByLabel(/^New password/).fill('Bridge Mentorship 2026');
  await page.getByLabel('Type the new password again').fill('Bridge Mentorship 2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("does not contain the program's name")).toBeVisible();
  await page.getByLabel(/^New password/).fill('changed-password-2');
  await page.getByLabel('Type the new password again').fill('changed-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  // Every session ends, this one too: sign in again with the new password.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(emulatorIdToken(email, 'current-password-1')).rejects.toThrow();
  expect(await emulatorIdToken(email, 'changed-password-2')).toBeTruthy();
});
