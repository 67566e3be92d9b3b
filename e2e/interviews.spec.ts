/**
 * Screening interviews end to end, through the local inbox: a coordinator publishes
 * two slots on the Interviews page; a mentor whose application awaits review books one from My
 * application and moves it to the other; both get the calendar invitations by e-mail (the .ics
 * delivered as an attachment and read back by an independent parser, ical.js: same UID, higher
 * SEQUENCE, DTSTART in UTC, METHOD:REQUEST); the dashboard lists the interview; the coordinator
 * records "attended / approved" on the mentor's page and the mentor is approved (and told).
 * Axe on every new screen at 375 and 1280 px, with screenshots kept for a look. Two mentors who
 * book the same time at once: one gets it, the other is told why and the time is gone from their
 * list.
 */
import { expect, test } from './fixtures';
import { apiPaths, DATE_LOCALE, interviewPaths } from '@mentorship/domain';
import { mentorApplication } from '../tests/api/fixtures';
import { call, firestore, ownClient } from '../tests/support/api';
import { confirmWithLink, signInLinkFor } from './applicant-support';
import { deliveredIcs, mailsWithSubject, readIcs } from './invitations';
import {
  SHARED_ADMIN,
  axeAtBothWidths,
  coordinatorPage,
  sharedCoordinatorToken,
  expectNoAxeViolations,
  openAdminSection,
  unique,
} from './support';

