/**
 * Text that cannot disguise itself, in the browser (docs/security.md, of the same name):
 * the wizard refuses a name with a direction override and a disguised address on their fields;
 * a record stored before the strict e-mail syntax still cannot add a Cc through the person's
 * mailto link; a formula after a separator reaches the CSV neutralised.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import Papa from 'papaparse';
import { call, confirmApplicant, firestore, ownClient } from '../tests/support/api';
import { studentApplication } from '../tests/factories';
import { rowsPath } from '@mentorship/domain';
import {
  ADMIN_STATE,
  expectNoAxeViolations,
  openDashboard,
  resetFirestore,
  unique,
} from './support';

test.beforeAll(resetFirestore);

const HIDDEN_MESSAGE =
  'Full name must be one line, without control characters or hidden text-direction marks.';
const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com.';

test('the student wizard refuses a direction override and a disguised address on the fields', async ({
  page,
}) => {
  await page.goto('/register-student');
  await page.getByLabel('Full Name').fill('Evil\u202Egnp.exe Admin');
  await page.getByLabel('Email Address').fill('x?cc=attacker%40evil.test&x=a@example.com');
  await page.getByRole('button', { name: 'Continue to Nomination' }).click();
  await expect(page.getByText(HIDDEN_MESSAGE)).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'wizard with hostile-input errors');

  await page.getByLabel('Email Address').fill('dup..x@gmail.com');
  await page.getByLabel('Full Name').fill('Ada\nAdmin');
  await page.getByRole('button', { name: 'Continue to Nomination' }).click();
  await expect(page.getByText(EMAIL_MESSAGE)).toBeVisible();
  // A text input drops the line break itself: the name is then one line and accepted.
  await expect(page.getByText(HIDDEN_MESSAGE)).toHaveCount(0);
});

test.describe('stored text the admin area shows', () => {
  test.use({ storageState: ADMIN_STATE });

  const run = unique();
  const formulaName = `x;=1+1;y ${run}`;
  const hostileEmail = `x?cc=attacker%40evil.test&subject=Urgent&x=${run}@example.com`;

  test.beforeAll(async () => {
    // A name that is plain text to the schema but a formula to a `;` spreadsheet, and an address
    // from before the strict syntax (written straight into the record and its list row).
    const application = { ...studentApplication(), fullName: formulaName };
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: ownClient(),
      body: application,
    });
    expect(res.status).toBe(201);
    // Coordinators see it once the address is confirmed (the e-mailed link; list row made then).
    await confirmApplicant(application.emailAddress);
    const db = firestore();
    await db.collection('students').doc(res.body.id).update({ emailAddress: hostileEmail });
    const cohortId = ((await db.collection('students').doc(res.body.id).get()).get('cohortId') ??
      null) as string | null;
    await db
      .collection(rowsPath('student', cohortId))
      .doc(res.body.id)
      .update({ emailAddress: hostileEmail });
  });

  const row = (page: Page) =>
    page.getByRole('region', { name: 'Students' }).getByRole('row').filter({ hasText: run });

  test("the person's mailto link is encoded; the CSV neutralises the formula", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('button', { name: 'Awaiting review' }).click();
    await expect(row(page)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of the 1 students shown' }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8').slice(1);
    const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1]?.[0]).toBe(`x;'=1+1;y ${run}`);
    expect(parsed.data[1]?.[1]).toBe(hostileEmail);
    // Read as a `;`-separated file (the other locale), no cell starts a formula.
    const semicolons = Papa.parse<string[]>(csv, { newline: '\r\n', delimiter: ';' });
    for (const cell of semicolons.data.flat()) expect(cell).not.toMatch(/^\s*[=+@]/);

    await row(page).getByRole('link', { name: formulaName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: formulaName })).toBeVisible();
    const mailto = page.getByRole('link', { name: hostileEmail });
    const href = (await mailto.getAttribute('href')) as string;
    expect(href.startsWith('mailto:')).toBe(true);
    // No query part: the stored text cannot add a Cc or a subject.
    expect(href).not.toMatch(/[?&]/);
    expect(decodeURIComponent(href.slice('mailto:'.length))).toBe(hostileEmail);
  });
});
