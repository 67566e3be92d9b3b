/**
 * The program's calendar end to end, through the local inbox: a coordinator opens a
 * cohort's Events screen and sets the orientation for mentors and the closing event; a mentor is
 * approved and receives the orientation's invitation (the .ics read back by ical.js: UTC,
 * METHOD:REQUEST); the coordinator marks the mentor's attendance; a pair's student and mentor
 * reply to the closing event from the e-mailed link ("I'm coming" / "I can't come"), and the
 * cohort's Events screen counts them. Axe on every new screen at 375 and 1280 px.
 */
import { expect, test } from './fixtures';
import ICAL from 'ical.js';
import { CLOSING_EVENT_PAGE } from '@mentorship/domain';
import { call, tokenFor } from '../tests/support/api';
import { linkIn, waitForMail } from '../tests/support/inbox';
import { deliveredIcs } from './invitations';
import { apply, moveToCohort, seedCohort, seedPair } from '../tests/support/seed';
import { axeAtBothWidths, coordinatorPage, unique } from './support';

/** A local date `days` ahead, as the form's date field takes it. */
function localDay(days: number) {
  const at = new Date();
  at.setDate(at.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

test('orientation and closing event: set, invited, attended, replied and counted', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenFor('admin');
  const tag = unique();
  const started = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const cohort = await seedCohort({ programStart: started, name: `Calendar ${tag}` });
  const pair = await seedPair(admin, cohort.id);
  const mentor = await apply('mentor', { confirm: true });
  await moveToCohort('mentor', mentor.id, cohort.id);

  // The coordinator opens the cohort's Events screen from the Cohorts page.
  const page = await coordinatorPage(browser);
  await page.goto('/admin/cohorts');
  await page.getByRole('link', { name: `Events of ${cohort.name}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${cohort.name}: orientation and closing event` }),
  ).toBeVisible();

  // A refused event shows its field errors.
  const orientation = page.getByTestId('event-mentor-orientation');
  await orientation.getByLabel('Date').fill('2020-01-01');
  await orientation.getByLabel('Start time').fill('09:00');
  await orientation.getByLabel('Place or link').fill('http://meet.example.org/x');
  await orientation.getByRole('button', { name: 'Set orientation for mentors' }).click();
  await expect(orientation.getByText('Enter a date and time in the future.')).toBeVisible();
  await expect(orientation.getByText('A link must start with https://.')).toBeVisible();

  await orientation.getByLabel('Date').fill(localDay(5));
  await orientation.getByLabel('Start time').fill('18:00');
  await orientation.getByLabel('Length (minutes)').fill('60');
  await orientation.getByLabel('Place or link').fill(`https://meet.example.org/o-${tag}`);
  await orientation.getByRole('button', { name: 'Set orientation for mentors' }).click();
  await expect(orientation.getByText(`https://meet.example.org/o-${tag}`).first()).toBeVisible();

  const closing = page.getByTestId('event-closing');
  await closing.getByLabel('Date').fill(localDay(20));
  await closing.getByLabel('Start time').fill('17:30');
  await closing.getByLabel('Length (minutes)').fill('120');
  await closing.getByLabel('Place or link').fill(`Town Hall ${tag}`);
  await closing.getByRole('button', { name: 'Set closing event' }).click();
  await expect(closing.getByTestId('count-not-answered')).toHaveText('Not answered: 2');
  await axeAtBothWidths(page, 'cohort events page', { screenshots: true });

  // The mentor is approved and gets the orientation's invitation.
  const approved = await call('PUT', `/api/admin/mentors/${mentor.id}/review`, {
    token: admin,
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
  const ics = await deliveredIcs(mentor.email, /You're invited: the orientation for mentors/);
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const start = calendar
    .getFirstSubcomponent('vevent')
    ?.getFirstPropertyValue('dtstart') as ICAL.Time;
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  expect(start.zone?.tzid).toBe('UTC');

  // The coordinator marks the approved mentor's attendance (the pair's mentor, made by a
  // coordinator, is invited too).
  await page.reload();
  const attended = page
    .getByTestId('event-mentor-orientation')
    .getByRole('checkbox', { name: `${mentor.application.fullName} attended` });
  await expect(attended).toHaveCount(1);
  await attended.focus();
  await page.keyboard.press('Space');
  await expect(attended).toBeChecked();
  await expect(
    page.getByTestId('event-mentor-orientation').getByTestId('count-attended'),
  ).toHaveText('Attended: 1');

  // The pair's student and mentor reply from the e-mailed link.
  for (const [address, button, said] of [
    [pair.studentEmail, "I'm coming", "Thank you: you're coming. See you there!"],
    [pair.mentorEmail, "I can't come", "Thank you for letting us know you can't come."],
  ] as const) {
    const mail = await waitForMail(address, /You're invited: the closing event/);
    const link = linkIn(mail, CLOSING_EVENT_PAGE);
    const participant = await (await browser.newContext()).newPage();
    await participant.goto(link.toString());
    await expect(participant.getByText(`Town Hall ${tag}`)).toBeVisible();
    if (address === pair.studentEmail)
      await axeAtBothWidths(participant, 'closing event page', { screenshots: true });
    await participant.getByRole('button', { name: button }).click();
    await expect(participant.getByTestId('closing-event-answer')).toHaveText(said);
    await participant.context().close();
  }

  // The cohort's screen counts the replies.
  await page.reload();
  await expect(page.getByTestId('event-closing').getByTestId('count-coming')).toHaveText(
    'Coming: 1',
  );
  await expect(page.getByTestId('event-closing').getByTestId('count-not-coming')).toHaveText(
    'Not coming: 1',
  );
  await expect(page.getByTestId('event-closing').getByTestId('count-not-answered')).toHaveText(
    'Not answered: 0',
  );
});
