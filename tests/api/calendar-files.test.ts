/**
 * Every calendar file, read back field by field by two parsers that share no code with the
 * writer (ical.js and node-ical, tests/support/calendar-read.ts), with what broke the old files:
 * a join link with a host in capitals (`https://Zoom.us/j/123`) or a one-digit port, which made
 * the library throw (a saved event invited nobody and answered 500; a slot answered every
 * booking with 500), and a double quote in a person's name, which was written `\"` inside a
 * quoted parameter (ical.js read `Dmitri \`, node-ical dropped the attendee). Then the daily job
 * with an event stored before the link rule (it failed for that cohort and every later one) and
 * a removal whose fan-out was cut short (the remaining cancellations were never sent).
 */
import {
  INTERVIEW_PLACE_LABELS,
  JOIN_LINK_MESSAGE,
  PROGRAM,
  PROGRAM_EVENT_LABELS,
  eventTitle,
  interviewPaths,
  programEventPaths,
  type InterviewSlotView,
  type MyInterviewResponse,
  type ProgramEvents,
} from '@mentorship/domain';
import { runProgramEvents } from '../../functions/src/cohorts/events';
import { call, confirmApplicant, firestore, ownClient } from '../support/api';
import { readBothWays, type ReadEvent } from '../support/calendar-read';
import { calendarFormatProblems } from '../support/calendar';
import { coordinatorToken as admin } from '../support/coordinator';
import { fanoutsDone, queuedAbout, type QueuedMail } from '../support/inbox';
import { mentorApplication } from '../factories';
import { doc, seedCohort, seedPair, type SeededPair } from '../support/seed';

jest.setTimeout(180_000);

const DAY = 86_400_000;
const QUOTED = 'Dmitri "Dima" Ivanov';
/** A whole minute, `days` from now. */
const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / 60_000) * 60_000);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const ORGANIZER = { name: PROGRAM.name, email: PROGRAM.mail.contact };

/** The one calendar file of the newest message of `kind` about a record, read both ways. */
async function filesOf(subjectId: string, kind: string): Promise<[ReadEvent, ReadEvent][]> {
  const mails = (await queuedAbout(subjectId)).filter((m: QueuedMail) => m.kind === kind);
  return mails.map((m) => {
    const content = m.message.attachments?.[0]?.content;
    if (!content) throw new Error(`no .ics on "${m.message.subject}"`);
    expect(calendarFormatProblems(content)).toEqual([]);
    return readBothWays(content);
  });
}

const putEvent = (cohortId: string, where: string, startsAt: Date) =>
  call<{ message: string; error?: { fields?: Record<string, string> } }>(
    'PUT',
    programEventPaths.event(cohortId, 'closing'),
    { token: admin, body: { startsAt: startsAt.toISOString(), minutes: 90, where } },
  );

describe("an event's link and a quoted name", () => {
  let cohortId: string;
  let cohortName: string;
  let pair: SeededPair;

  beforeAll(async () => {
    const cohort = await seedCohort(daysAgo(30));
    cohortId = cohort.id;
    cohortName = cohort.name;
    pair = await seedPair(admin, cohortId, { names: { student: QUOTED } });
  });

  it('https://Zoom.us/j/123: saved with its host in lower case, invitations go out, both parsers read every field', async () => {
    const startsAt = inDays(12);
    const res = await putEvent(cohortId, 'https://Zoom.us/j/123', startsAt);
    expect(res.status).toBe(200);
    await fanoutsDone();
    const stored = await doc('cohorts', cohortId);
    expect((stored?.events as ProgramEvents | undefined)?.closing?.where).toBe(
      'https://zoom.us/j/123',
    );
    const inv = await doc('eventInvitations', `${cohortId}--closing--student--${pair.studentId}`);
    const files = await filesOf(pair.studentId, 'event-invitation');
    expect(files).toHaveLength(1);
    for (const read of files[0] ?? []) {
      expect(read).toEqual({
        method: 'REQUEST',
        uid: inv?.uid,
        sequence: 0,
        summary: eventTitle('closing', cohortName),
        description: `${PROGRAM_EVENT_LABELS.closing} of ${cohortName}. Join: https://zoom.us/j/123`,
        location: 'https://zoom.us/j/123',
        url: 'https://zoom.us/j/123',
        status: 'CONFIRMED',
        start: startsAt.toISOString(),
        end: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
        organizer: ORGANIZER,
        attendees: [{ name: QUOTED, email: pair.studentEmail }],
      });
    }
    // The mentor's file too: the same event, their own UID.
    const mentor = (await filesOf(pair.mentorId, 'event-invitation'))[0] ?? [];
    for (const read of mentor) {
      expect(read.attendees).toEqual([{ name: pair.mentorName, email: pair.mentorEmail }]);
    }
  });

  it('a one-digit port is accepted and carried as it is: the update keeps the UID, SEQUENCE 1', async () => {
    const startsAt = inDays(13);
    const res = await putEvent(cohortId, 'https://a.example:8/x', startsAt);
    expect(res.status).toBe(200);
    await fanoutsDone();
    const files = await filesOf(pair.studentId, 'event-update');
    expect(files).toHaveLength(1);
    const inv = await doc('eventInvitations', `${cohortId}--closing--student--${pair.studentId}`);
    for (const read of files[0] ?? []) {
      expect(read).toMatchObject({
        method: 'REQUEST',
        uid: inv?.uid,
        sequence: 1,
        url: 'https://a.example:8/x',
        location: 'https://a.example:8/x',
        start: startsAt.toISOString(),
        attendees: [{ name: QUOTED, email: pair.studentEmail }],
      });
    }
  });

  it('a host label ending in a hyphen is refused at the field, and nothing changes', async () => {
    const before = await doc('cohorts', cohortId);
    const res = await putEvent(cohortId, 'https://meet-.example.org/x', inDays(14));
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.where).toBe(JOIN_LINK_MESSAGE);
    expect((await doc('cohorts', cohortId))?.events).toEqual(before?.events);
  });
});

