/**
 * A coordinator's review day: new applications are visible as awaiting review; one is opened,
 * its whole application read, a private note added and the application approved from its page;
 * another is declined with a reason; both are found under the right filter and in the history,
 * and the list is exported to CSV. axe checks the new screens at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import Papa from 'papaparse';
import { call, confirmApplicant, ownClient } from '../tests/support/api';
import { studentApplication } from '../tests/factories';
import {
  ADMIN_STATE,
  expectNoAxeViolations,
  SHARED_ADMIN,
  openDashboard,
  showActivity,
  resetFirestore,
  unique,
} from './support';

test.beforeAll(resetFirestore);
test.use({ storageState: ADMIN_STATE });
// The 375 px check looks at what the review day left behind.
test.describe.configure({ mode: 'serial' });

const run = unique();
const names = { declined: `Dana Declined ${run}`, approved: `Avery Approved ${run}` };

test.beforeAll(async () => {
  for (const fullName of Object.values(names)) {
    const application = { ...studentApplication(), fullName };
    const res = await call('POST', '/api/student-registration', {
      headers: ownClient(),
      body: application,
    });
    expect(res.status).toBe(201);
    // Coordinators see an application once its address is confirmed (the e-mailed link).
    await confirmApplicant(application.emailAddress);
  }
});

const row = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Students' }).getByRole('row').filter({ hasText: name });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(text);

test("a coordinator's review day", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId('stat-awaitingReview')).toContainText('2');
  await page.getByRole('button', { name: 'Awaiting review' }).click();
  for (const name of Object.values(names)) {
    await expect(row(page, name).getByText('Awaiting review', { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'awaiting review at 1280 px');

  // Open one: the whole application, in the wizard's sections and labels.
  await row(page, names.approved).getByRole('link', { name: names.approved, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/students\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: names.approved })).toBeVisible();
  await expect(page.getByText('Awaiting review', { exact: true })).toBeVisible();
  const application = page.getByRole('region', { name: 'Application' });
  for (const section of [
    'Personal Information',
    'Nomination & Academic Details',
    'Preferences & Consent',
  ]) {
    await expect(application.getByRole('heading', { name: section })).toBeVisible();
  }
  // Each answer is the definition that follows its label (the wizard's label, word for word).
  const answer = (label: string) =>
    application
      .getByRole('term')
      .filter({ hasText: label })
      .locator('xpath=following-sibling::dd[1]');
  await expect(answer('University Name')).toContainText('University of Toronto');
  await expect(answer('Preferred Disciplines')).toContainText('Computer Science, Data Science');
  await expect(answer('Nominated By')).toContainText('Not answered');
  await expect(answer('I agree to the 4-month mentorship commitment')).toContainText('Yes');
  await expect(application.getByRole('link', { name: /linkedin\.com\/in\/ana-/ })).toBeVisible();

  // A private note: an empty one is refused on the field; a real one shows with its author.
  const notes = page.getByRole('region', { name: 'Private notes' });
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Write the note first.')).toBeVisible();
  await notes.getByRole('textbox', { name: /New note/ }).fill('Screening call: clear goals.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  const note = notes.getByRole('listitem').first();
  await expect(note).toContainText('Screening call: clear goals.');
  await expect(note).toContainText(SHARED_ADMIN.email);
  await expect(notes.getByRole('textbox', { name: /New note/ })).toHaveValue('');
  await expectNoAxeViolations(page, "the person's page at 1280 px");

  // Approve from the person's page: the badge and the history follow.
  await page.getByRole('button', { name: `Approve ${names.approved}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, `${names.approved} is approved and active.`)).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const history = page.getByRole('list', { name: 'History, newest first' });
  await expect(history.getByRole('listitem').first()).toContainText('Approved');
  await expect(history.getByRole('listitem').first()).toContainText(SHARED_ADMIN.email);
  await expect(history.getByRole('listitem').last()).toContainText('Applied through the website');

  await page.getByRole('link', { name: '← Back to Dashboard' }).click();
  await page.getByRole('button', { name: 'Awaiting review' }).click();

  // Decline: the reason is required, then sent.
  await page.getByRole('button', { name: `Decline ${names.declined}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(
    dialog.getByText('Give the reason for declining; the applicant will read it.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'decline dialog with its error');
  await dialog
    .getByRole('textbox', { name: /Reason/ })
    .fill('This cohort is for final-year students.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, `${names.declined}'s application is declined.`)).toBeVisible();

  await expect(row(page, names.declined)).toHaveCount(0);

  // Each in the right filter, told apart by its badge.
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  await expect(row(page, names.declined).getByText('Declined', { exact: true })).toBeVisible();
  await expect(row(page, names.approved)).toHaveCount(0);
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(row(page, names.approved).getByText('Active', { exact: true })).toBeVisible();

  // Export what the Active filter shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV of the 1 students shown' }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  // BOM, then records each ended by CRLF (the last one too): the heading and the one student.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(1, -2), { newline: '\r\n' });
  expect(parsed.data).toHaveLength(2);
  expect(parsed.data[1]?.[0]).toBe(names.approved);
  expect(parsed.data[1]).toContain('Active');

  // Both decisions in the history, newest first (the approval came first).
  await showActivity(page);
  const activity = page.getByRole('table', { name: 'Activity, newest first' });
  await expect(activity.getByRole('row').nth(1)).toContainText('Declined');
  await expect(activity.getByRole('row').nth(1)).toContainText(names.declined);
  await expect(activity.getByRole('row').nth(1)).toContainText(
    'This cohort is for final-year students.',
  );
  await expect(activity.getByRole('row').nth(2)).toContainText('Approved');
  await expect(activity.getByRole('row').nth(2)).toContainText(names.approved);
  await expectNoAxeViolations(page, 'activity at 1280 px');
});

test('the review screens pass axe at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openDashboard(page);
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  await expect(page.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'inactive with a declined row at 375 px');
  await showActivity(page);
  await expect(page.getByRole('table', { name: 'Activity, newest first' })).toBeVisible();
  await expectNoAxeViolations(page, 'activity at 375 px');

  await page.getByRole('tab', { name: 'Students' }).click();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await page.getByRole('link', { name: names.approved, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.approved })).toBeVisible();
  await expect(page.getByText('Screening call: clear goals.')).toBeVisible();
  await expectNoAxeViolations(page, "the person's page at 375 px");
});
