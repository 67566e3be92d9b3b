/**
 * Screening interviews, through the API: two mentors racing for one slot (one wins),
 * the calendar files of a booking, a move and a cancellation parsed back by an independent
 * parser (ical.js: UID, SEQUENCE, DTSTART in UTC, METHOD), the stated change cut-off, the cap on
 * changes, the day-before reminder sent once, the outcome as the review decision, and erasure.
 * Every calendar file also passes the calendar format check (tests/support/calendar.ts).
 */
import {
  INTERVIEW_MESSAGES,
  INTERVIEW_RULES,
  interviewPaths,
  type InterviewSlotView,
  type MentorInterviewView,
  type MyInterviewResponse,
} from '@mentorship/domain';
import { runInterviewReminders } from '../../functions/src/interviews/service';
import { call, confirmApplicant, firestore, ownClient, tokenFor } from '../support/api';
import { coordinatorToken as adminToken } from '../support/coordinator';
import {
  attachedEvents,
  calendarFormatProblems,
  expectInvitedMovedCancelled,
  importedEvent,
} from '../support/calendar';
import { leftoversOf } from '../support/erasure';
import { queuedAbout, waitForMail } from '../support/inbox';
import { mentorApplication } from '../factories';
import { doc, inTurn } from '../support/seed';

jest.setTimeout(90_000);

const HOUR = 3_600_000;
/** A whole minute, `hours` from now (slots are published to the minute). */
const inHours = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / 60_000) * 60_000);

