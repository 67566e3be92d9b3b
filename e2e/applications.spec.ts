/**
 * The two application wizards end to end: the browser fills them in, the API stores them, and an
 * administrator finds the pending record with exactly the submitted values.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import {
  MENTOR_FINAL_CHECKS,
  SIGN_IN_EMAIL_STORAGE_KEY,
  MENTOR_STEP1_REQUIRED,
  STUDENT_STEP1_REQUIRED,
  TOASTS,
  apiPaths,
  type MentorRecord,
  type StudentRecord,
} from '@mentorship/domain';
import { call, firestore, tokenFor } from '../tests/support/api';
import { mailsTo } from '../tests/support/inbox';
import { expectNoAxeViolations, resetFirestore, framesToToast, unique } from './support';
import { tick } from './wizards';

// Each file starts from an empty database: other files' records would change rankings and counts.
test.beforeAll(resetFirestore);

const STUDENT_DRAFT = 'mentorship.apply.student-draft';
const MENTOR_DRAFT = 'mentorship.apply.mentor-draft';

let adminToken: string;
test.beforeAll(async () => {
  adminToken = await tokenFor('admin');
});

/**
 * The stored records with this address. A new application is unconfirmed (no list row until the
 * applicant opens the e-mailed link, my-application.spec.ts), so they are found in Firestore
 * and read through the admin API by id.
 */
async function findRecords<T>(
  collection: 'students' | 'mentors',
  field: string,
  email: string,
  path: (id: string) => string,
): Promise<T[]> {
  const ids = (await firestore().collection(collection).where(field, '==', email).get()).docs.map(
    (d) => d.id,
  );
  const records: T[] = [];
  for (const id of ids) {
    const res = await call<T>('GET', path(id), { token: adminToken });
    expect(res.status).toBe(200);
    records.push(res.body);
  }
  return records;
}

const findStudent = (email: string) =>
  findRecords<StudentRecord>('students', 'emailAddress', email, apiPaths.admin.student);
const findMentor = (email: string) =>
  findRecords<MentorRecord>('mentors', 'email', email, apiPaths.admin.mentor);

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(text);

/**
 * The painted frames a click may take to show its toast: the answer is the page's own work, a
 * render after the validation's promises settle, with no request or timer in between.
 */
const FRAMES_TO_ANSWER = 2;

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** Toggles an option chip of a multi-select group by clicking its label. */
async function chooseOptions(page: Page, groupName: string, options: string[]) {
  for (const option of options) {
    await group(page, groupName).getByText(option).click();
  }
}

const checkbox = (page: Page, name: RegExp) => page.getByRole('checkbox', { name });

async function expectInvalid(field: Locator) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy, 'the field points at its error message').toBeTruthy();
}

// ---------------------------------------------------------------------------------------------
// Student

interface StudentStep1 {
  fullName: string;
  emailAddress: string;
  linkedinUrl: string;
  phoneNumber: string;
  universityName: string;
  academicProgram: string;
  yearOfStudy: string;
}

const studentStep1 = (email: string): StudentStep1 => ({
  fullName: 'Ada Student',
  emailAddress: email,
  linkedinUrl: 'https://www.linkedin.com/in/ada-student',
  phoneNumber: '+1 555 0100',
  universityName: 'State University',
  academicProgram: 'BSc Computer Science',
  yearOfStudy: '3rd Year Undergraduate',
});

const STUDENT_LABELS: Record<keyof StudentStep1, string> = {
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  linkedinUrl: 'LinkedIn Profile URL',
  phoneNumber: 'Phone Number',
  universityName: 'University Name',
  academicProgram: 'Academic Program',
  yearOfStudy: 'Year of Study',
};

async function fillStudentStep1(page: Page, values: StudentStep1) {
  for (const [name, label] of Object.entries(STUDENT_LABELS) as [keyof StudentStep1, string][]) {
    if (name === 'yearOfStudy') await page.getByLabel(label).selectOption(values.yearOfStudy);
    else await page.getByLabel(label).fill(values[name]);
  }
}