describe("a slot's link and a quoted mentor's name", () => {
  async function publish(where: string) {
    return call<{ slot: InterviewSlotView; error?: { fields?: Record<string, string> } }>(
      'POST',
      interviewPaths.slots,
      {
        token: admin,
        body: {
          startsAt: inDays(3).toISOString(),
          minutes: 20,
          place: 'video',
          where,
        },
      },
    );
  }

  it('https://Zoom.us/j/123: the booking is answered, both sides get the file, both parsers read every field', async () => {
    const published = await publish('https://Zoom.us/j/123');
    expect(published.status).toBe(201);
    const slot = published.body.slot;
    expect(slot.where).toBe('https://zoom.us/j/123');
    const application = mentorApplication(undefined, { fullName: QUOTED });
    const applied = await call<{ id: string }>('POST', '/api/mentor-registration', {
      headers: ownClient(),
      body: application,
    });
    expect(applied.status).toBe(201);
    const token = await confirmApplicant(application.email);
    const booked = await call<MyInterviewResponse>('PUT', interviewPaths.mine, {
      token,
      body: { slotId: slot.id },
    });
    expect(booked.status).toBe(200);
    const booking = await doc('interviewBookings', applied.body.id);
    const mails = (await queuedAbout(applied.body.id)).filter(
      (m) => m.kind === 'interview-invitation',
    );
    // One to the mentor, one to the coordinator who hosts: the same file.
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const content = mail.message.attachments?.[0]?.content ?? '';
      expect(calendarFormatProblems(content)).toEqual([]);
      for (const read of readBothWays(content)) {
        expect(read).toEqual({
          method: 'REQUEST',
          uid: booking?.uid,
          sequence: 0,
          summary: `${PROGRAM.name}: screening interview`,
          description: `${INTERVIEW_PLACE_LABELS.video}: https://zoom.us/j/123`,
          location: 'https://zoom.us/j/123',
          url: 'https://zoom.us/j/123',
          status: 'CONFIRMED',
          start: slot.startsAt,
          end: new Date(Date.parse(slot.startsAt) + 20 * 60_000).toISOString(),
          organizer: ORGANIZER,
          attendees: [
            { name: QUOTED, email: application.email.toLowerCase() },
            { name: String(booking?.hostEmail), email: String(booking?.hostEmail) },
          ],
        });
      }
    }
  });

  it('a host label ending in a hyphen is refused at the field', async () => {
    const res = await publish('https://meet-.example.org/x');
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.where).toBe(JOIN_LINK_MESSAGE);
  });
});

