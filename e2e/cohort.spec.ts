/**
 * One cohort end to end with the test's clock. The daily work is called in this
 * process with chosen dates (`runDailyWork`, as tests/api/retention.test.ts runs retention); no
 * step waits for real time. The cohort started 50 days before today, so "today" in the site (the
 * Pairs page, a session's date) is day 51 of the program:
 *
 *   matched (two pairs) -> month 2's check-ins sent by the daily work -> a check-in answered from
 *   the local inbox (MailDev) in one click -> a session logged on My application -> the other
 *   pair (no session in 50 days) at risk on the Pairs page, with its reason -> ended with a reason
 *   and the student re-matched -> the cohort ends: the pair with 3 sessions completes, its
 *   student downloads the certificate PDF (text checked), answers the survey, the public page
 *   verifies it, and the cohort report shows exactly what the test did.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './fixtures';
import { FieldValue } from 'firebase-admin/firestore';
import {
  PAIR_COLLECTIONS,
  checkInDueOn,
  isoDayOf,
  plusDays,
  type IsoDay,
  type SessionDoc,
} from '@mentorship/domain';
import { call, firestore, tokenFor } from '../tests/support/api';
import {
  certificatesOf,
  assign,
  createMentor,
  seedPair,
  seedCohort,
  type SeededPair,
} from '../tests/support/seed';
import { useFunctionParams } from '../tests/support/pairs';
import { confirmWithLink, everyDocument, signInLinkFor } from './applicant-support';
import { expectScanChangesNothing, workingSecretsIn } from './mail-scanner';
import { mailsTo, waitForMail } from '../tests/support/inbox';
import {
  downloadCertificateText,
  expectVerificationPage,
  reportFiguresFor,
} from './completion-support';
import { coordinatorPage, expectNoAxeViolations, resetFirestore, runDailyWork } from './support';

test.beforeAll(resetFirestore);

const TODAY: IsoDay = isoDayOf(new Date());
const START = plusDays(TODAY, -50);
const at = (day: IsoDay) => new Date(`${day}T03:00:00Z`);

/** A fresh browser signed in to My application by the e-mailed link. */
async function signedInParticipant(browser: Browser, email: string): Promise<Page> {
  const res = await call('POST', '/api/me/sign-in-link', { body: { email } });
  expect(res.status).toBe(202);
  const link = await signInLinkFor(email);
  const page = await (await browser.newContext()).newPage();
  await confirmWithLink(page, link, email);
  return page;
}

