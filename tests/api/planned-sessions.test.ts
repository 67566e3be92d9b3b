/**
 * Sessions planned, not only logged, and the session guides, through the API: a
 * proposal entered in the sender's zone, accepted, moved and cancelled, each calendar file parsed
 * back by an independent parser (ical.js: one UID, SEQUENCE rising, DTSTART in UTC, METHOD:CANCEL);
 * a cancellation inside 24 hours said to be at short notice; the day-before reminder sent once, to
 * both, by the right daily run (the test's clock), and never after the pair ends or a person is
 * erased; an accepted session nobody logged asked about in the month's check-in, logged by its
 * one-click "We met"; the guides' defaults, a coordinator's edit (with field-level errors) and
 * the guide sent with the check-in before its month.
 */
import {
  myApplicationPaths,
  DEFAULT_SESSION_GUIDES,
  type MyDataExport,
  type MyPairsChange,
  type MyPairsResponse,
  pairPaths,
  PLANNED_MESSAGES,
  sessionGuidePaths,
  type SessionGuidesResponse,
} from '@mentorship/domain';
import { whenText } from '../../functions/src/calendar/ics';
import { runPlannedSessionReminders } from '../../functions/src/pairs/planned-sessions';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { call, confirmApplicant, firestore } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { wallClock } from '../factories';
import { attachedEvents, expectInvitedMovedCancelled, importedEvent } from '../support/calendar';
import { queuedAbout, waitForMail } from '../support/inbox';
import { checkInLink, outboxAbout, useFunctionParams } from '../support/pairs';
import { seedCohort, seedPair, type SeededPair } from '../support/seed';

jest.setTimeout(180_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';

let cohortId: string;

beforeAll(async () => {
  useFunctionParams();
  const start = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
  cohortId = (await seedCohort(start)).id;
});

/** A whole hour, `hours` from now. */
const inHours = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR);

interface Side {
  token: string;
  email: string;
}
async function sides(pair: SeededPair): Promise<{ student: Side; mentor: Side }> {
  const [s, m] = await Promise.all([
    confirmApplicant(pair.studentEmail),
    confirmApplicant(pair.mentorEmail),
  ]);
  return {
    student: { token: s, email: pair.studentEmail },
    mentor: { token: m, email: pair.mentorEmail },
  };
}

const propose = (side: Side, pairId: string, at: Date, zone: string) =>
  call<MyPairsChange & { error?: { message: string; fields?: Record<string, string> } }>(
    'POST',
    pairPaths.myPlanned(pairId),
    { token: side.token, body: { ...wallClock(at, zone), timeZone: zone } },
  );
const act = (
  side: Side,
  pairId: string,
  plannedId: string,
  action: 'accept' | 'cancel',
  zone: string,
) =>
  call<MyPairsChange & { error?: { message: string } }>(
    'POST',
    pairPaths.myPlannedAction(pairId, plannedId, action),
    { token: side.token, body: { timeZone: zone } },
  );
const counter = (side: Side, pairId: string, plannedId: string, at: Date, zone: string) =>
  call<MyPairsChange & { error?: { message: string } }>(
    'POST',
    pairPaths.myPlannedAction(pairId, plannedId, 'counter'),
    { token: side.token, body: { ...wallClock(at, zone), timeZone: zone } },
  );

const queued = async (pairId: string, kindPrefix = 'planned-session') =>
  (await queuedAbout(pairId)).filter((m) => m.kind.startsWith(kindPrefix));

const myPairs = (side: Side) =>
  call<MyPairsResponse>('GET', pairPaths.myPairs, { token: side.token });

/** A new pair whose student proposed a time `hours` ahead (in Tokyo) and whose mentor accepted it. */
async function acceptedSession(hours: number) {
  const pair = await seedPair(admin, cohortId);
  const { student, mentor } = await sides(pair);
  const proposed = await propose(student, pair.id, inHours(hours), TOKYO);
  const plannedId = proposed.body.pairs[0]?.planned[0]?.id as string;
  expect((await act(mentor, pair.id, plannedId, 'accept', NEW_YORK)).status).toBe(200);
  return { pair, student, mentor, plannedId };
}

