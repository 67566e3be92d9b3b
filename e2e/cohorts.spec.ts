/**
 * Cohorts as records in the browser: a coordinator creates a cohort on the Cohorts
 * page (contradictory dates refused on their fields first); the student wizard names it and its
 * closing day; once its close date has passed (the test edits the dates, nothing waits and no
 * request chooses the server's clock) the wizard says applications are closed and a submitted
 * application is refused with the next opening. Axe on the Cohorts page at 375 and 1280 px.
 *
 * Every other cohort is moved out of its window for the test and put back afterwards, so the
 * specs after this one apply in the founding cohort as before (the browser suite runs serially).
 */
import { expect, test, type Page } from './fixtures';
import {
  COHORT_MESSAGES,
  COHORTS_COLLECTION,
  COHORT_NOTICE,
  OPENING_ALERT_MESSAGES,
  formatDay,
  isoDayOf,
} from '@mentorship/domain';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import { ADMIN_STATE, expectNoAxeViolations, requiredEnv, resetFirestore, unique } from './support';
import { answerStudentWizard } from './wizards';

test.beforeAll(resetFirestore);

const db = () =>
  getFirestore(getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') }));

const day = (offset: number) => isoDayOf(new Date(Date.now() + offset * 86_400_000));

const saved = new Map<string, DocumentData>();
test.beforeAll(async () => {
  // No window open but the one this test makes: the others are parked in 2020 and restored.
  const all = await db().collection(COHORTS_COLLECTION).get();
  for (const doc of all.docs) {
    saved.set(doc.id, doc.data());
    await doc.ref.update({
      applicationsOpen: '2020-01-01',
      applicationsClose: '2020-01-31',
      matchingDoneBy: '2020-02-14',
      programStart: '2020-02-15',
      programEnd: '2020-06-14',
    });
  }
});
test.afterAll(async () => {
  for (const [id, data] of saved) await db().collection(COHORTS_COLLECTION).doc(id).set(data);
});

test.use({ storageState: ADMIN_STATE });

async function fillCohort(page: Page, dates: Record<string, string>) {
  for (const [label, value] of Object.entries(dates)) await page.getByLabel(label).fill(value);
}

/** Fills the Cohorts page's new-cohort form (its year: the opening day's) and presses Create. */
async function createCohort(
  page: Page,
  name: string,
  term: string,
  dates: { 'Applications open': string } & Record<string, string>,
) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Term').selectOption(term);
  await page.getByLabel('Year').fill(dates['Applications open'].slice(0, 4));
  await fillCohort(page, dates);
  await page.getByRole('button', { name: 'Create cohort' }).click();
}

async function submitStudent(page: Page, email: string) {
  await page.goto('/register-student');
  await answerStudentWizard(page, {
    details: {
      'Full Name': 'Cleo Closed',
      'Email Address': email,
      'LinkedIn Profile URL': 'https://www.linkedin.com/in/cleo-closed',
      'Phone Number': '+1 555 0199',
      'University Name': 'State University',
      'Academic Program': 'BSc Physics',
      'Year of Study': '2nd Year Undergraduate',
    },
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

test('a coordinator creates a cohort; the wizard names its deadline and refuses after it', async ({
  page,
}) => {
  const name = `Spring ${unique()}`.slice(0, 30);
  await page.goto('/register-student');
  const notice = page.locator('[data-cohort-notice]');
  await expect(notice).toHaveText(COHORT_NOTICE.closed(null));
  // While none is open, the wizard takes an address to tell when one opens (with consent).
  await page.keyboard.press('Tab'); // the app takes the page over on the first key
  const alertForm = page.getByRole('form', { name: 'Tell me when applications open' });
  await alertForm.getByLabel('Your e-mail address').fill(`waiting-${unique()}@example.org`);
  await alertForm.getByRole('button', { name: 'Tell me when applications open' }).click();
  await expect(alertForm.getByText(OPENING_ALERT_MESSAGES.consent)).toBeVisible();
  const consent = alertForm.getByRole('checkbox', { name: /E-mail me once/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await alertForm.getByRole('button', { name: 'Tell me when applications open' }).click();
  await expect(alertForm.getByRole('status')).toHaveText(OPENING_ALERT_MESSAGES.saved);
  await expectNoAxeViolations(page, 'student wizard while applications are closed');

  await page.goto('/admin/cohorts');
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();
  // Matching done before applications close: refused on its field, nothing created.
  await createCohort(page, name, 'spring', {
    'Applications open': day(0),
    'Applications close': day(10),
    'Matching done by': day(5),
    'Program start': day(25),
  });
  await expect(page.getByText(COHORT_MESSAGES.matchingNotAfterClose)).toBeVisible();
  await expect(page.getByLabel('Matching done by')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('cohort-row').filter({ hasText: name })).toHaveCount(0);
  await expectNoAxeViolations(page, 'cohorts form with an error');

  await fillCohort(page, { 'Matching done by': day(20) });
  await page.getByRole('button', { name: 'Create cohort' }).click();
  const row = page.getByTestId('cohort-row').filter({ hasText: name });
  await expect(row).toContainText('Applications open');
  await expect(row).toContainText(`${formatDay(day(0))} to ${formatDay(day(10))}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `cohorts page at ${width} px`);
  }

  // The wizard names the cohort and its closing day (from the record, no redeploy).
  await page.goto('/register-student');
  await expect(notice).toHaveText(
    `You are applying to the ${name} cohort. Applications close on ${formatDay(day(10))}.`,
  );

  // Its close date passes: the coordinator edits the dates (as time would move them).
  await page.goto('/admin/cohorts');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await fillCohort(page, {
    'Applications open': day(-20),
    'Applications close': day(-1),
    'Matching done by': day(5),
  });
  await page.getByRole('button', { name: 'Save cohort' }).click();
  await expect(row).toContainText('Matching');

  // And a next cohort is announced: the refusal names it.
  const nextName = `Fall ${unique()}`.slice(0, 30);
  await createCohort(page, nextName, 'fall', {
    'Applications open': day(60),
    'Applications close': day(80),
    'Matching done by': day(90),
    'Program start': day(95),
  });
  await expect(page.getByTestId('cohort-row').filter({ hasText: nextName })).toContainText(
    'Upcoming',
  );

  const email = `closed-${unique()}@example.org`;
  await submitStudent(page, email);
  const refusal = COHORT_MESSAGES.closed({ name: nextName, applicationsOpen: day(60) });
  await expect(page.getByText(refusal).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application submitted!' })).toHaveCount(0);
  await expect(notice).toHaveText(
    COHORT_NOTICE.closed({
      id: 'x',
      name: nextName,
      applicationsOpen: day(60),
      programStart: day(95),
    }),
  );
  // Nothing was stored.
  const stored = await db().collection('students').where('emailAddress', '==', email).get();
  expect(stored.size).toBe(0);
});
