/**
 * Undelivered e-mail in the browser: an applicant's confirmation is refused by the mail server
 * (the stack's relay answers 550 for the address); the coordinator sees the count on the
 * dashboard, opens Undelivered e-mail, sees who, which moment and why (never the message), the
 * applicant's page is marked, and "Send again" (once the address works) sends it. axe at 1280
 * and 375 px.
 */
import { expect, test } from './fixtures';
import { call, firestore, ownClient } from '../tests/support/api';
import { studentApplication } from '../tests/factories';
import { ADMIN_STATE, expectNoAxeViolations, openDashboard, requiredEnv } from './support';

test.use({ storageState: ADMIN_STATE });
test.describe.configure({ mode: 'serial' });

const relay = (path: string) =>
  fetch(`${requiredEnv('MAIL_CONTROL_URL')}/${path}`, { method: 'POST' });

const application = studentApplication();
let recordId: string;

test.beforeAll(async () => {
  expect(
    (await relay(`refuse?address=${encodeURIComponent(application.emailAddress)}`)).status,
  ).toBe(204);
  const res = await call<{ id: string }>('POST', '/api/student-registration', {
    headers: ownClient(),
    body: application,
  });
  expect(res.status).toBe(201);
  recordId = res.body.id;
  // The trigger's one attempt is refused for good.
  await expect
    .poll(
      async () =>
        (await firestore().collection('mail').where('subjectId', '==', recordId).get()).docs.map(
          (d) => d.get('delivery.state') as string,
        ),
      { timeout: 45_000 },
    )
    .toEqual(['ERROR']);
});
test.afterAll(async () => {
  await relay(`accept?address=${encodeURIComponent(application.emailAddress)}`);
});

test('a bounced confirmation: counted, listed, marked on the person page, sent again', async ({
  page,
}) => {
  await openDashboard(page);
  const count = page.getByTestId('undelivered-count');
  await expect(count).toContainText(/\d+ e-mails? not delivered/);
  await expectNoAxeViolations(page, 'dashboard with the undelivered count');
  await count.getByRole('link', { name: 'See undelivered e-mail' }).click();

  await expect(page.getByRole('heading', { name: 'Undelivered e-mail' })).toBeVisible();
  const row = page.getByTestId('undelivered-row').filter({ hasText: application.emailAddress });
  await expect(row).toContainText('Application received (confirmation link)');
  await expect(row).toContainText('Not delivered');
  await expect(row).toContainText('550');
  // Never the message itself.
  await expect(page.getByText('We received your application')).toHaveCount(0);
  await expectNoAxeViolations(page, 'undelivered e-mail');

  await row.getByRole('link', { name: 'this student' }).click();
  await expect(page.getByTestId('person-mail-notice')).toContainText(
    'An e-mail to this person was not delivered',
  );
  await expectNoAxeViolations(page, 'person page with the notice');

  await relay(`accept?address=${encodeURIComponent(application.emailAddress)}`);
  await page.goBack();
  await row.getByRole('button', { name: /^Send again/ }).click();
  // The emulator serves the api one request at a time: the POST may wait behind the person
  // page's requests (9 s seen on the shared machine).
  await expect(
    page.getByRole('region', { name: /notifications/i }).getByText('E-mail sent again'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
});

test('the undelivered e-mail page passes axe at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { name: 'Undelivered e-mail' })).toBeVisible();
  await expectNoAxeViolations(page, 'undelivered e-mail at 375 px');
});