async function publish(startsAt: Date, extra: Record<string, unknown> = {}) {
  const res = await call<{ slot: InterviewSlotView }>('POST', interviewPaths.slots, {
    token: adminToken,
    body: {
      startsAt: startsAt.toISOString(),
      minutes: 20,
      place: 'video',
      where: 'https://meet.example.org/screening',
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return res.body.slot;
}

async function applyAsMentor() {
  const application = mentorApplication();
  const res = await call<{ id: string }>('POST', '/api/mentor-registration', {
    headers: ownClient(),
    body: application,
  });
  expect(res.status).toBe(201);
  const token = await confirmApplicant(application.email);
  return { id: res.body.id, email: application.email, fullName: application.fullName, token };
}

const book = (token: string, slotId: string) =>
  call<MyInterviewResponse & { error?: { message: string } }>('PUT', interviewPaths.mine, {
    token,
    body: { slotId },
  });

it('two mentors race for one slot: exactly one books it, the other is told it was taken', async () => {
  const slot = await publish(inHours(48));
  const [a, b] = await Promise.all([applyAsMentor(), applyAsMentor()]);
  const results = await Promise.all([book(a.token, slot.id), book(b.token, slot.id)]);
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([200, 409]);
  const loser = results.find((r) => r.status === 409);
  expect(loser?.body.error?.message).toBe(INTERVIEW_MESSAGES.slotTaken);
  const winner = results[0]?.status === 200 ? a : b;
  const stored = await doc('interviewSlots', slot.id);
  expect(stored?.mentorId).toBe(winner.id);
  // Only the winner has a booking; the loser's My application lists no slot that is taken.
  const loserToken = winner === a ? b.token : a.token;
  const loserView = await call<MyInterviewResponse>('GET', interviewPaths.mine, {
    token: loserToken,
  });
  expect(loserView.body.booking).toBeNull();
  expect(loserView.body.slots.map((s) => s.id)).not.toContain(slot.id);
});

it('book, move, cancel: one UID, a higher SEQUENCE each time, DTSTART in UTC, REQUEST then CANCEL, for both sides', async () => {
  const first = await publish(inHours(72));
  const second = await publish(inHours(96), { place: 'phone', where: '+1 555 0100' });
  const mentor = await applyAsMentor();

  const booked = await book(mentor.token, first.id);
  expect(booked.status).toBe(200);
  expect(booked.body.message).toBe(INTERVIEW_MESSAGES.booked);
  expect(booked.body.booking).toMatchObject({ slotId: first.id, canChange: true });
  const moved = await book(mentor.token, second.id);
  expect(moved.status).toBe(200);
  expect(moved.body.message).toBe(INTERVIEW_MESSAGES.moved);
  expect(await doc('interviewSlots', first.id)).toMatchObject({ mentorId: null });
  const cancelled = await call<MyInterviewResponse>('DELETE', interviewPaths.mine, {
    token: mentor.token,
  });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.booking).toBeNull();
  expect(await doc('interviewSlots', second.id)).toMatchObject({ mentorId: null });

  const mail = (await queuedAbout(mentor.id)).filter((m) => m.kind.startsWith('interview-'));
  const toMentor = mail.filter((m) => m.to.includes(mentor.email));
  const toHost = mail.filter((m) => m.to.includes(first.hostEmail));
  expect(toMentor.map((m) => m.kind)).toEqual([
    'interview-invitation',
    'interview-invitation',
    'interview-cancelled',
  ]);
  expect(toHost.map((m) => m.kind)).toEqual(toMentor.map((m) => m.kind));
  for (const side of [toMentor, toHost]) {
    const files = attachedEvents(side);
    // Each file imports into a calendar: the format check (VCALENDAR with VERSION, PRODID and
    // METHOD; one VEVENT with DTSTAMP, UID, DTSTART, SEQUENCE, ORGANIZER, ATTENDEE, DURATION;
    // CRLF lines of at most 75 octets; the same event after a round trip through ical.js).
    for (const { file } of files) expect(calendarFormatProblems(file.content)).toEqual([]);
    expect(files.map((f) => importedEvent(f.file.content))).toEqual([
      expect.objectContaining({ method: 'REQUEST', status: 'CONFIRMED', sequence: 0 }),
      expect.objectContaining({ method: 'REQUEST', status: 'CONFIRMED', sequence: 1 }),
      expect.objectContaining({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 }),
    ]);
    const [b, mv] = expectInvitedMovedCancelled(files, /^interview-.+@/);
    expect(b?.start).toBe(first.startsAt);
    expect(mv?.start).toBe(second.startsAt);
    expect(b?.dtstartRaw).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(b?.utc).toBe(true);
    expect(b?.duration).toBe(20 * 60);
    expect(b?.attendees).toEqual(expect.arrayContaining([mentor.email, first.hostEmail]));
  }

  // Delivered through the local relay with the file attached (MailDev lists attachments).
  const delivered = (await waitForMail(mentor.email, /cancelled/)) as unknown as {
    attachments?: { contentType: string; generatedFileName?: string; fileName?: string }[];
  };
  expect(delivered.attachments?.map((f) => f.contentType)).toEqual([
    expect.stringMatching(/^text\/calendar/),
  ]);
});

it(`a booking cannot be moved or cancelled within ${INTERVIEW_RULES.changeCutoffHours} hours of its start`, async () => {
  const soon = await publish(inHours(INTERVIEW_RULES.changeCutoffHours - 1));
  const later = await publish(inHours(100));
  const mentor = await applyAsMentor();
  const booked = await book(mentor.token, soon.id);
  expect(booked.status).toBe(200);
  expect(booked.body.booking?.canChange).toBe(false);
  const move = await book(mentor.token, later.id);
  expect(move.status).toBe(409);
  expect(move.body.error?.message).toBe(INTERVIEW_MESSAGES.tooLate);
  const cancel = await call<{ error: { message: string } }>('DELETE', interviewPaths.mine, {
    token: mentor.token,
  });
  expect(cancel.status).toBe(409);
  expect(cancel.body.error.message).toBe(INTERVIEW_MESSAGES.tooLate);
});

it(`an application may book, move or cancel ${INTERVIEW_RULES.maxChanges} times, then is told to write`, async () => {
  const slots = await inTurn(INTERVIEW_RULES.maxChanges + 1, (i) => publish(inHours(200 + i)));
  const mentor = await applyAsMentor();
  for (const slot of slots.slice(0, INTERVIEW_RULES.maxChanges)) {
    expect((await book(mentor.token, slot.id)).status).toBe(200);
  }
  const over = await book(mentor.token, slots[INTERVIEW_RULES.maxChanges]?.id ?? '');
  expect(over.status).toBe(429);
  expect(over.body.error?.message).toBe(INTERVIEW_MESSAGES.tooManyChanges);
});

it('the reminder goes the day before, once, to both sides', async () => {
  // A slot on the UTC day after "today" of the run below, and one two days later.
  const runAt = new Date(Date.UTC(2031, 2, 10, 3, 0));
  const tomorrow = new Date(Date.UTC(2031, 2, 11, 15, 30));
  const mentor = await applyAsMentor();
  const other = await applyAsMentor();
  const later = await publish(inHours(300));
  const slotDay = await publish(inHours(301));
  expect((await book(mentor.token, slotDay.id)).status).toBe(200);
  expect((await book(other.token, later.id)).status).toBe(200);
  // The booking moved to the run's tomorrow (the API publishes at most 180 days ahead).
  const { Timestamp } = await import('firebase-admin/firestore');
  await firestore()
    .collection('interviewBookings')
    .doc(mentor.id)
    .update({ startsAt: Timestamp.fromDate(tomorrow) });

  await runInterviewReminders(runAt);
  await runInterviewReminders(runAt);
  const kinds = async (id: string) =>
    (await queuedAbout(id)).filter((m) => m.kind === 'interview-reminder');
  const reminders = await kinds(mentor.id);
  expect(reminders.map((m) => m.to).sort()).toEqual([[mentor.email], [slotDay.hostEmail]].sort());
  expect(await kinds(other.id)).toEqual([]);
  await waitForMail(mentor.email, /^Reminder: your screening interview is tomorrow$/);
});

it('the outcome is the review decision: attended and approved makes the mentor active', async () => {
  const slot = await publish(inHours(30));
  const mentor = await applyAsMentor();
  expect((await book(mentor.token, slot.id)).status).toBe(200);
  const outcome = await call<MentorInterviewView & { message: string }>(
    'POST',
    interviewPaths.outcome(mentor.id),
    { token: adminToken, body: { attendance: 'attended', decision: 'approve' } },
  );
  expect(outcome.status).toBe(200);
  expect(outcome.body).toMatchObject({
    reviewStatus: 'approved',
    booking: { attendance: 'attended', decision: 'approve' },
  });
  expect(await doc('mentors', mentor.id)).toMatchObject({
    reviewStatus: 'approved',
    isActive: true,
  });
  await waitForMail(mentor.email, /approved/i);
  // Decided: no more booking, moving or a second outcome.
  const again = await call('POST', interviewPaths.outcome(mentor.id), {
    token: adminToken,
    body: { attendance: 'attended', decision: 'decline', reason: 'Changed my mind' },
  });
  expect(again.status).toBe(409);
  expect((await book(mentor.token, (await publish(inHours(40))).id)).status).toBe(409);
});

it('a decline needs a reason, and the mentor is declined with it', async () => {
  const slot = await publish(inHours(31));
  const mentor = await applyAsMentor();
  expect((await book(mentor.token, slot.id)).status).toBe(200);
  const missing = await call<{ error: { fields: Record<string, string> } }>(
    'POST',
    interviewPaths.outcome(mentor.id),
    { token: adminToken, body: { attendance: 'no-show', decision: 'decline' } },
  );
  expect(missing.status).toBe(400);
  expect(Object.keys(missing.body.error.fields)).toEqual(['reason']);
  const declined = await call('POST', interviewPaths.outcome(mentor.id), {
    token: adminToken,
    body: { attendance: 'no-show', decision: 'decline', reason: 'Did not attend.' },
  });
  expect(declined.status).toBe(200);
  expect(await doc('mentors', mentor.id)).toMatchObject({
    reviewStatus: 'declined',
    declineReason: 'Did not attend.',
  });
});

it('deleting an interviewed mentor leaves no booking, no slot naming them and no message about them', async () => {
  const slot = await publish(inHours(32));
  const mentor = await applyAsMentor();
  expect((await book(mentor.token, slot.id)).status).toBe(200);
  expect(
    (
      await call('POST', interviewPaths.outcome(mentor.id), {
        token: adminToken,
        body: { attendance: 'attended', decision: 'approve' },
      })
    ).status,
  ).toBe(200);
  expect((await queuedAbout(mentor.id)).length).toBeGreaterThan(0);
  const removed = await call('DELETE', `/api/admin/mentors/${mentor.id}`, { token: adminToken });
  expect(removed.status).toBe(200);
  expect(await doc('interviewBookings', mentor.id)).toBeUndefined();
  expect(await doc('interviewSlots', slot.id)).toMatchObject({ mentorId: null });
  expect(await queuedAbout(mentor.id)).toEqual([]);
  const people = await firestore()
    .collection('mail')
    .where('people', 'array-contains', mentor.id)
    .get();
  expect(people.size).toBe(0);
  // The erasure scan: no document anywhere holds their address, name or id (the history keeps
  // the id alone, as docs/data-model.md says).
  expect(await leftoversOf([mentor.email, mentor.fullName, mentor.id], mentor.id)).toEqual([]);
});

it('coordinators only: the slots, the outcome; the mentor door needs a sign-in', async () => {
  const user = await tokenFor('user');
  expect((await call('GET', interviewPaths.slots, { token: user })).status).toBe(403);
  expect((await call('GET', interviewPaths.mine)).status).toBe(401);
  const bad = await call<{ error: { fields: Record<string, string> } }>(
    'POST',
    interviewPaths.slots,
    {
      token: adminToken,
      body: {
        startsAt: '2000-01-01T10:00:00.000Z',
        minutes: 30,
        place: 'video',
        where: 'http://x',
      },
    },
  );
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields).toEqual({
    startsAt: INTERVIEW_MESSAGES.startsAtRequired,
    minutes: INTERVIEW_MESSAGES.minutes,
    where: INTERVIEW_MESSAGES.videoUrl,
  });
});
