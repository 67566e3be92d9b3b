/**
 * Nominations confirmed by the nominator, end to end through the local inbox:
 * a student applies in the wizard naming a nominator, confirms their address from the e-mail;
 * the nominator receives one message; a mail scanner opening its link changes nothing; the
 * nominator clicks Confirm (with a line) and the coordinator reads "Nomination confirmed by … on
 * …" on the student's page. A second confirmation asks nobody again. Then erasure: deleting a
 * nominated student leaves no trace of the nominator's address in any stored document. And a
 * participant (a student once matched: before, the section is not shown) recommends a classmate
 * from My application: one invitation, with the next cohort's dates, the classmate's address kept
 * nowhere but the outbox's message.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import {
  apiPaths,
  formatDateShort,
  formatDay,
  isoDayOf,
  nominationLine,
  recommendationPaths,
  type NominationView,
} from '@mentorship/domain';
import { studentApplication } from '../tests/api/fixtures';
import { call, confirmApplicant, firestore, ownClient, tokenFor } from '../tests/support/api';
import { mailsTo, type InboxMail } from '../tests/support/inbox';
import { assign, createMentor } from '../tests/support/seed';
import { confirmWithLink, leftoversOf, signInLinkFor } from './applicant-support';
import { linkTo, mailsFor, pathOf } from './inbox';
import { expectScanChangesNothing } from './mail-scanner';
import { answerStudentWizard, submitStudentApplication } from './wizards';
import { ADMIN_STATE, axeAtBothWidths, resetFirestore, unique } from './support';

test.beforeAll(resetFirestore);

const SUBJECT = /^Did you nominate /;

/** The nominator's messages once `count` have arrived. */
const nominationMails = (address: string, count = 1) => mailsFor(address, SUBJECT, count);
const nominationLink = (mail: InboxMail) => linkTo(mail, /\/my-application\/nomination#token=/);

async function freshPage(browser: Browser, storageState?: string): Promise<Page> {
  return (await browser.newContext(storageState ? { storageState } : {})).newPage();
}

test('a student names a nominator in the wizard; the nominator confirms from the e-mail and the coordinator sees it', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const run = unique();
  const studentEmail = `nominee.${run}@student.example.edu`;
  const nominatorEmail = `grace.${run}@faculty.example.edu`;

  // The student's wizard: the spec's fields, the nominator's name and e-mail on step 2.
  const page = await freshPage(browser);
  await page.goto('/register-student');
  await answerStudentWizard(page, {
    details: {
      'Full Name': 'Nora Nominee',
      'Email Address': studentEmail,
      'LinkedIn Profile URL': 'https://www.linkedin.com/in/nora-nominee',
      'Phone Number': '+1 555 0142',
      'University Name': 'State University',
      'Academic Program': 'BSc Computer Science',
      'Year of Study': '3rd Year Undergraduate',
    },
    nomination: { 'Nominated By': 'Prof. Grace Hopper', 'Professor Email': nominatorEmail },
    disciplines: ['Computer Science'],
  });
  await submitStudentApplication(page);

  const students = await firestore()
    .collection('students')
    .where('emailAddress', '==', studentEmail)
    .get();
  expect(students.size).toBe(1);
  const studentId = students.docs[0]?.id as string;
  expect(students.docs[0]?.get('professorEmail')).toBe(nominatorEmail);

  // Before the student's address is confirmed, nobody is asked.
  expect((await firestore().collection('nominations').doc(studentId).get()).exists).toBe(false);

  // The student confirms their address from the e-mail.
  await confirmWithLink(page, await signInLinkFor(studentEmail));
  await page.context().close();

  // The nominator's one message.
  const [mail] = await nominationMails(nominatorEmail);
  // The subject is the program's words only; the student's name is in the text.
  expect(mail?.subject).toBe('Did you nominate a student for the Bridge Mentorship Program?');
  expect(mail?.text).toContain('Nora Nominee has applied');
  expect(mail?.text).toContain('Hello Prof. Grace Hopper,');
  const link = nominationLink(mail as InboxMail);

  // A mail scanner opens the link (a GET, a headless page load): nothing changes.
  await expectScanChangesNothing(browser, [mail as InboxMail]);
  const stored = await firestore().collection('nominations').doc(studentId).get();
  expect(stored.get('state')).toBe('asked');
  expect(stored.get('answeredAt')).toBeNull();

  // A second confirmation (the student signs in again) asks nobody again.
  await confirmApplicant(studentEmail);

  // The nominator opens the link and confirms, with a line for the coordinators.
  const nominator = await freshPage(browser);
  await nominator.goto(pathOf(link));
  await expect(nominator.getByRole('heading', { name: 'Confirm a nomination' })).toBeVisible();
  await axeAtBothWidths(nominator, 'the nomination page', { screenshots: true });
  await nominator
    .getByLabel('A line for the coordinators (optional)')
    .fill('Nora was the best student in my algorithms course.');
  await nominator.getByRole('button', { name: 'Confirm the nomination' }).click();
  await expect(nominator.getByTestId('nomination-answer')).toHaveText(
    'Thank you. You have confirmed the nomination.',
  );
  await axeAtBothWidths(nominator, 'the nomination page answered', { screenshots: true });
  // The same link again, in a new tab: already answered, nothing changes.
  const again = await nominator.context().newPage();
  await again.goto(pathOf(link));
  await again.getByRole('button', { name: 'Decline: I did not nominate them' }).click();
  await expect(again.getByTestId('nomination-answer')).toHaveText(/no longer works|already/);
  await nominator.context().close();

  const answered = await firestore().collection('nominations').doc(studentId).get();
  expect(answered.get('state')).toBe('confirmed');
  expect(answered.get('tokenHashes')).toEqual([]);

  // The coordinator's view of the student.
  const admin = await tokenFor('admin');
  const view = await call<NominationView>('GET', `/api/admin/students/${studentId}/nomination`, {
    token: admin,
  });
  expect(view.status).toBe(200);
  expect(view.body.state).toBe('confirmed');
  const line = nominationLine(view.body);
  expect(line).toBe(
    `Nomination confirmed by Prof. Grace Hopper (${nominatorEmail}) on ${formatDateShort(view.body.answeredAt ?? '')}`,
  );
  const filtered = await call<{ ids: string[] }>('GET', '/api/admin/nominations?state=confirmed', {
    token: admin,
  });
  expect(filtered.body.ids).toContain(studentId);

  const coordinator = await freshPage(browser, ADMIN_STATE);
  await coordinator.goto(`/admin/students/${studentId}`);
  await expect(coordinator.getByRole('heading', { name: 'Nora Nominee', level: 1 })).toBeVisible();
  await expect(coordinator.getByTestId('person-nomination')).toContainText(line);
  await expect(coordinator.getByTestId('person-nomination')).toContainText(
    'Nora was the best student in my algorithms course.',
  );
  await axeAtBothWidths(coordinator, 'the student page with a nomination', { screenshots: true });

  // The students list, filtered by nomination.
  await coordinator.goto('/admin/dashboard');
  const table = coordinator.getByRole('region', { name: 'Students' });
  await expect(table.getByText('Nora Nominee')).toBeVisible();
  await coordinator
    .getByLabel('Nomination', { exact: true })
    .selectOption('Nomination not answered');
  await expect(coordinator.getByText('No students match.')).toBeVisible();
  await coordinator.getByLabel('Nomination', { exact: true }).selectOption('Nomination confirmed');
  await expect(table.getByText('Nora Nominee')).toBeVisible();
  await axeAtBothWidths(coordinator, 'the students list filtered by nomination', {
    screenshots: true,
  });
  await coordinator.context().close();

  // Never mailed twice: still one message to the nominator after the second confirmation.
  expect((await mailsTo(nominatorEmail)).filter((m) => SUBJECT.test(m.subject))).toHaveLength(1);
});

