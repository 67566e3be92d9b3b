/**
 * Sessions planned, not only logged, and the session guides, in the browser with the
 * test's clock: a pair's student (in Tokyo) proposes a time on My application, the mentor (in
 * New York) accepts it, both receive the calendar invitation in the local inbox (the .ics read
 * back by ical.js: REQUEST, DTSTART in UTC), the daily work's reminder arrives from the run the
 * day before (not the run before that), and once the session has passed the student logs it
 * with one click. Another planned session is cancelled inside 24 hours: the partner is told it
 * came at short notice. The guide of each month is shown on the pair's card; a coordinator edits
 * a month on Session guides (a field error first) and goes back to the default. Axe at 375 and
 * 1280 px on each new screen.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import {
  DEFAULT_SESSION_GUIDES,
  GUIDE_MESSAGES,
  PLANNED_MESSAGES,
  formatInterviewTime,
  isoDayOf,
  plusDays,
} from '@mentorship/domain';
import { call, firestore, tokenFor } from '../tests/support/api';
import { mailsTo } from '../tests/support/inbox';
import { useFunctionParams } from '../tests/support/pairs';
import { seedCohort, seedPair, type SeededPair } from '../tests/support/seed';
import { wallClock } from '../tests/factories';
import { confirmWithLink, signInLinkFor } from './applicant-support';
import { deliveredIcs, readIcs } from './invitations';
import { axeAtBothWidths, coordinatorPage, openAdminSection, runDailyWork } from './support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';

let pair: SeededPair;

test.beforeAll(async () => {
  useFunctionParams();
  const admin = await tokenFor('admin');
  const cohort = await seedCohort(plusDays(isoDayOf(new Date()), -10));
  pair = await seedPair(admin, cohort.id, {
    assignedOn: plusDays(isoDayOf(new Date()), -3),
    names: { student: `Sora Planner ${Date.now()}`, mentor: `Maya Planner ${Date.now()}` },
  });
});

/** A browser in `zone`, signed in to My application by the e-mailed link. */
async function participant(browser: Browser, email: string, zone: string): Promise<Page> {
  const res = await call('POST', '/api/me/sign-in-link', { body: { email } });
  expect(res.status).toBe(202);
  const link = await signInLinkFor(email);
  const page = await (await browser.newContext({ timezoneId: zone })).newPage();
  await confirmWithLink(page, link, email);
  return page;
}

async function propose(page: Page, at: Date, zone: string) {
  const form = page.getByRole('form', { name: 'Plan a session' });
  const { date, time } = wallClock(at, zone);
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Time').fill(time);
  await form.getByRole('button', { name: 'Propose this time' }).click();
  await expect(form.getByRole('status')).toHaveText(PLANNED_MESSAGES.proposed);
}

const plannedRegion = (page: Page) => page.getByRole('region', { name: 'Planned sessions' });
/** Reloads My application and waits for the pair's planned sessions (a slow stack takes a while). */
async function reload(page: Page) {
  await page.reload();
  await expect(plannedRegion(page)).toBeVisible({ timeout: 60_000 });
}
/** A planned session's item, found by its time as that person's browser shows it. */
const item = (page: Page, startsAt: Date, zone: string) =>
  plannedRegion(page)
    .getByRole('listitem')
    .filter({ hasText: formatInterviewTime(startsAt.toISOString(), zone) });

const subjectsTo = async (address: string) => (await mailsTo(address)).map((m) => m.subject);