async function completeStudent(page: Page, email: string) {
  await page.goto('/register-student');
  await fillStudentStep1(page, studentStep1(email));
  await page.getByRole('button', { name: 'Continue to Nomination' }).click();
  await page.getByLabel('Nominated By').fill('  Prof. Grace Hopper  ');
  await page.getByRole('button', { name: 'Continue to Preferences' }).click();
  await chooseOptions(page, 'Preferred Disciplines', ['Data Science', 'Computer Science']);
  await chooseOptions(page, 'Mentoring Topics', ['Career Planning']);
  await tick(checkbox(page, /4-month mentorship commitment/));
  await tick(checkbox(page, /consent to being contacted/));
}

test.describe('student wizard', () => {
  test('completes three steps and the admin API shows a pending record with exactly those values', async ({
    page,
  }) => {
    const email = `student-${unique()}@example.org`;
    await page.goto('/register-student');
    const indicator = page.getByRole('navigation', { name: 'Application progress' });
    await expect(indicator.locator('[aria-current="step"]')).toContainText('Personal Information');

    // Step 1 with every error showing passes axe.
    await page.getByRole('button', { name: 'Continue to Nomination' }).click();
    await expect(toast(page, 'Please enter your full name to continue.')).toBeVisible();
    await expectInvalid(page.getByLabel('Full Name'));
    await expectInvalid(page.getByLabel('Year of Study'));
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expectNoAxeViolations(page, 'student step 1 with errors');

    await fillStudentStep1(page, studentStep1(email));
    await page.getByRole('button', { name: 'Continue to Nomination' }).click();
    await expect(
      page.getByRole('heading', { name: 'Nomination & Academic Details' }),
    ).toBeFocused();
    await expect(indicator.locator('[aria-current="step"]')).toContainText('Nomination');

    // Step 2: a malformed professor e-mail is marked inline.
    await page.getByLabel('Professor Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await expectInvalid(page.getByLabel('Professor Email'));
    await expect(page.getByLabel('Professor Email')).toBeFocused();
    await expectNoAxeViolations(page, 'student step 2 with errors');
    await page.getByLabel('Professor Email').fill('grace@university.example.edu');
    await page.getByLabel('Nominated By').fill('  Prof. Grace Hopper  ');
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await expect(page.getByRole('heading', { name: 'Preferences & Consent' })).toBeFocused();

    // Step 3: submitting without the agreement, then without the consent.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Please agree to the 4-month mentorship commitment.')).toBeVisible();
    await expectInvalid(checkbox(page, /4-month mentorship commitment/));
    await expect(checkbox(page, /4-month mentorship commitment/)).toBeFocused();
    await expectNoAxeViolations(page, 'student step 3 with errors');

    // Toggling a chip twice removes it again; keyboard works (Space on the focused chip).
    await chooseOptions(page, 'Preferred Disciplines', ['Business', 'Data Science']);
    await chooseOptions(page, 'Preferred Disciplines', ['Business']);
    const careerPlanning = group(page, 'Mentoring Topics').getByRole('checkbox', {
      name: 'Career Planning',
    });
    await careerPlanning.focus();
    await page.keyboard.press('Space');
    await expect(careerPlanning).toBeChecked();
    await page.getByLabel('Mentorship Goals').fill('Land a data internship.');
    await tick(checkbox(page, /4-month mentorship commitment/));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Please consent to being contacted by the program.')).toBeVisible();
    await tick(checkbox(page, /consent to being contacted/));
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(page.getByRole('heading', { name: 'Application submitted!' })).toBeVisible();
    await expect(toast(page, TOASTS.applicationSuccessful.title)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'View FAQ' })).toHaveAttribute('href', '/faq');
    await expectNoAxeViolations(page, 'student success screen');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STUDENT_DRAFT)).toBeNull();
    // The only thing kept is the address the e-mail link was sent to (Firebase's e-mail link
    // flow: this browser signs in without asking for it again), no draft.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([
      SIGN_IN_EMAIL_STORAGE_KEY,
    ]);

    // The confirmation e-mail is in the local inbox (MailDev), once.
    const confirmations = async () =>
      (await mailsTo(email))
        .filter((m) => m.to.some((r) => r.address === email))
        .map((m) => m.subject);
    await expect
      .poll(confirmations, { timeout: 30_000 })
      .toEqual(['We received your application to Bridge Mentorship Program']);

    const records = await findStudent(email);
    expect(records).toHaveLength(1);
    const record = records[0];
    expect(record).toMatchObject({
      ...studentStep1(email),
      nominatedBy: 'Prof. Grace Hopper',
      professorEmail: 'grace@university.example.edu',
      careerInterests: null,
      preferredDisciplines: ['Data Science'],
      mentoringTopics: ['Career Planning'],
      mentorshipGoals: 'Land a data internship.',
      agreedToCommitment: true,
      consentToContact: true,
      isActive: false,
    });
  });

  test('each step-1 required field has its own message, toast and inline error', async ({
    page,
  }) => {
    await page.goto('/register-student');
    const valid = studentStep1(`student-${unique()}@example.org`);
    await fillStudentStep1(page, valid);
    for (const item of STUDENT_STEP1_REQUIRED) {
      const name = item.field as keyof StudentStep1;
      const field = page.getByLabel(STUDENT_LABELS[name]);
      if (name === 'yearOfStudy') await field.selectOption('');
      else await field.fill('   ');
      await page.getByRole('button', { name: 'Continue to Nomination' }).click();
      await expect(toast(page, item.description)).toBeVisible();
      await expect(toast(page, TOASTS.requiredFieldMissing).first()).toBeVisible();
      await expectInvalid(field);
      await expect(field).toBeFocused();
      if (name === 'yearOfStudy') await field.selectOption(valid.yearOfStudy);
      else await field.fill(valid[name]);
    }
    await page.getByRole('button', { name: 'Continue to Nomination' }).click();
    await expect(
      page.getByRole('heading', { name: 'Nomination & Academic Details' }),
    ).toBeVisible();
  });

  test('a reload keeps the draft and its step; Back keeps what was typed', async ({ page }) => {
    const email = `student-${unique()}@example.org`;
    await page.goto('/register-student');
    await fillStudentStep1(page, studentStep1(email));
    await page.getByRole('button', { name: 'Continue to Nomination' }).click();
    await page.getByLabel('Career Interests').fill('Machine learning research');
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Nomination & Academic Details' }),
    ).toBeVisible();
    await expect(page.getByLabel('Career Interests')).toHaveValue('Machine learning research');
    await page.getByRole('button', { name: 'Back to Personal Information' }).click();
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeFocused();
    await expect(page.getByLabel('Email Address')).toHaveValue(email);
    await expect(page.getByLabel('Year of Study')).toHaveValue('3rd Year Undergraduate');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('a double click submits once', async ({ page }) => {
    const email = `student-${unique()}@example.org`;
    await completeStudent(page, email);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(apiPaths.studentApplication))
        posts += 1;
    });
    await page.getByRole('button', { name: 'Submit Application' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Application submitted!' })).toBeVisible();
    expect(posts).toBe(1);
    expect(await findStudent(email)).toHaveLength(1);
  });

  test('a duplicate e-mail looks exactly like a new application; the first is kept', async ({
    page,
  }) => {
    const email = `student-${unique()}@example.org`;
    await completeStudent(page, email);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application submitted!' })).toBeVisible();

    // No enumeration (docs/security.md): the same success, the address's owner is told
    // by e-mail instead, and nothing is stored.
    await completeStudent(page, email);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application submitted!' })).toBeVisible();
    expect(await findStudent(email)).toHaveLength(1);
  });

  test('a server failure shows the spec toast and keeps everything typed', async ({ page }) => {
    const email = `student-${unique()}@example.org`;
    await completeStudent(page, email);
    await page.route('**' + apiPaths.studentApplication, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, TOASTS.studentApplicationFailed.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preferences & Consent' })).toBeVisible();
    await expect(checkbox(page, /4-month mentorship commitment/)).toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    await page.getByRole('button', { name: 'Back to Nomination' }).click();
    await expect(page.getByLabel('Nominated By')).toHaveValue('  Prof. Grace Hopper  ');
  });
});