test('deleting a nominated student leaves no trace of the nominator\u2019s address', async () => {
  test.setTimeout(120_000);
  const run = unique();
  const nominatorEmail = `erased.nominator.${run}@faculty.example.edu`;
  const application = {
    ...studentApplication(run),
    nominatedBy: `Dr. Erased ${run}`,
    professorEmail: nominatorEmail,
  };
  const applied = await call<{ id: string }>('POST', apiPaths.studentApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(applied.status).toBe(201);
  const id = applied.body.id;
  await confirmApplicant(application.emailAddress);
  const [mail] = await nominationMails(nominatorEmail);
  const token = new URL(nominationLink(mail as InboxMail)).hash.replace('#token=', '');
  const answered = await call('POST', '/api/nominations/answer', {
    headers: ownClient(),
    body: { token, answer: 'decline', note: `Never met ${run}` },
  });
  expect(answered.status).toBe(200);
  const admin = await tokenFor('admin');
  const view = await call<NominationView>('GET', `/api/admin/students/${id}/nomination`, {
    token: admin,
  });
  expect(nominationLine(view.body)).toBe(
    `Nomination declined by Dr. Erased ${run} (${nominatorEmail})`,
  );
  // Before: the address is stored (the record, the nomination, the outbox).
  expect((await leftoversOf([nominatorEmail], id)).length).toBeGreaterThanOrEqual(3);

  const deleted = await call('DELETE', apiPaths.admin.student(id), { token: admin });
  expect(deleted.status).toBe(200);
  // The erasure scan: nothing of the nominator's, nor of the student's, anywhere.
  expect(
    await leftoversOf(
      [
        nominatorEmail,
        `Dr. Erased ${run}`,
        `Never met ${run}`,
        application.emailAddress,
        application.fullName,
        id,
      ],
      id,
    ),
  ).toEqual([]);
});

test('a participant recommends a classmate from My application: the invitation arrives with the next cohort\u2019s dates, once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = unique();
  const application = studentApplication(run);
  const classmate = `classmate.${run}@student.example.edu`;
  const apply = async (body: typeof application) => {
    const res = await call<{ id: string }>('POST', apiPaths.studentApplication, {
      headers: ownClient(),
      body,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };

  // An applicant awaiting review, in no pair: My application offers no invitation.
  const waiting = studentApplication(`${run}w`);
  await apply(waiting);
  const waitingPage = await freshPage(browser);
  const asked = waitingPage.waitForResponse(
    (r) => r.url().endsWith(recommendationPaths.mine) && r.request().method() === 'GET',
  );
  await confirmWithLink(
    waitingPage,
    await signInLinkFor(waiting.emailAddress),
    waiting.emailAddress,
  );
  expect(await (await asked).json()).toMatchObject({ state: null, allowed: false });
  await expect(waitingPage.getByText('Received: under review')).toBeVisible();
  await expect(waitingPage.getByRole('heading', { name: 'Recommend a classmate' })).toHaveCount(0);
  await waitingPage.context().close();

  // A student approved and matched by a coordinator: a participant, who sees the form.
  const id = await apply(application);
  await confirmApplicant(application.emailAddress);
  const admin = await tokenFor('admin');
  const approved = await call('PUT', `/api/admin/students/${id}/review`, {
    token: admin,
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
  expect((await assign(admin, await createMentor(admin), id)).status).toBe(201);
  const page = await freshPage(browser);
  await confirmWithLink(
    page,
    await signInLinkFor(application.emailAddress),
    application.emailAddress,
  );

  const section = page.getByTestId('recommend');
  await expect(section.getByRole('heading', { name: 'Recommend a classmate' })).toBeVisible();
  await axeAtBothWidths(page, 'My application with Recommend a classmate', { screenshots: true });
  // Field-level error first: not an address.
  await section.getByLabel(/Your classmate.s e-mail address/).fill('not-an-address');
  await section.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(
    section.getByText('Enter a valid email address, like name@example.com.'),
  ).toBeVisible();
  await section.getByLabel(/Your classmate.s e-mail address/).fill(classmate);
  await section.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByTestId('recommend-answer')).toHaveText(
    'Your invitation has been sent with the next cohort\u2019s dates. Thank you!',
  );
  await axeAtBothWidths(page, 'My application, invitation sent', { screenshots: true });
  await page.context().close();

  // The classmate's one e-mail, with the open cohort's dates.
  const cohorts = await firestore().collection('cohorts').get();
  type Dates = Record<
    'name' | 'applicationsOpen' | 'applicationsClose' | 'programStart' | 'programEnd',
    string
  >;
  const open = cohorts.docs
    .map((d) => d.data() as Dates)
    .find(
      (c) =>
        c.applicationsOpen <= isoDayOf(new Date()) && isoDayOf(new Date()) <= c.applicationsClose,
    );
  expect(open).toBeDefined();
  let mails: InboxMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(classmate)).length, { timeout: 45_000 })
    .toBe(1);
  const text = (mails[0] as InboxMail).text;
  expect((mails[0] as InboxMail).subject).toBe(
    `${application.fullName} invites you to apply to the Bridge Mentorship Program`,
  );
  const c = open as Dates;
  expect(text).toContain(
    `The ${c.name} cohort takes applications from ${formatDay(c.applicationsOpen)} to ${formatDay(c.applicationsClose)}; the program runs from ${formatDay(c.programStart)} to ${formatDay(c.programEnd)}.`,
  );
  // The address is not kept: only hashes remain once sent.
  expect(await leftoversOf([classmate], id)).toEqual([expect.stringMatching(/^mail\//)]);

  // One invitation per participant.
  const token = await confirmApplicant(application.emailAddress);
  const second = await call('POST', recommendationPaths.mine, {
    token,
    body: { email: `other.${run}@student.example.edu` },
  });
  expect(second.status).toBe(409);
  expect((await mailsTo(`other.${run}@student.example.edu`)).length).toBe(0);
});