test('a pair plans, is invited and reminded, logs the session; another is cancelled at short notice; the guides', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The student proposes a time three days ahead, 10:00 in Tokyo.
  const student = await participant(browser, pair.studentEmail, TOKYO);
  await expect(plannedRegion(student)).toBeVisible({ timeout: 60_000 });
  const startsAt = new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR);
  await propose(student, startsAt, TOKYO);
  await expect(item(student, startsAt, TOKYO)).toContainText('Proposed by you');
  await expect(plannedRegion(student)).toContainText(
    formatInterviewTime(startsAt.toISOString(), TOKYO),
  );
  await axeAtBothWidths(student, 'my application with a proposed session', { screenshots: true });

  // The mentor, in New York, sees it in their own zone and accepts.
  const mentor = await participant(browser, pair.mentorEmail, NEW_YORK);
  await expect(plannedRegion(mentor)).toBeVisible({ timeout: 60_000 });
  const proposed = item(mentor, startsAt, NEW_YORK);
  await expect(proposed).toContainText(formatInterviewTime(startsAt.toISOString(), NEW_YORK));
  await expect(proposed).toContainText(`${pair.studentName} proposes this time.`);
  await axeAtBothWidths(mentor, 'my application with a session to accept', { screenshots: true });
  await proposed.getByRole('button', { name: 'Accept this time' }).click();
  await expect(plannedRegion(mentor).getByRole('status').first()).toHaveText(
    PLANNED_MESSAGES.accepted,
  );
  await expect(item(mentor, startsAt, NEW_YORK)).toContainText('Planned: in both calendars.');

  // Both calendars get the invitation.
  for (const address of [pair.studentEmail, pair.mentorEmail]) {
    const ics = readIcs(await deliveredIcs(address, /^Session planned with/));
    expect(ics).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      utc: true,
      start: startsAt.toISOString(),
    });
  }

  // The daily work (03:00 UTC): the run two days before sends nothing, the run the day before
  // (the last one at least 24 hours before the session) reminds both.
  const latest = startsAt.getTime() - DAY;
  const sameDay = new Date(latest);
  sameDay.setUTCHours(3, 0, 0, 0);
  const reminding = sameDay.getTime() <= latest ? sameDay : new Date(sameDay.getTime() - DAY);
  await runDailyWork(new Date(reminding.getTime() - DAY));
  expect(await subjectsTo(pair.studentEmail)).not.toContainEqual(
    expect.stringMatching(/^Reminder: your session with/),
  );
  await runDailyWork(reminding);
  await runDailyWork(reminding);
  for (const address of [pair.studentEmail, pair.mentorEmail]) {
    await expect
      .poll(async () =>
        (await subjectsTo(address)).filter((s) => /^Reminder: your session with/.test(s)),
      )
      .toHaveLength(1);
  }

  // The session took place (arranged: its time moved to yesterday); one click logs it.
  const planned = await firestore()
    .collection('plannedSessions')
    .where('pairId', '==', pair.id)
    .get();
  const held = new Date(Date.now() - 26 * HOUR);
  held.setUTCMinutes(0, 0, 0);
  await planned.docs[0]?.ref.update({ startsAt: held.toISOString() });
  await reload(student);
  const past = item(student, held, TOKYO);
  await expect(past).toContainText('Did it happen?');
  await past.getByRole('button', { name: 'Yes, log this session' }).click();
  await expect(plannedRegion(student).getByRole('status').first()).toHaveText(
    'Your session is logged. Thank you!',
  );
  await expect(student.getByTestId('sessions-held')).toContainText('1 of 4');

  // Another session, six hours ahead, accepted, then cancelled by the mentor inside 24 hours.
  const soon = new Date(Math.ceil((Date.now() + 6 * HOUR) / HOUR) * HOUR);
  await reload(mentor);
  await propose(mentor, soon, NEW_YORK);
  await reload(student);
  await item(student, soon, TOKYO).getByRole('button', { name: 'Accept this time' }).click();
  await expect(plannedRegion(student).getByRole('status').first()).toHaveText(
    PLANNED_MESSAGES.accepted,
  );
  await reload(mentor);
  await item(mentor, soon, NEW_YORK).getByRole('button', { name: 'Cancel this session' }).click();
  await expect(plannedRegion(mentor).getByRole('status').first()).toHaveText(
    PLANNED_MESSAGES.cancelledShortNotice,
  );
  const cancelled = readIcs(
    await deliveredIcs(pair.studentEmail, /^Session cancelled at short notice/),
  );
  expect(cancelled).toMatchObject({ method: 'CANCEL', sequence: 1, start: soon.toISOString() });

  // The guide of each month: this month's open, the others a click away.
  const guides = student.getByRole('region', { name: 'Session guides' });
  await expect(guides.getByText('Month 1 (this month)')).toBeVisible();
  for (const guide of DEFAULT_SESSION_GUIDES) {
    const card = guides.getByTestId(`guide-${guide.month}`);
    const question = card.getByText(guide.questions[0] as string);
    if (guide.month !== 1) {
      await expect(question).toBeHidden();
      await card.getByText(`Month ${guide.month}`, { exact: true }).click();
    }
    await expect(question).toBeVisible();
    await expect(card).toContainText(`Suggested topics: ${guide.topics.join(', ')}`);
  }
  await axeAtBothWidths(student, 'my application with the guides open', { screenshots: true });
});

test('a coordinator edits a month on Session guides, field by field, and goes back to the default', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await coordinatorPage(browser);
  await openAdminSection(page, 'Guides', 'Session guides');
  const month = page.getByRole('region', { name: 'Month 2' });
  await expect(month).toContainText("The program's default");
  await axeAtBothWidths(page, 'session guides', { screenshots: true });

  const questions = month.getByLabel('Questions for month 2 (one per line)');
  await questions.fill('');
  await month.getByRole('button', { name: 'Save month 2' }).click();
  await expect(month.getByText('Write at least one question.')).toBeVisible();
  await axeAtBothWidths(page, 'session guides with an error', { screenshots: true });
  await questions.fill('What will you try before the next session?\nWhat surprised you?');
  await month.getByRole('button', { name: 'Save month 2' }).click();
  await expect(month.getByRole('status')).toHaveText(GUIDE_MESSAGES.saved(2));
  await expect(month).toContainText('Edited');

  await month.getByRole('button', { name: 'Use the default' }).click();
  await expect(month.getByRole('status')).toHaveText(GUIDE_MESSAGES.reset(2));
  await expect(questions).toHaveValue((DEFAULT_SESSION_GUIDES[1]?.questions ?? []).join('\n'));
});