/** The newest e-mail to `address` whose subject matches (polls MailDev). */
async function mailFor(address: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

test('one cohort: matched, a check-in in one click, a session logged, a pair at risk, re-matched, completed with a certificate and a report', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  useFunctionParams();
  const admin = await tokenFor('admin');
  const cohort = await seedCohort(START);
  const pairs: Record<'steady' | 'silent', SeededPair> = {} as never;

  await test.step('matched: two pairs in the cohort', async () => {
    pairs.steady = await seedPair(admin, cohort.id, {
      assignedOn: plusDays(START, -5),
      mentorStays: true,
    });
    pairs.silent = await seedPair(admin, cohort.id, {
      assignedOn: plusDays(START, -5),
      mentorStays: true,
    });
    await mailFor(pairs.steady.studentEmail, /^Meet your mentor/);
  });

  await test.step('the daily work sends month 2 check-ins; one is answered in one click', async () => {
    const due = checkInDueOn(cohort.programStart, cohort.programEnd, 2);
    expect(due >= TODAY).toBe(true);
    const report = await runDailyWork(at(due));
    expect(report.jobs.pairs).toMatchObject({ checkIns: 4 });
    const mail = await mailFor(pairs.steady.studentEmail, /^Month 2 check-in/);
    const link = /https?:\/\/\S+\/my-application\/check-in\?answer=met#token=[\w-]+/.exec(
      mail.text,
    )?.[0];
    expect(link).toBeTruthy();
    // A mail scanner's prefetch (a GET of the link) records nothing.
    expect((await fetch(link as string)).status).toBe(200);
    const page = await (await browser.newContext()).newPage();
    await page.goto(link as string);
    // The page shows the choice; only the person's click records it.
    await expect(page.getByTestId('check-in-answer')).toHaveText(/no answer saved yet/);
    await page.getByRole('button', { name: 'Save my answer: We met' }).click();
    await expect(page.getByTestId('check-in-answer')).toHaveText(
      /Your answer for month 2 is saved: We met\./,
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `check-in page at ${width} px`);
    }
    await page.getByLabel('How is it going?').selectOption('5');
    await page.getByLabel('Anything for the coordinators?').fill('Great first months.');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Thank you: your details are saved.')).toBeVisible();
    await page.context().close();
  });

  await test.step('the mentor logs a session on My application', async () => {
    const page = await signedInParticipant(browser, pairs.steady.mentorEmail);
    const section = page.getByRole('region', {
      name: `Your mentorship with ${pairs.steady.studentName}`,
    });
    await expect(section.getByTestId('sessions-held')).toHaveText(/Sessions held: 1 of 4/);
    await section.getByLabel('Date of the session').fill(plusDays(START, 10));
    await section.getByLabel('How is it going?').selectOption('4');
    await section.getByRole('button', { name: 'Log this session' }).click();
    await expect(section.getByText('Your session is logged. Thank you!')).toBeVisible();
    await expect(section.getByTestId('sessions-held')).toHaveText(/Sessions held: 2 of 4/);
    // A date outside the pair's time: a field error, nothing logged.
    await section.getByLabel('Date of the session').fill(plusDays(TODAY, 3));
    await section.getByRole('button', { name: 'Log this session' }).click();
    await expect(section.getByText(/Enter a date from/)).toBeVisible();
    await expect(section.getByTestId('sessions-held')).toHaveText(/Sessions held: 2 of 4/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `My application with a pair at ${width} px`);
    }
    await page.context().close();
  });

  await test.step('the silent pair is at risk on the Pairs page, with its reason', async () => {
    const page = await coordinatorPage(browser);
    await page.goto(`/admin/pairs?cohort=${cohort.id}`);
    await expect(page.getByRole('heading', { name: 'Pairs', level: 1 })).toBeVisible();
    await expect(page.getByTestId('pairs-count-at-risk')).toContainText('1');
    await page.getByLabel('Show').selectOption('at-risk');
    const rows = page.getByTestId('pair-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(pairs.silent.studentName);
    await expect(rows.first().getByTestId('pair-state')).toHaveText('At risk');
    await expect(rows.first().getByTestId('pair-reasons')).toContainText(
      'No session logged in 50 days',
    );
    await page.getByLabel('Show').selectOption('on-track');
    await expect(rows.first()).toContainText(pairs.steady.studentName);
    await expect(rows.first()).toContainText('2 of 4');
    await page.getByRole('button', { name: 'Show what goes out' }).click();
    await expect(page.getByTestId('preview')).toBeVisible();
    await expect(page.getByText('Loading the next 14 days')).toBeHidden();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `Pairs page at ${width} px`);
    }

    await test.step('ended with a reason, and the student re-matched', async () => {
      await page.getByLabel('Show').selectOption('at-risk');
      await rows
        .first()
        .getByRole('button', { name: /End pair/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'End the pair' });
      await dialog.getByRole('button', { name: 'End pair' }).click();
      await expect(dialog.getByText('Choose a reason.')).toBeVisible();
      await dialog.getByLabel('Reason').selectOption('unresponsive');
      await dialog.getByLabel('Note (optional)').fill('No reply in seven weeks.');
      await expectNoAxeViolations(page, 'End the pair dialog');
      await dialog.getByRole('button', { name: 'End pair' }).click();
      await expect(page.getByText('The pair has ended. Both were told by e-mail.')).toBeVisible();
      await mailFor(pairs.silent.studentEmail, /has ended$/);
      await mailFor(pairs.silent.mentorEmail, /has ended$/);

      const mentorId = await createMentor(admin);
      const rematch = await assign(admin, mentorId, pairs.silent.studentId);
      expect(rematch.status).toBe(201);
      await page.reload();
      await page.getByLabel('Show').selectOption('ended');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Unresponsive');
      await page.getByLabel('Show').selectOption('all');
      await expect(
        page.getByTestId('pair-row').filter({ hasText: pairs.silent.studentName }),
      ).toHaveCount(1);
      await expect(page.getByTestId('pairs-count-at-risk')).toContainText('0');
    });
    await page.context().close();
  });

  await test.step('the cohort ends: completion, the certificate PDF, its public page, the report', async () => {
    // Month 3's session, held before the end. Today is month 2 and the site refuses a date after
    // today, so the test writes it as My application would have written it on that day.
    const heldOn = plusDays(START, 70);
    const session: SessionDoc = {
      pairId: pairs.steady.id,
      cohortId: cohort.id,
      studentId: pairs.steady.studentId,
      mentorId: pairs.steady.mentorId,
      heldOn,
      loggedBy: 'mentor',
      saidBy: ['log:mentor'],
      loggedAt: at(heldOn).toISOString(),
    };
    await firestore()
      .collection(PAIR_COLLECTIONS.sessions)
      .doc(`${pairs.steady.id}_3`)
      .set(session);
    await firestore()
      .collection('pairs')
      .doc(pairs.steady.id)
      .update({
        'progress.sessionsHeld': FieldValue.increment(1),
        'progress.lastSessionOn': heldOn,
      });

    // The day after the program's end: the steady pair (3 sessions) completes, once.
    const report = await runDailyWork(at(plusDays(cohort.programEnd, 1)));
    expect(report.jobs.completion).toMatchObject({ pairsCompleted: 1, certificates: 2 });
    const again = await runDailyWork(at(plusDays(cohort.programEnd, 1)));
    expect(again.jobs.completion).toMatchObject({ pairsCompleted: 0, certificates: 0 });
    const certificate = (await certificatesOf(pairs.steady.id)).find((c) => c.role === 'student');
    expect(certificate).toBeDefined();
    const id = (certificate as { id: string }).id;
    await mailFor(pairs.steady.studentEmail, /certificate/i);
    // A mail scanner opens the certificate e-mail's links first: nothing changes, because a
    // link only opens a page and acts on the person's click.
    await expectScanChangesNothing(browser, [
      await waitForMail(pairs.steady.studentEmail, /certificate/i),
    ]);

    const page = await signedInParticipant(browser, pairs.steady.studentEmail);
    const pdf = await downloadCertificateText(page);
    for (const expected of [
      'Certificate of recognition',
      pairs.steady.studentName,
      'Role: Mentee (student)',
      `Cohort: ${cohort.name}`,
      'Sessions held: 3 of 4',
      `Certificate id: ${id}`,
      `/certificates/${id}`,
    ]) {
      expect(pdf.text).toContain(expected);
    }
    const certificates = page.getByRole('region', { name: 'Your certificates' });
    await certificates.getByLabel(/Overall, how was your mentorship/).selectOption('4');
    await certificates.getByLabel(/Would you recommend/).selectOption('yes');
    await certificates.getByRole('button', { name: 'Send my answers' }).click();
    await expect(certificates.getByText('Thank you: your answers are saved.')).toBeVisible();

    await expectVerificationPage(page, id, {
      Name: pairs.steady.studentName,
      Role: 'Mentee (student)',
      Cohort: cohort.name,
      'Sessions held': '3 of 4',
      'Certificate id': id,
    });
    await expect(page.getByText(pairs.steady.mentorName)).toHaveCount(0);
    await page.context().close();

    // The report: what this test did. Three pairs (steady, silent, the re-match), three
    // sessions, one completed, one re-match (unresponsive), one check-in rating (5), one survey.
    const admin = await coordinatorPage(browser);
    expect(await reportFiguresFor(admin, cohort.id, cohort.name)).toEqual({
      pairsMade: '3',
      sessionsHeld: '3',
      pairsCompleted: '1',
      completionRate: '33%',
      rematches: '1',
      checkIn: '5 of 5',
      survey: '4 of 5',
      recommend: '100%',
    });
    await admin.context().close();
  });

  await test.step('no stored document holds a working link or token', async () => {
    const docs = await everyDocument();
    // What it looks through includes messages that carried links (retention has removed the
    // older ones by the cohort's end).
    expect(docs.some((d) => d.path.startsWith('mail/') && d.json.includes('"links"'))).toBe(true);
    // The scan finds what it looks for: a token kept in clear beside its hash, or a link.
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    expect(
      workingSecretsIn([
        { path: `checkInTokens/${hash}`, json: '{}' },
        { path: 'mail/a', json: JSON.stringify({ text: `Your code: ${token}` }) },
        { path: 'mail/b', json: JSON.stringify({ text: 'https://x.test/keep#token=abc' }) },
      ]),
    ).toEqual(['mail/a: a working token', 'mail/b: a link with a credential']);
    expect(workingSecretsIn(docs)).toEqual([]);
  });
});