// ---------------------------------------------------------------------------------------------
// Mentor

const MENTOR_STEP1 = {
  'LinkedIn Profile URL': 'https://www.linkedin.com/in/grace-mentor',
  'Full Name': 'Grace Mentor',
  'Phone Number': '+1 555 0199',
  'Current Job Title': 'Staff Engineer',
  'Company/Organization': 'Example Corp',
  'Years of Experience': '12',
  Location: 'Toronto, Canada',
  Education: 'MSc Computer Science',
  'Key Skills': 'Python, System design',
} as const;

async function fillMentorStep1(page: Page, email: string) {
  for (const [label, value] of Object.entries(MENTOR_STEP1)) {
    await page.getByLabel(label).fill(value);
  }
  await page.getByLabel('Email Address').fill(email);
}

test.describe('feedback at once, never stale', () => {
  // Counted in painted frames, not milliseconds: the answer comes from the page's own work (no
  // request, no timer in between), whatever the machine's speed. The milliseconds are logged;
  // `npm run bench:web` measures what a phone waits.
  test('once a person moves over the page, their first click is answered by its toast at once', async ({
    page,
  }) => {
    await page.goto('/register-mentor');
    await page.waitForLoadState('networkidle');
    // A person's pointer crosses the page on its way to the button (on a phone: the scroll down
    // the form); that first sign of use starts the app, which takes the prerendered form over.
    await page.mouse.move(200, 300);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const { shownFrame, shownMs } = await framesToToast(
      page,
      () => page.getByRole('button', { name: 'Continue to Preferences' }).click(),
      TOASTS.requiredFieldMissing,
    );
    console.log(`first click to its toast: frame ${shownFrame} (${shownMs} ms)`);
    expect(shownFrame).toBeLessThanOrEqual(FRAMES_TO_ANSWER);
    await expect(page.getByLabel('Full Name')).toBeFocused();
  });

  test("after fixing the first final check, the toast on screen is the next check's", async ({
    page,
  }) => {
    const [, , agreement, consent] = MENTOR_FINAL_CHECKS;
    const submit = page.getByRole('button', { name: 'Complete Registration' });
    await page.goto('/register-mentor');
    await fillMentorStep1(page, `mentor-${unique()}@example.org`);
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await submit.click();
    await expect(toast(page, agreement.title)).toBeVisible();
    await tick(checkbox(page, /1-2 hours per month/));
    const timing = await framesToToast(page, () => submit.click(), consent.title, agreement.title);
    console.log(`the next check's toast: ${JSON.stringify(timing)}`);
    expect(timing.shownFrame).toBeLessThanOrEqual(FRAMES_TO_ANSWER);
    // The old message is gone by the picture that shows the new one: never both, never the old
    // one alone after the click was answered.
    expect(timing.staleGoneFrame).toBeLessThanOrEqual(timing.shownFrame);
    await expect(toast(page, agreement.title)).toHaveCount(0);
    await expect(toast(page, consent.title)).toBeVisible();
  });
});