describe('the daily job and a removal cut short', () => {
  it('an event stored with a link from before the rule neither stops its cohort nor the later ones', async () => {
    const [early, later] = [await seedCohort(daysAgo(40)), await seedCohort(daysAgo(20))];
    const [a, b] = [await seedPair(admin, early.id), await seedPair(admin, later.id)];
    const event = (where: string) => ({
      startsAt: inDays(9).toISOString(),
      minutes: 60,
      where,
      timeZone: 'UTC',
      revision: 1,
    });
    // As stored before the forms refused such a host.
    await firestore()
      .collection('cohorts')
      .doc(early.id)
      .update({ 'events.closing': event('https://Meet-.Example.org:8/x') });
    await firestore()
      .collection('cohorts')
      .doc(later.id)
      .update({ 'events.closing': event('https://meet.example.org/later') });
    const report = await runProgramEvents(new Date());
    expect(report.errors).toBe(0);
    for (const [pair, url] of [
      [a, 'https://Meet-.Example.org:8/x'],
      [b, 'https://meet.example.org/later'],
    ] as const) {
      const files = await filesOf(pair.studentId, 'event-invitation');
      expect(files).toHaveLength(1);
      for (const read of files[0] ?? []) expect(read.url).toBe(url);
    }
  });

  it('an invitee that cannot be brought in line is logged and counted; everyone else gets the update', async () => {
    const cohort = await seedCohort(daysAgo(25));
    const pairs = [await seedPair(admin, cohort.id), await seedPair(admin, cohort.id)];
    expect((await putEvent(cohort.id, 'https://meet.example.org/d', inDays(15))).status).toBe(200);
    await fanoutsDone();
    // A record no transaction can read (its person id is not a document id), among the others.
    const poison = firestore()
      .collection('eventInvitations')
      .doc(`${cohort.id}--closing--student--poison`);
    const sample = (
      await firestore()
        .collection('eventInvitations')
        .doc(`${cohort.id}--closing--student--${pairs[0]?.studentId}`)
        .get()
    ).data();
    await poison.set({ ...sample, personId: 'no/such' });
    // The event moved as a change would, its invitations left to the daily job.
    const moved = inDays(16).toISOString();
    await firestore()
      .collection('cohorts')
      .doc(cohort.id)
      .update({ 'events.closing.startsAt': moved, 'events.closing.revision': 99 });
    try {
      const failure = await runProgramEvents(new Date()).then(
        () => null,
        (error: unknown) => error as { report?: { errors: number } },
      );
      // The run ends in an error carrying its report, after everything else was done.
      expect(failure?.report?.errors).toBeGreaterThanOrEqual(1);
      for (const id of pairs.flatMap((p) => [p.studentId, p.mentorId])) {
        const files = await filesOf(id, 'event-update');
        expect(files).toHaveLength(1);
        for (const read of files[0] ?? [])
          expect(read).toMatchObject({ sequence: 1, start: moved });
      }
    } finally {
      await poison.delete();
    }
  });

  it('a removal whose fan-out stopped after its first batch: the daily job sends every remaining cancellation, once', async () => {
    const cohort = await seedCohort(daysAgo(30));
    const pairs = [await seedPair(admin, cohort.id), await seedPair(admin, cohort.id)];
    expect((await putEvent(cohort.id, 'https://meet.example.org/c', inDays(11))).status).toBe(200);
    await fanoutsDone();
    const people = pairs.flatMap((p) => [p.studentId, p.mentorId]);
    for (const id of people) expect(await filesOf(id, 'event-invitation')).toHaveLength(1);
    // The event removed and its fan-out left as an instance that died after one invitee would
    // leave it (its trigger's retries spent): that invitee cancelled, the others not yet.
    const keys = [
      ...pairs.map((p) => `mentor:${p.mentorId}`),
      ...pairs.map((p) => `student:${p.studentId}`),
    ].sort();
    const [firstKind, firstId] = (keys[0] ?? '').split(':');
    const ref = (kind: string, id: string) =>
      firestore().collection('eventInvitations').doc(`${cohort.id}--closing--${kind}--${id}`);
    await firestore().collection('cohorts').doc(cohort.id).update({ events: {} });
    const first = (await ref(String(firstKind), String(firstId)).get()).data();
    await ref(String(firstKind), String(firstId)).update({
      state: 'cancelled',
      sequence: Number(first?.sequence) + 1,
    });
    await firestore()
      .collection('eventFanouts')
      .doc(`${cohort.id}--closing`)
      .set({
        cohortId: cohort.id,
        event: 'closing',
        generation: 2,
        cursor: keys[0],
        state: 'waiting',
        sent: { invitation: 0, update: 0, cancelled: 1 },
        failed: 0,
        requestedAt: new Date(),
        updatedAt: new Date(),
      });
    const report = await runProgramEvents(new Date());
    expect(report.cancellations).toBe(3);
    for (const id of people.filter((p) => p !== firstId)) {
      const files = await filesOf(id, 'event-cancelled');
      expect(files).toHaveLength(1);
      for (const read of files[0] ?? []) {
        expect(read).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });
      }
    }
    expect(await filesOf(String(firstId), 'event-cancelled')).toHaveLength(0);
    expect(
      (await firestore().collection('eventFanouts').doc(`${cohort.id}--closing`).get()).exists,
    ).toBe(false);
    // Nothing is sent twice on the next day.
    expect((await runProgramEvents(new Date())).cancellations).toBe(0);
  });
});
