/**
 * Runs once before the browser specs: makes the shared coordinator (admin claim, coordinators
 * document and an enrolment code, as `npm run admin:grant` does) in the Auth emulator, signs in through the login page with a passkey
 * created there (Chromium's virtual authenticator, on the localhost origin a passkey needs:
 * passkeys.ts), and saves the confirmed session for the admin specs, under the site's own origin.
 * Nothing signs this coordinator in again: the specs share this one session.
 */
import { expect, test as setup } from './fixtures';
import { writeFileSync } from 'node:fs';
import {
  coordinatorWithCode,
  createPasskey,
  enrolmentCodeFor,
  localUrl,
  submitPassword,
  virtualAuthenticator,
} from './passkeys';
import { ADMIN_STATE, adminAuth, adminFirestore, requiredEnv, SHARED_ADMIN } from './support';

setup('the shared coordinator signs in once, with a passkey', async ({ page }) => {
  const uid = (
    await adminAuth()
      .getUserByEmail(SHARED_ADMIN.email)
      .catch(() => undefined)
  )?.uid;
  // A fresh start: no passkey left from an earlier run on the same stack.
  if (uid) await adminFirestore().collection('coordinatorSecrets').doc(uid).delete();
  await coordinatorWithCode(SHARED_ADMIN.email, SHARED_ADMIN.password);

  const authenticator = await virtualAuthenticator(page);
  await page.goto(localUrl('/admin/login'));
  await submitPassword(page, SHARED_ADMIN);
  await createPasskey(page, enrolmentCodeFor(SHARED_ADMIN.email));
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  expect(await authenticator.credentials()).toHaveLength(1);
  // The same session, under the site's origin (where the specs open it).
  const state = await page.context().storageState({ indexedDB: true });
  const local = new URL(localUrl('/')).origin;
  const site = new URL(requiredEnv('E2E_BASE_URL')).origin;
  // Without the idle clock this page started (web/src/features/admin/session-clock.ts): each
  // spec's first admin page starts its own, as a coordinator's first page after signing in does;
  // kept, a run longer than 30 minutes would find the shared session idle.
  state.origins = state.origins.map((o) =>
    o.origin === local
      ? {
          ...o,
          origin: site,
          localStorage: o.localStorage.filter((item) => item.name !== 'admin.sessionActivity'),
        }
      : o,
  );
  writeFileSync(ADMIN_STATE, JSON.stringify(state));
});
