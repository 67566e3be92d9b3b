/**
 * Both application wizards completed with the keyboard alone (Tab, Shift+Tab, typing, Space,
 * arrow keys, Enter), mistakes included, at 375 and 1280 px. After every key that moves focus,
 * the focused element is on screen and not under the sticky header or a toast (e2e/keyboard.ts).
 */
import { expect, test, type Page } from './fixtures';
import { MENTOR_FINAL_CHECKS, STUDENT_FINAL_CHECKS, TOASTS } from '@mentorship/domain';
import { appReady, expectEveryFrame, expectFocusVisible, press, watchFocus } from './keyboard';
import { settled, unique } from './support';

/** A text to type, an option to choose in a select, or `true` to tick a checkbox. */
type Answers = Record<string, string | true>;

interface Focused {
  kind: 'text' | 'select' | 'checkbox' | 'button' | 'other';
  key: string;
  checked: boolean;
  selected: string;
}

/** What has focus: its kind and the key the answers use (its label, "Group > Option" for chips). */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const clean = (text: string | null | undefined) =>
      (text ?? '').replace(/\*/g, '').replace(/\s+/g, ' ').trim();
    if (!el) return { kind: 'other', key: '', checked: false, selected: '' };
    const label = clean(
      (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label'),
    );
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      const legend = clean(el.closest('fieldset')?.querySelector('legend')?.textContent);
      return {
        kind: 'checkbox',
        key: legend ? `${legend} > ${label}` : label,
        checked: el.checked,
        selected: '',
      };
    }
    if (el instanceof HTMLSelectElement) {
      return {
        kind: 'select',
        key: label,
        checked: false,
        selected: el.selectedOptions[0]?.textContent ?? '',
      };
    }
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      return { kind: 'text', key: label, checked: false, selected: '' };
    }
    if (el instanceof HTMLButtonElement) {
      return { kind: 'button', key: clean(el.textContent), checked: false, selected: '' };
    }
    return { kind: 'other', key: clean(el.textContent).slice(0, 40), checked: false, selected: '' };
  });

/**
 * From the element that has focus, walks the form with Tab, answering what `answers` names, up
 * to the button labelled `submit`, and presses Enter on it.
 */