it('a proposal in Tokyo, accepted in New York, moved and cancelled: one UID, SEQUENCE 0, 1, 2, DTSTART in UTC, each side told in their own zone', async () => {
  const pair = await seedPair(admin, cohortId);
  const { student, mentor } = await sides(pair);
  const first = inHours(72);
  const second = inHours(96);

  const proposed = await propose(student, pair.id, first, TOKYO);
  expect(proposed.status).toBe(200);
  expect(proposed.body.message).toBe(PLANNED_MESSAGES.proposed);
  const mine = proposed.body.pairs[0]?.planned ?? [];
  expect(mine).toHaveLength(1);
  const plannedId = mine[0]?.id as string;
  // Entered as a Tokyo wall clock, stored as the same instant.
  expect(mine[0]).toMatchObject({ startsAt: first.toISOString(), canAccept: false });
  const mentorView = await myPairs(mentor);
  expect(mentorView.body.pairs[0]?.planned[0]).toMatchObject({ id: plannedId, canAccept: true });

  // The proposer cannot accept their own time.
  const own = await act(student, pair.id, plannedId, 'accept', TOKYO);
  expect(own.status).toBe(409);
  expect(own.body.error?.message).toBe(PLANNED_MESSAGES.ownProposal);

  expect((await act(mentor, pair.id, plannedId, 'accept', NEW_YORK)).status).toBe(200);
  const moved = await counter(mentor, pair.id, plannedId, second, NEW_YORK);
  expect(moved.status).toBe(200);
  expect(moved.body.message).toBe(PLANNED_MESSAGES.countered);
  expect((await act(student, pair.id, plannedId, 'accept', TOKYO)).status).toBe(200);
  const cancelled = await act(student, pair.id, plannedId, 'cancel', TOKYO);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.message).toBe(PLANNED_MESSAGES.cancelled);
  expect(cancelled.body.pairs[0]?.planned).toEqual([]);

  const mail = await queued(pair.id);
  const toStudent = mail.filter((m) => m.to.includes(student.email));
  const toMentor = mail.filter((m) => m.to.includes(mentor.email));
  expect(toMentor.map((m) => m.kind)).toEqual([
    'planned-session-proposed',
    'planned-session-invitation',
    'planned-session-invitation',
    'planned-session-cancelled',
  ]);
  expect(toStudent.map((m) => m.kind)).toEqual([
    'planned-session-invitation',
    'planned-session-proposed',
    'planned-session-invitation',
    'planned-session-cancelled',
  ]);
  // Each side reads the time in their own zone: the zone they entered or accepted a time in
  // (before the mentor acted, their application names no IANA zone: UTC, said so).
  expect(toMentor[0]?.message.text).toContain(whenText(first, 60, null));
  expect(toMentor[0]?.message.text).toContain(' UTC, 60 minutes');
  expect(toMentor[1]?.message.text).toContain(whenText(first, 60, NEW_YORK));
  expect(toMentor[2]?.message.text).toContain(whenText(second, 60, NEW_YORK));
  expect(toStudent[0]?.message.text).toContain(whenText(first, 60, TOKYO));
  expect(toStudent[1]?.message.text).toContain(whenText(second, 60, TOKYO));
  expect(toMentor[3]?.message.text).not.toMatch(/short notice/);

  for (const side of [toStudent, toMentor]) {
    const files = attachedEvents(side.filter((m) => m.kind !== 'planned-session-proposed'));
    const [a, b] = expectInvitedMovedCancelled(files, /^planned-session-.+@/);
    expect(a?.start).toBe(first.toISOString());
    expect(b?.start).toBe(second.toISOString());
    expect(a?.dtstartRaw).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(a?.utc).toBe(true);
    expect(a?.duration).toBe(60 * 60);
    expect(a?.attendees).toEqual(expect.arrayContaining([student.email, mentor.email]));
  }
});

