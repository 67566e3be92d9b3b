/**
 * The coordinator's main tasks with the keyboard alone, at 1280 and 375 px: reviewing an
 * application from the dashboard (filter, open the person, approve in the dialog), adding a note
 * on the person's page, and Create Assignment. After every focus move the focused element is on
 * screen and not under a toast or a dialog it is not in (e2e/keyboard.ts).
 */
import { expect, test, type Page } from './fixtures';
import { TOASTS } from '@mentorship/domain';
import { call, confirmApplicant, ownClient, tokenFor } from '../tests/support/api';
import { studentApplication } from '../tests/factories';
import { createMentor, createStudent } from '../tests/support/seed';
import { expectFocusVisible, press, tabTo, tabUntil } from './keyboard';
import { ADMIN_STATE, openDashboard, settled, unique } from './support';

test.use({ storageState: ADMIN_STATE });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(text);

/** Chooses, with arrow keys, the option of the focused <select> whose text includes `text`. */
async function chooseOption(page: Page, text: string) {
  for (let i = 0; i < 60; i++) {
    const selected = await page.evaluate(
      () => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.textContent ?? '',
    );
    if (selected.includes(text)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option with "${text}"`);
}

for (const width of [1280, 375]) {
  test.describe(`admin by keyboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    const run = unique();
    const applicant = `Kim Board ${run}`;
    const student = `Sky Student ${run}`;
    const mentor = `Max Mentor ${run}`;

    test.beforeAll(async () => {
      const application = { ...studentApplication(), fullName: applicant };
      const res = await call('POST', '/api/student-registration', {
        headers: ownClient(),
        body: application,
      });
      expect(res.status).toBe(201);
      await confirmApplicant(application.emailAddress);
      const token = await tokenFor('admin');
      await createStudent(token, { fullName: student });
      await createMentor(token, { fullName: mentor });
    });

    test('review an application and add a note', async ({ page }) => {
      test.setTimeout(120_000);
      await openDashboard(page);
      await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
      await press(page, 'Tab', 'the first Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main')).toBeFocused();

      await tabTo(page, /<button> "Awaiting review"$/, 'dashboard');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Awaiting review' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await tabTo(page, `"${applicant}"`, 'dashboard rows');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: applicant })).toBeVisible();
      await expect(page).toHaveTitle(`${applicant} · Student · Bridge Mentorship admin`);

      // A private note, by keyboard.
      await tabTo(page, /New note/, "the person's page");
      await page.keyboard.type('Screening call by keyboard.');
      await tabTo(page, /<button> "Add note"$/, 'notes');
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('region', { name: 'Private notes' }).getByRole('listitem').first(),
      ).toContainText('Screening call by keyboard.');
      // Focus goes back to the emptied field, ready for the next note.
      await expect(page.getByRole('textbox', { name: /New note/ })).toBeFocused();
      await expectFocusVisible(page, 'after adding the note');

      // Approve: the dialog takes focus; its Approve button; focus comes back, visible.
      await tabUntil(page, (state) => state.element.includes(`"Approve ${applicant}"`), {
        backwards: true,
        context: "back up the person's page",
      });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await settled(page);
      await expectFocusVisible(page, 'the dialog open');
      await tabTo(page, /<button> "Approve"$/, 'the dialog');
      await page.keyboard.press('Enter');
      await expect(toast(page, `${applicant} is approved and active.`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await settled(page);
      await expectFocusVisible(page, 'after the approval');
    });

    test('Create Assignment', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/admin/create-assignment');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create Assignment' }),
      ).toBeVisible();
      await expect(page).toHaveTitle('Create Assignment · Bridge Mentorship admin');
      // The lists are in (the selects are disabled until then).
      const lists: [string, string][] = [
        ['Student', student],
        ['Mentor', mentor],
      ];
      for (const [label, name] of lists) {
        await expect(
          page.getByLabel(label, { exact: true }).locator('option', { hasText: name }),
        ).toBeAttached();
      }
      await tabTo(page, /<select[^>]*> "Student"$/, 'create pair');
      await expect(page.getByLabel('Student', { exact: true })).toBeFocused();
      await chooseOption(page, student);
      // The ranked suggestions follow the Student select: Enter on "Choose <mentor>".
      await tabTo(page, `Choose ${mentor}`, 'suggestions');
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(/.+/);
      await tabTo(page, /<button> "Create Assignment"$/, 'create pair');
      await page.keyboard.press('Enter');
      await expect(toast(page, TOASTS.pairCreated.title)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    });
  });
}
