/**
 * Runs once before the browser specs: makes the shared coordinator (admin claim) in the Auth
 * emulator, signs in through the login page and saves the session for the admin specs.
 */
import { expect, test as setup } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ADMIN_STATE, requiredEnv, SHARED_ADMIN } from './support';

setup('the shared coordinator signs in once', async ({ page }) => {
  const app = getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') });
  const auth = getAuth(app);
  const user = await auth
    .getUserByEmail(SHARED_ADMIN.email)
    .catch(() => auth.createUser({ ...SHARED_ADMIN, emailVerified: true }));
  await auth.setCustomUserClaims(user.uid, { admin: true });

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(SHARED_ADMIN.email);
  await page.getByLabel('Password').fill(SHARED_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.context().storageState({ path: ADMIN_STATE, indexedDB: true });
});