it('a pair a coordinator ends cancels its planned sessions in both calendars, saying the pair ended', async () => {
  const { pair, student, mentor } = await acceptedSession(80);
  // A second time, only proposed: in nobody's calendar.
  expect((await propose(mentor, pair.id, inHours(120), NEW_YORK)).status).toBe(200);

  // Each side's own download holds the pair's planned sessions (shared with the partner), without
  // the coordinators' reminder mark.
  const download = await call<MyDataExport>('GET', myApplicationPaths.export, {
    token: student.token,
  });
  expect(download.status).toBe(200);
  expect(download.body.plannedSessions?.map((p) => p.id).sort()).toHaveLength(2);
  expect(JSON.stringify(download.body.plannedSessions)).not.toContain('remindedAt');

  const ended = await call('POST', pairPaths.end(pair.id), {
    token: admin,
    body: { reason: 'left-the-program' },
  });
  expect(ended.status).toBe(200);

  const left = await firestore().collection('plannedSessions').where('pairId', '==', pair.id).get();
  expect(left.docs.map((d) => d.get('status'))).toEqual(['cancelled', 'cancelled']);
  const cancellations = (await queued(pair.id)).filter(
    (m) => m.kind === 'planned-session-cancelled',
  );
  expect(cancellations.map((m) => m.to[0]).sort()).toEqual([mentor.email, student.email].sort());
  const invitation = (await queued(pair.id)).find(
    (m) => m.kind === 'planned-session-invitation' && m.to.includes(student.email),
  );
  const before = importedEvent(invitation?.message.attachments?.[0]?.content ?? '');
  for (const m of cancellations) {
    expect(m.message.text).toContain('has ended, so your session of');
    expect(m.message.text).not.toContain('Plan another time');
    const file = importedEvent(m.message.attachments?.[0]?.content ?? '');
    expect(file).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: before.uid });
    expect(file.sequence).toBe(before.sequence + 1);
  }
});

it('refuses a time that has passed or falls after the program, on the field', async () => {
  const pair = await seedPair(admin, cohortId);
  const { student } = await sides(pair);
  const past = await propose(student, pair.id, new Date(Date.now() - 2 * HOUR), TOKYO);
  expect(past.status).toBe(400);
  expect(past.body.error?.fields?.time).toBe(PLANNED_MESSAGES.past);
  const late = await propose(student, pair.id, new Date(Date.now() + 400 * DAY), TOKYO);
  expect(late.status).toBe(400);
  expect(late.body.error?.fields?.date).toMatch(/on or before/);
  const bad = await call<{ error: { fields: Record<string, string> } }>(
    'POST',
    pairPaths.myPlanned(pair.id),
    { token: student.token, body: { date: '2026-13-01', time: '25:00', timeZone: 'Mars/Base' } },
  );
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.error.fields).sort()).toEqual(['date', 'time', 'timeZone']);
});

it('cancelling inside 24 hours is allowed and the partner is told it came at short notice', async () => {
  const { pair, student, mentor, plannedId: id } = await acceptedSession(6);
  const cancelled = await act(mentor, pair.id, id, 'cancel', NEW_YORK);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.message).toBe(PLANNED_MESSAGES.cancelledShortNotice);
  const toStudent = (await queued(pair.id, 'planned-session-cancelled')).filter((m) =>
    m.to.includes(student.email),
  );
  expect(toStudent).toHaveLength(1);
  expect(toStudent[0]?.message.subject).toMatch(/^Session cancelled at short notice/);
  expect(toStudent[0]?.message.text).toContain('cancelled your session');
  expect(toStudent[0]?.message.text).toContain('at short notice, less than 24 hours before it');
  const stored = (await firestore().collection('plannedSessions').doc(id).get()).data();
  expect(stored).toMatchObject({ status: 'cancelled', cancelledBy: 'mentor', shortNotice: true });
});

/** The 03:00 UTC daily run of the day `at` falls on. */
const runOn = (at: number) => {
  const d = new Date(at);
  d.setUTCHours(3, 0, 0, 0);
  return d;
};
/** The last daily run (03:00 UTC) at least 24 hours before `start`: the one that reminds. */
const remindingRun = (start: Date) => {
  const latest = start.getTime() - DAY;
  const run = runOn(latest);
  return run.getTime() <= latest ? run : new Date(run.getTime() - DAY);
};