/** How My application names a time (its radio's label), as a pattern. */
const slotLabel = (iso: string) =>
  new RegExp(
    new Date(iso)
      .toLocaleString(DATE_LOCALE, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
      .replace(/[,\s]+/g, '.*'),
  );

/** A local date and time `days` ahead at `hour`:00, as the form's fields take them. */
function localSlot(days: number, hour: number) {
  const at = new Date();
  at.setDate(at.getDate() + days);
  at.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(hour)}:00`,
    iso: at.toISOString(),
  };
}

test('a coordinator publishes slots; a mentor books, moves and attends, and is approved', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = unique();
  const application = { ...mentorApplication(tag), fullName: `Ines Interview ${tag}` };
  const res = await call<{ id: string }>('POST', apiPaths.mentorApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(res.status).toBe(201);
  const mentorId = res.body.id;

  // The coordinator publishes two slots (their own time zone is the browser's).
  const coordinator = await coordinatorPage(browser);
  await openAdminSection(coordinator, 'Interviews', 'Screening interviews');
  const first = localSlot(3, 10);
  const second = localSlot(4, 14);
  // A refused slot shows its field errors (a past date, a link that is not https).
  await coordinator.getByLabel('Date').fill('2020-01-01');
  await coordinator.getByLabel('Start time').fill('09:00');
  await coordinator.getByLabel('Video call link').fill('http://meet.example.org/x');
  await coordinator.getByRole('button', { name: 'Publish slot' }).click();
  await expect(coordinator.getByText('Enter a date and time in the future.').first()).toBeVisible();
  await expect(
    coordinator.getByText('Enter the video call link, starting with https://'),
  ).toBeVisible();
  const slotRows = coordinator
    .getByTestId('slot-row')
    .filter({ hasText: `https://meet.example.org/${tag}` });
  for (const [index, slot] of [first, second].entries()) {
    await coordinator.getByLabel('Date').fill(slot.date);
    await coordinator.getByLabel('Start time').fill(slot.time);
    await coordinator.getByLabel('Video call link').fill(`https://meet.example.org/${tag}`);
    await coordinator.getByRole('button', { name: 'Publish slot' }).click();
    await expect(slotRows).toHaveCount(index + 1);
  }
  await axeAtBothWidths(coordinator, 'interviews page', { screenshots: true });

  // The mentor confirms their address from the e-mail and books the first time.
  const mentor = await (await browser.newContext()).newPage();
  await confirmWithLink(mentor, await signInLinkFor(application.email), application.email);
  const section = mentor.getByRole('region', { name: 'Screening interview' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('until 12 hours before it starts');
  const firstLabel = slotLabel(first.iso);
  await section.getByRole('radio', { name: firstLabel }).check();
  await section.getByRole('button', { name: 'Book this time' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Your screening interview is booked. We e-mailed you a calendar invitation.',
  );
  await expect(section.getByTestId('my-interview')).toContainText(
    `https://meet.example.org/${tag}`,
  );
  await axeAtBothWidths(mentor, 'my application with an interview', { screenshots: true });

  // Moved to the second time.
  const secondLabel = slotLabel(second.iso);
  await section.getByRole('radio', { name: secondLabel }).check();
  await section.getByRole('button', { name: 'Move my interview' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Your screening interview is moved. We e-mailed you the updated invitation.',
  );

  // Both calendar files arrived with the mail, read back by ical.js.
  const booked = readIcs(
    await deliveredIcs(application.email, /^Your screening interview is booked$/),
  );
  const moved = readIcs(
    await deliveredIcs(application.email, /^Your screening interview has moved$/),
  );
  expect(booked).toMatchObject({ method: 'REQUEST', sequence: 0, utc: true, start: first.iso });
  expect(moved).toMatchObject({ method: 'REQUEST', sequence: 1, utc: true, start: second.iso });
  expect(moved.uid).toBe(booked.uid);
  const hostCopy = readIcs(
    await deliveredIcs(
      SHARED_ADMIN.email,
      new RegExp(`^Screening interview moved: ${application.fullName}$`),
    ),
  );
  expect(hostCopy).toMatchObject({ uid: booked.uid, sequence: 1, method: 'REQUEST' });

  // The dashboard lists it; the mentor's page records the outcome, which approves.
  await coordinator.goto('/admin/dashboard');
  await expect(
    coordinator.getByTestId('upcoming-interview').filter({ hasText: application.fullName }),
  ).toBeVisible();
  await coordinator
    .getByTestId('upcoming-interview')
    .getByRole('link', { name: application.fullName })
    .click();
  const block = coordinator.getByRole('region', { name: 'Screening interview' });
  await expect(block).toBeVisible();
  await axeAtBothWidths(coordinator, 'mentor page interview block', { screenshots: true });
  await block.getByLabel('Did the mentor attend?').selectOption('attended');
  await block.getByLabel('Decision').selectOption('approve');
  await block.getByRole('button', { name: 'Save outcome' }).click();
  await expect(block.getByTestId('interview-outcome')).toContainText('Attended, approved');
  const stored = await firestore().collection('mentors').doc(mentorId).get();
  expect(stored.get('reviewStatus')).toBe('approved');
  expect(stored.get('isActive')).toBe(true);
  await expect
    .poll(async () => (await mailsWithSubject(application.email, /approved/i)).length, {
      timeout: 45_000,
    })
    .toBeGreaterThan(0);

  // My application: approved, and nothing left to book.
  await mentor.reload();
  await expect(mentor.getByText(/^Status:/)).toHaveText('Status: Approved');
  await expect(mentor.getByRole('region', { name: 'Screening interview' })).toHaveCount(0);
});

test('two mentors book the same time at once: one gets it, the other is told and chooses again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  // One slot, published by a coordinator through the API (the page is covered above).
  const adminToken = await sharedCoordinatorToken();
  const slot = localSlot(5, 11);
  const published = await call('POST', interviewPaths.slots, {
    token: adminToken,
    body: {
      startsAt: slot.iso,
      minutes: 20,
      place: 'video',
      where: `https://meet.example.org/race-${tag}`,
    },
  });
  expect(published.status).toBe(201);

  // Two mentors awaiting review, each signed in to My application in a browser of their own.
  const mentors = await Promise.all(
    ['one', 'two'].map(async (name) => {
      const application = {
        ...mentorApplication(`${tag}-${name}`),
        fullName: `Rae ${name} ${tag}`,
      };
      const res = await call('POST', apiPaths.mentorApplication, {
        headers: ownClient(),
        body: application,
      });
      expect(res.status).toBe(201);
      const page = await (await browser.newContext()).newPage();
      await confirmWithLink(page, await signInLinkFor(application.email), application.email);
      const section = page.getByRole('region', { name: 'Screening interview' });
      const time = section.getByRole('radio', {
        name: slotLabel(slot.iso),
      });
      await time.check();
      return { page, section, time };
    }),
  );

  // Both click "Book this time" together: the transaction lets one through.
  await Promise.all(
    mentors.map((m) => m.section.getByRole('button', { name: 'Book this time' }).click()),
  );
  const outcome = async (m: (typeof mentors)[number]) => {
    await expect(
      m.section
        .getByText(/^Your screening interview is booked\.|^Someone has just booked this time\./)
        .first(),
    ).toBeVisible();
    return (await m.section.getByTestId('my-interview').count()) > 0 ? 'booked' : 'refused';
  };
  const results = await Promise.all(mentors.map(outcome));
  // (sorted as a copy: the index below must stay the mentor's own)
  expect([...results].sort()).toEqual(['booked', 'refused']);
  const refused = mentors[results.indexOf('refused')] as (typeof mentors)[number];
  // The one refused reads why, and the time taken is no longer offered to them.
  await expect(refused.section.getByRole('alert')).toHaveText(
    'Someone has just booked this time. Please choose another one.',
  );
  await expect(refused.time).toHaveCount(0);
  await expectNoAxeViolations(refused.page, 'my application after a refused booking');
  const slots = await firestore()
    .collection('interviewSlots')
    .where('where', '==', `https://meet.example.org/race-${tag}`)
    .get();
  expect(slots.docs.map((d) => typeof d.get('mentorId'))).toEqual(['string']);
});