/**
 * The wizards' step 1 is prerendered HTML: readable and usable before any script has run. The
 * app's start chunk is held back here to show the page before the app takes it over.
 */
test.describe('prerendered step 1, taken over by the app', () => {
  const holdApp = async (page: Page) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const takenOver = (page: Page) =>
    page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

  test('text typed before the app takes over is still there after it does, with the focus and caret', async ({
    page,
  }) => {
    const release = await holdApp(page);
    await page.goto('/register-student');
    await expect(page.locator('#root[data-prerendered="/register-student"]')).toHaveCount(1);
    await page.getByLabel('Full Name').click();
    await page.keyboard.type('Ana Before');
    await page.getByLabel('Email Address').click();
    await page.keyboard.type('ana.before@uni.example.edu');
    await page.getByLabel('Full Name').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await takenOver(page)).toBe(false);

    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByLabel('Full Name')).toHaveValue('Ana Before');
    await expect(page.getByLabel('Email Address')).toHaveValue('ana.before@uni.example.edu');
    await expect(page.getByLabel('Full Name')).toBeFocused();
    // The caret is where it was: typing goes on from there.
    await page.keyboard.type('-');
    await expect(page.getByLabel('Full Name')).toHaveValue('Ana- Before');
    // The app owns the form now: the draft keeps what was typed before and after.
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Ana- Before');
    await expect(page.getByLabel('Email Address')).toHaveValue('ana.before@uni.example.edu');
  });

  test('Continue before the app is there is held, never sent in the URL, then answered', async ({
    page,
  }) => {
    const release = await holdApp(page);
    await page.goto('/register-student');
    await page.getByLabel('Full Name').fill('Ana Held');
    await page.getByRole('button', { name: 'Continue to Nomination' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('?');
    expect(page.url()).not.toContain('Ana');
    expect(await takenOver(page)).toBe(false);

    release();
    await expect(toast(page, TOASTS.requiredFieldMissing)).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeFocused();
    await expect(page.getByLabel('Full Name')).toHaveValue('Ana Held');
    expect(page.url()).toMatch(/\/register-student$/);
  });
});