it('the day-before reminder: sent once, to both, by the last daily run at least 24 hours before; never after the pair ends or a person is erased', async () => {
  const [kept, ended, erased, late] = (await Promise.all(
    [0, 1, 2, 3].map(() => seedPair(admin, cohortId)),
  )) as [SeededPair, SeededPair, SeededPair, SeededPair];
  const start = inHours(80);
  const plan = async (pair: SeededPair, at: Date) => {
    const { student, mentor } = await sides(pair);
    const proposed = await propose(mentor, pair.id, at, NEW_YORK);
    expect(proposed.status).toBe(200);
    const id = proposed.body.pairs[0]?.planned[0]?.id as string;
    expect((await act(student, pair.id, id, 'accept', TOKYO)).status).toBe(200);
    return { student, mentor, id };
  };
  const k = await plan(kept, start);
  await plan(ended, start);
  const e = await plan(erased, start);
  // Accepted less than 24 hours before it starts: the invitation was the notice.
  await plan(late, inHours(20));

  expect(
    (
      await call('POST', `/api/admin/pairs/${ended.id}/end`, {
        token: admin,
        body: { reason: 'other', note: null },
      })
    ).status,
  ).toBe(200);
  expect(
    (await call('DELETE', `/api/admin/students/${erased.studentId}`, { token: admin })).status,
  ).toBe(200);
  // Erasure took the pair's planned sessions with it.
  expect((await firestore().collection('plannedSessions').doc(e.id).get()).exists).toBe(false);

  const run = remindingRun(start);
  await runPlannedSessionReminders(new Date(run.getTime() - DAY)); // the run before: too early
  expect(await queued(kept.id, 'planned-session-reminder')).toHaveLength(0);
  await runPlannedSessionReminders(run);
  await runPlannedSessionReminders(run); // the same run again: nothing twice
  await runPlannedSessionReminders(new Date(Math.min(run.getTime() + DAY, start.getTime() - HOUR)));
  const reminders = await queued(kept.id, 'planned-session-reminder');
  expect(reminders.map((m) => m.to[0]).sort()).toEqual([k.student.email, k.mentor.email].sort());
  expect(reminders.find((m) => m.to.includes(k.student.email))?.message.text).toContain(
    whenText(start, 60, TOKYO),
  );
  expect(reminders.find((m) => m.to.includes(k.mentor.email))?.message.text).toContain(
    whenText(start, 60, NEW_YORK),
  );
  const stored = (await firestore().collection('plannedSessions').doc(k.id).get()).data();
  expect(stored?.remindedAt).toBe(run.toISOString());

  for (const pair of [ended, erased]) {
    expect(await queued(pair.id, 'planned-session-reminder')).toHaveLength(0);
  }
  for (let t = Date.now(); t < inHours(20).getTime(); t += 6 * HOUR) {
    await runPlannedSessionReminders(new Date(t));
  }
  expect(await queued(late.id, 'planned-session-reminder')).toHaveLength(0);
});

it('guides: the defaults until a coordinator edits a month; edits are checked field by field', async () => {
  const list = await call<SessionGuidesResponse>('GET', sessionGuidePaths.list, { token: admin });
  expect(list.status).toBe(200);
  expect(list.body.guides.map((g) => g.month)).toEqual([1, 2, 3, 4]);
  expect(list.body.guides[0]).toMatchObject({
    topics: DEFAULT_SESSION_GUIDES[0]?.topics,
    questions: DEFAULT_SESSION_GUIDES[0]?.questions,
    updatedAt: null,
  });
  const bad = await call<{ error: { fields: Record<string, string> } }>(
    'PUT',
    sessionGuidePaths.one(3),
    { token: admin, body: { topics: ['Astrology'], questions: [''] } },
  );
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.error.fields).join(' ')).toMatch(/topics/);
  expect(Object.keys(bad.body.error.fields).join(' ')).toMatch(/questions/);
  const noMonth = await call('PUT', '/api/admin/session-guides/7', {
    token: admin,
    body: { topics: ['Leadership'], questions: ['Why?'] },
  });
  expect(noMonth.status).toBe(400);
  const participant = await seedPair(admin, cohortId);
  const { student } = await sides(participant);
  expect((await call('GET', sessionGuidePaths.list, { token: student.token })).status).toBe(403);
});

// The check-in with a planned session: a cohort in the past (its days are owed to no other pair).
const START = '2023-09-04';