async function answerByKeyboard(page: Page, answers: Answers, submit: string, context: string) {
  for (let i = 0; i < 120; i++) {
    const now = await focused(page);
    const answer = answers[now.key];
    if (now.kind === 'button' && now.key === submit) {
      await page.keyboard.press('Enter');
      return;
    }
    if (answer !== undefined) {
      if (now.kind === 'text' && typeof answer === 'string') {
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(answer);
      } else if (now.kind === 'select' && typeof answer === 'string') {
        for (let n = 0; n < 40 && (await focused(page)).selected !== answer; n++) {
          await page.keyboard.press('ArrowDown');
        }
        expect((await focused(page)).selected, `${context}: ${now.key}`).toBe(answer);
      } else if (now.kind === 'checkbox' && answer === true && !now.checked) {
        await page.keyboard.press('Space');
        expect((await focused(page)).checked, `${context}: ${now.key} ticked`).toBe(true);
      }
    }
    await press(page, 'Tab', `Tab in ${context} (from ${now.key})`);
  }
  throw new Error(`${context}: never reached "${submit}"`);
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(text);

/** After a failed check: the toast is up, focus is on `field`, visible and clear of the toast. */
async function expectSentTo(page: Page, toastText: string, field: RegExp, context: string) {
  await expect(toast(page, toastText)).toBeVisible();
  await expect(page.getByLabel(field).first()).toBeFocused();
  await settled(page);
  await expectFocusVisible(page, context);
}

/** Opens the wizard and tabs from the top of the page into its first field. */
async function startWizard(page: Page, path: string) {
  await page.goto(path);
  // The first Tab starts the app's take-over, which the Enter may reach before or after.
  const frames = await watchFocus(page);
  const first = await press(page, 'Tab', 'the first Tab');
  expect(first.element).toContain('Skip to content');
  // The skip link leads straight to the form.
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await appReady(page);
  await expect(page.locator('#main')).toBeFocused();
  // Focus was visible in every frame: on the skip link, then on <main>, never on <body>.
  expectEveryFrame(await frames.stop(), '', `${path}: Tab, Enter through the take-over`);
}

for (const width of [375, 1280]) {
  test.describe(`keyboard only at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the student wizard, mistakes included', async ({ page }) => {
      test.setTimeout(120_000);
      await startWizard(page, '/register-student');
      await press(page, 'Tab', 'Tab into the content');

      // Continue with nothing filled in: the toast names the first field, focus goes there.
      await answerByKeyboard(page, {}, 'Continue to Nomination', 'student step 1, empty');
      await expectSentTo(
        page,
        'Please enter your full name to continue.',
        /^Full Name/,
        'student step 1',
      );
      await answerByKeyboard(
        page,
        {
          'Full Name': 'Kim Board',
          'Email Address': `kim-${unique()}@example.org`,
          'LinkedIn Profile URL': 'https://www.linkedin.com/in/kim-board',
          'Phone Number': '+1 555 0100',
          'University Name': 'State University',
          'Academic Program': 'BSc Computer Science',
          'Year of Study': '3rd Year Undergraduate',
        },
        'Continue to Nomination',
        'student step 1',
      );
      await expect(
        page.getByRole('heading', { name: 'Nomination & Academic Details' }),
      ).toBeFocused();
      await expectFocusVisible(page, 'student step 2 heading');

      await answerByKeyboard(
        page,
        { 'Nominated By': 'Prof. Grace Hopper', 'Professor Email': 'not-an-email' },
        'Continue to Preferences',
        'student step 2',
      );
      await expect(page.getByLabel('Professor Email')).toBeFocused();
      await expectFocusVisible(page, 'student step 2 error');
      await answerByKeyboard(
        page,
        { 'Professor Email': 'grace@university.example.edu' },
        'Continue to Preferences',
        'student step 2 again',
      );
      await expect(page.getByRole('heading', { name: 'Preferences & Consent' })).toBeFocused();

      // Submit without the agreement and consent: focus goes to the agreement, clear of the toast.
      await answerByKeyboard(
        page,
        {
          'Preferred Disciplines > Data Science': true,
          'Mentoring Topics > Career Planning': true,
        },
        'Submit Application',
        'student step 3',
      );
      const agreement = STUDENT_FINAL_CHECKS.find((c) => c.field === 'agreedToCommitment');
      await expectSentTo(
        page,
        agreement?.description ?? '',
        /4-month mentorship commitment/,
        'student step 3 agreement',
      );
      await page.keyboard.press('Space');
      const consent = STUDENT_FINAL_CHECKS.find((c) => c.field === 'consentToContact');
      await answerByKeyboard(page, {}, 'Submit Application', 'student step 3 consent');
      await expectSentTo(
        page,
        consent?.description ?? '',
        /consent to being contacted/,
        'student step 3 consent',
      );
      await page.keyboard.press('Space');
      await answerByKeyboard(page, {}, 'Submit Application', 'student step 3 submit');
      await expect(toast(page, TOASTS.applicationSuccessful.title)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('the mentor wizard, mistakes included (final checks focus in page order)', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await startWizard(page, '/register-mentor');
      await press(page, 'Tab', 'Tab into the content');
      await answerByKeyboard(
        page,
        {
          'Full Name': 'Morgan Guide',
          'Email Address': `morgan-${unique()}@example.org`,
          'Phone Number': '+1 555 0199',
          'Current Job Title': 'Staff Engineer',
          'Company/Organization': 'Example Corp',
          'Years of Experience': '12',
        },
        'Continue to Preferences',
        'mentor step 1, no location',
      );
      await expectSentTo(
        page,
        'Please enter your location to continue.',
        /^Location/,
        'mentor step 1',
      );
      await answerByKeyboard(
        page,
        { Location: 'Toronto, Canada' },
        'Continue to Preferences',
        'mentor step 1',
      );
      await expect(page.getByRole('heading', { name: 'Mentorship Preferences' })).toBeFocused();

      // Nothing chosen: the toast is the spec's first check (the agreement), but focus goes to
      // the first invalid field on the page, the disciplines above it.
      await answerByKeyboard(page, {}, 'Complete Registration', 'mentor step 2, empty');
      const agreement = MENTOR_FINAL_CHECKS.find((c) => c.field === 'agreedToCommitment');
      await expect(toast(page, agreement?.title ?? '')).toBeVisible();
      const disciplines = page.getByRole('group', { name: /Preferred Student Disciplines/ });
      await expect(disciplines.getByRole('checkbox').first()).toBeFocused();
      await settled(page);
      await expectFocusVisible(page, 'mentor step 2: the disciplines, clear of the toast');

      await answerByKeyboard(
        page,
        {
          'Preferred Student Disciplines > Computer Science': true,
          'Mentoring Topics > Leadership': true,
          'Availability > Flexible Schedule': true,
          'Why do you want to be a mentor?': 'To give back.',
          'I agree to commit 1-2 hours per month for 4 months to mentor my student.': true,
          'I consent to being contacted by the program about my application.': true,
        },
        'Complete Registration',
        'mentor step 2',
      );
      await expect(toast(page, TOASTS.applicationSuccessful.title)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}
