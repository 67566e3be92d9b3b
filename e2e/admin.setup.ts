/**
 * Runs once before the browser specs: makes the shared coordinator (admin claim and
 * coordinators document) in the Auth emulator, signs in through the login page and saves the session for the admin specs.
 */
import { expect, test as setup } from '@playwright/test';
import { ensureCoordinatorDoc } from '../scripts/lib/admin';
import { ADMIN_STATE, adminAuth, SHARED_ADMIN } from './support';

setup('the shared coordinator signs in once', async ({ page }) => {
  const auth = adminAuth();
  const user = await auth
    .getUserByEmail(SHARED_ADMIN.email)
    .catch(() => auth.createUser({ ...SHARED_ADMIN, emailVerified: true }));
  await auth.setCustomUserClaims(user.uid, { admin: true });
  await ensureCoordinatorDoc(user.uid, SHARED_ADMIN.email);

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(SHARED_ADMIN.email);
  await page.getByLabel('Password').fill(SHARED_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.context().storageState({ path: ADMIN_STATE, indexedDB: true });
});