test.describe('mentor wizard', () => {
  test('completes both steps in the spec order of final checks and stores a pending record', async ({
    page,
  }) => {
    const email = `mentor-${unique()}@example.org`;
    await page.goto('/register-mentor');
    const indicator = page.getByRole('navigation', { name: 'Application progress' });
    await expect(indicator.locator('[aria-current="step"]')).toContainText(
      'Professional Information',
    );
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await expect(toast(page, 'Please enter your full name to continue.')).toBeVisible();
    await expectInvalid(page.getByLabel('Location'));
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expectNoAxeViolations(page, 'mentor step 1 with errors');

    await fillMentorStep1(page, email);
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await expect(page.getByRole('heading', { name: 'Mentorship Preferences' })).toBeFocused();
    await expect(indicator.locator('[aria-current="step"]')).toContainText(
      'Mentorship Preferences',
    );

    const submit = page.getByRole('button', { name: 'Complete Registration' });
    const [, , agreement, consent, disciplines, topics, availability] = MENTOR_FINAL_CHECKS;
    await submit.click();
    await expect(toast(page, agreement.description)).toBeVisible();
    await expect(toast(page, agreement.title)).toBeVisible();
    // The toast follows the spec's order; focus follows the page: the disciplines come first.
    await expect(
      group(page, 'Preferred Student Disciplines').getByRole('checkbox').first(),
    ).toBeFocused();
    await expectInvalid(checkbox(page, /1-2 hours per month/));
    await expectNoAxeViolations(page, 'mentor step 2 with errors');

    await tick(checkbox(page, /1-2 hours per month/));
    await submit.click();
    await expect(toast(page, consent.title)).toBeVisible();
    await tick(checkbox(page, /consent to being contacted/));
    await submit.click();
    await expect(toast(page, disciplines.title)).toBeVisible();
    await chooseOptions(page, 'Preferred Student Disciplines', ['Engineering', 'Computer Science']);
    await submit.click();
    await expect(toast(page, topics.title)).toBeVisible();
    await chooseOptions(page, 'Mentoring Topics', ['Leadership', 'Technical Skills']);
    await submit.click();
    await expect(toast(page, availability.title)).toBeVisible();
    await expect(
      group(page, 'Availability').getByRole('checkbox', { name: 'Weekdays 9AM-5PM' }),
    ).toBeFocused();
    await chooseOptions(page, 'Availability', ['Weekends Morning']);
    await page.getByLabel('How many students could you mentor at the same time?').selectOption('2');
    await page.getByLabel('Why do you want to be a mentor?').fill('To give back.');
    await submit.click();

    await expect(
      page.getByRole('heading', { name: 'Thank you for applying to mentor!' }),
    ).toBeFocused();
    await expect(page.getByText(/3-5 business days/)).toBeVisible();
    await expect(page.getByText(/15-20 minute/)).toBeVisible();
    await expect(page.getByText('Orientation:')).toBeVisible();
    await expect(page.getByText('Matching:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(toast(page, TOASTS.applicationSuccessful.title)).toBeVisible();
    await expectNoAxeViolations(page, 'mentor success screen');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), MENTOR_DRAFT)).toBeNull();

    const records = await findMentor(email);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      linkedinUrl: MENTOR_STEP1['LinkedIn Profile URL'],
      fullName: 'Grace Mentor',
      email,
      phoneNumber: '+1 555 0199',
      currentJobTitle: 'Staff Engineer',
      company: 'Example Corp',
      yearsExperience: 12,
      education: 'MSc Computer Science',
      skills: ['Python', 'System design'],
      location: 'Toronto, Canada',
      timeZone: null,
      profileSummary: null,
      preferredDisciplines: ['Computer Science', 'Engineering'],
      mentoringTopics: ['Technical Skills', 'Leadership'],
      availability: ['Weekends Morning'],
      capacity: 2,
      motivation: 'To give back.',
      agreedToCommitment: true,
      consentToContact: true,
      isActive: false,
    });
  });

  test('each step-1 required field has its own message', async ({ page }) => {
    await page.goto('/register-mentor');
    const email = `mentor-${unique()}@example.org`;
    await fillMentorStep1(page, email);
    const labels: Record<string, string> = {
      fullName: 'Full Name',
      email: 'Email Address',
      phoneNumber: 'Phone Number',
      currentJobTitle: 'Current Job Title',
      company: 'Company/Organization',
      location: 'Location',
    };
    for (const item of MENTOR_STEP1_REQUIRED) {
      const label = labels[item.field] ?? item.label;
      const field = page.getByLabel(label);
      const previous = await field.inputValue();
      // A number input takes no spaces: empty is what a person can leave there.
      await field.fill(item.field === 'yearsExperience' ? '' : ' ');
      await page.getByRole('button', { name: 'Continue to Preferences' }).click();
      await expect(toast(page, item.description)).toBeVisible();
      await expectInvalid(field);
      await expect(field).toBeFocused();
      await field.fill(previous);
    }
  });

  test('name and job title come first in the final checks (a restored draft without them)', async ({
    page,
  }) => {
    await page.goto('/register-mentor');
    const draft = (values: Record<string, unknown>) => ({
      step: 1,
      values: {
        fullName: '',
        email: `mentor-${unique()}@example.org`,
        phoneNumber: '+1 555 0100',
        currentJobTitle: '',
        company: 'Example Corp',
        yearsExperience: 5,
        location: 'Lisbon',
        preferredDisciplines: ['Design'],
        mentoringTopics: ['Networking'],
        availability: ['Flexible Schedule'],
        agreedToCommitment: false,
        consentToContact: false,
        ...values,
      },
    });
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
      MENTOR_DRAFT,
      JSON.stringify(draft({})),
    ] as const);
    await page.reload();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(toast(page, MENTOR_FINAL_CHECKS[0].title)).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();

    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
      MENTOR_DRAFT,
      JSON.stringify(draft({ fullName: 'Sam Mentor' })),
    ] as const);
    await page.reload();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(toast(page, MENTOR_FINAL_CHECKS[1].title)).toBeVisible();
    await expect(page.getByLabel('Current Job Title')).toBeFocused();
  });

  test('a duplicate e-mail is answered like a new application; the first is kept', async ({
    page,
  }) => {
    const email = `mentor-${unique()}@example.org`;
    const first = await call('POST', apiPaths.mentorApplication, {
      body: {
        fullName: 'First Mentor',
        email,
        phoneNumber: '+1 555 0123',
        currentJobTitle: 'Engineer',
        company: 'Acme',
        yearsExperience: 4,
        location: 'Austin',
        preferredDisciplines: ['Engineering'],
        mentoringTopics: ['Leadership'],
        availability: ['Flexible Schedule'],
        agreedToCommitment: true,
        consentToContact: true,
      },
    });
    expect(first.status).toBe(201);

    await page.goto('/register-mentor');
    await fillMentorStep1(page, email);
    await page.getByRole('button', { name: 'Continue to Preferences' }).click();
    await chooseOptions(page, 'Preferred Student Disciplines', ['Engineering']);
    await chooseOptions(page, 'Mentoring Topics', ['Leadership']);
    await chooseOptions(page, 'Availability', ['Flexible Schedule']);
    await tick(checkbox(page, /1-2 hours per month/));
    await tick(checkbox(page, /consent to being contacted/));
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(
      page.getByRole('heading', { name: 'Thank you for applying to mentor!' }),
    ).toBeVisible();
    await expect(toast(page, TOASTS.applicationSuccessful.title)).toBeVisible();
    const records = await findMentor(email);
    expect(records.map((record) => record.fullName)).toEqual(['First Mentor']);
  });
});
