/**
 * The application wizards (/register-student, /register-mentor) as a person fills them in, for
 * the specs that make an application in the browser rather than through the API.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Ticks a checkbox the way a keyboard user does (its label covers the hidden input): focus it,
 * press Space; it is then checked.
 */
export async function tick(box: Locator): Promise<void> {
  await box.focus();
  await box.page().keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** What a student answers, by the wizard's labels. */
export interface StudentAnswers {
  /** Step 1 in page order, by label ('Year of Study' is chosen from its list). */
  details: Record<string, string>;
  /** Step 2 by label (Nominated By, Professor Email); left empty when not given. */
  nomination?: Record<string, string>;
  /** Step 3's Preferred Disciplines, chosen by their chips' labels. */
  disciplines?: string[];
}

/**
 * From step 1 on screen: fills the three steps and ticks the commitment and the consent, up to
 * the Submit Application button (which the caller presses, or `submitStudentApplication`).
 */
export async function answerStudentWizard(page: Page, answers: StudentAnswers): Promise<void> {
  for (const [label, value] of Object.entries(answers.details)) {
    if (label === 'Year of Study') await page.getByLabel(label).selectOption(value);
    else await page.getByLabel(label).fill(value);
  }
  await page.getByRole('button', { name: 'Continue to Nomination' }).click();
  for (const [label, value] of Object.entries(answers.nomination ?? {})) {
    await page.getByLabel(label).fill(value);
  }
  await page.getByRole('button', { name: 'Continue to Preferences' }).click();
  const disciplines = page.getByRole('group', { name: 'Preferred Disciplines', exact: true });
  for (const discipline of answers.disciplines ?? []) {
    await disciplines.getByText(discipline, { exact: true }).click();
  }
  for (const name of [/4-month mentorship commitment/, /consent to being contacted/]) {
    await tick(page.getByRole('checkbox', { name }));
  }
}

/** Submits the answered wizard: the student sees "Application submitted!". */
export async function submitStudentApplication(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application submitted!' })).toBeVisible();
}