it("an accepted session nobody logged becomes the check-in question, logged by one click; the check-in carries the next month's guide as edited", async () => {
  const cohort = await seedCohort(START);
  const pair = await seedPair(admin, cohort.id, { assignedOn: '2023-08-20', mentorStays: true });
  const edited = {
    topics: ['Networking', 'Leadership'],
    questions: ['Which event could you attend together this month?'],
  };
  const saved = await call<SessionGuidesResponse>('PUT', sessionGuidePaths.one(2), {
    token: admin,
    body: edited,
  });
  expect(saved.status).toBe(200);
  expect(saved.body.guides[1]).toMatchObject(edited);
  try {
    // A session planned and accepted for month 1 (arranged as history: the API plans ahead only).
    await firestore()
      .collection('plannedSessions')
      .doc(`history-${pair.id}`)
      .set({
        pairId: pair.id,
        cohortId: cohort.id,
        studentId: pair.studentId,
        mentorId: pair.mentorId,
        startsAt: '2023-09-20T14:00:00.000Z',
        minutes: 60,
        status: 'accepted',
        proposedBy: 'student',
        zones: { student: TOKYO, mentor: null },
        uid: `planned-session-history-${pair.id}@bridgementorship.org`,
        sequence: 0,
        invited: true,
        acceptedAt: '2023-09-10T10:00:00.000Z',
        remindedAt: '2023-09-19T03:00:00.000Z',
        cancelledAt: null,
        cancelledBy: null,
        shortNotice: false,
        createdAt: '2023-09-09T10:00:00.000Z',
        updatedAt: '2023-09-10T10:00:00.000Z',
      });
    // Month 1 ends 2023-10-03; its check-ins are due from 2023-09-27.
    await runDailyWork(new Date('2023-09-27T03:00:00Z'));
    const checkIns = await outboxAbout(pair.id, 'check-in');
    expect(checkIns).toHaveLength(2);
    const toStudent = checkIns.find((m) => m.to.includes(pair.studentEmail));
    // Asked in the student's zone (Tokyo: 23:00 on September 20), with month 2's guide as edited.
    expect(toStudent?.text).toContain(
      `You planned a session with ${pair.mentorName} for ${whenText(new Date('2023-09-20T14:00:00Z'), 60, TOKYO)}. Did it happen?`,
    );
    expect(toStudent?.text).toContain('Your session guide for month 2:');
    expect(toStudent?.text).toContain(edited.questions[0]);
    // No separate e-mail about it.
    expect(await queued(pair.id, 'planned-session')).toHaveLength(0);

    // "We met", one click: the session is logged on the planned day.
    const delivered = await waitForMail(pair.studentEmail, /did your session with/);
    const { token } = checkInLink(delivered.text, 'met');
    const answered = await call('POST', pairPaths.checkInAnswer, {
      body: { token, answer: 'met' },
    });
    expect(answered.status).toBe(200);
    const sessions = await firestore().collection('sessions').where('pairId', '==', pair.id).get();
    expect(sessions.docs.map((d) => d.get('heldOn'))).toEqual(['2023-09-20']);
  } finally {
    expect((await call('DELETE', sessionGuidePaths.one(2), { token: admin })).status).toBe(200);
  }
  const back = await call<SessionGuidesResponse>('GET', sessionGuidePaths.list, { token: admin });
  expect(back.body.guides[1]).toMatchObject({
    questions: DEFAULT_SESSION_GUIDES[1]?.questions,
    updatedAt: null,
  });
});

it('the introduction of a new pair carries the first month’s session guide, to both', async () => {
  const pair = await seedPair(admin, cohortId);
  const intros = await queued(pair.id, 'new-pair');
  expect(intros.map((m) => m.to[0]).sort()).toEqual([pair.mentorEmail, pair.studentEmail].sort());
  const guides = await call<SessionGuidesResponse>('GET', sessionGuidePaths.list, {
    token: admin,
  });
  const first = guides.body.guides.find((g) => g.month === 1);
  expect(first).toBeDefined();
  for (const intro of intros) {
    expect(intro.message.text).toContain('Your session guide for month 1:');
    expect(intro.message.text).toContain(`Suggested topics: ${first?.topics.join(', ')}`);
  }
});
