/**
 * The program's calendar on a cohort, through the API and the daily work with the
 * test's clock: the closing event invited once to the right people (pairs ended for a reason
 * other than goals met left out), its `.ics` parsed back by an independent parser (ical.js: UID,
 * SEQUENCE, UTC start, METHOD), a change keeping the UID with a higher SEQUENCE, a removal
 * cancelling, the reply from the e-mailed link (opening the page records nothing), the counts,
 * the reminder once on the day before and none after a pair ends or a person is erased; the
 * orientation invited on a mentor's approval, attendance recorded; erasure; field errors.
 */
import {
  CLOSING_EVENT_PAGE,
  PROGRAM_EVENT_MESSAGES,
  programEventPaths,
  type CohortEventsResponse,
  type ClosingEventPublicView,
  type ProposalResponse,
} from '@mentorship/domain';
import { runProgramEvents } from '../../functions/src/cohorts/events';
import { call, firestore, siteUrl } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { calendarFormatProblems, importedEvent } from '../support/calendar';
import { readBothWays } from '../support/calendar-read';
import { fanoutsDone, queuedAbout, waitForMail, type QueuedMail } from '../support/inbox';
import { runCompletion } from '../../functions/src/program-end/completion';
import {
  apply,
  createMentor,
  createStudent,
  seedSessions,
  endPair,
  moveToCohort,
  seedCohort,
  seedPair,
  type SeededPair,
} from '../support/seed';

jest.setTimeout(120_000);

const DAY = 86_400_000;
/** A whole minute, `days` from now. */
const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / 60_000) * 60_000);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

const mailAbout = async (personId: string, kind?: string) =>
  (await queuedAbout(personId)).filter((m) => !kind || m.kind === kind);

const icsOf = (mail: QueuedMail | undefined) => {
  const content = mail?.message.attachments?.[0]?.content;
  if (!content) throw new Error('no .ics attached');
  return importedEvent(content);
};

/** Sets an event; the invitations follow after the answer (a fan-out): waited for here. */
async function setEvent(cohortId: string, kind: string, body: Record<string, unknown>) {
  const res = await call<{ message: string; error?: { fields?: Record<string, string> } }>(
    'PUT',
    programEventPaths.event(cohortId, kind as 'closing'),
    { token: admin, body },
  );
  await fanoutsDone();
  return res;
}
const events = async (cohortId: string) => {
  const res = await call<CohortEventsResponse>('GET', programEventPaths.events(cohortId), {
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const closing = async (cohortId: string) =>
  (await events(cohortId)).events.find((e) => e.kind === 'closing');
const invitation = async (cohortId: string, kind: string, personKind: string, id: string) =>
  (
    await firestore()
      .collection('eventInvitations')
      .doc(`${cohortId}--${kind}--${personKind}--${id}`)
      .get()
  ).data();

/** The reply token of the e-mailed link, as delivered to MailDev. */
async function replyToken(address: string): Promise<string> {
  const mail = await waitForMail(address, /You're invited: the closing event/);
  const match = new RegExp(`https?://\\S+${CLOSING_EVENT_PAGE}#token=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error('no reply link');
  return match[1];
}

describe('the closing event', () => {
  let cohortId: string;
  let running: SeededPair;
  let finished: SeededPair;
  let broken: SeededPair;
  let startsAt: Date;

  beforeAll(async () => {
    const cohort = await seedCohort(daysAgo(60));
    cohortId = cohort.id;
    running = await seedPair(admin, cohortId);
    finished = await seedPair(admin, cohortId);
    broken = await seedPair(admin, cohortId);
    await endPair(finished, 'goals-met');
    await endPair(broken, 'not-a-good-fit');
    startsAt = inDays(10);
    const res = await setEvent(cohortId, 'closing', {
      startsAt: startsAt.toISOString(),
      minutes: 120,
      where: 'https://meet.example.org/closing',
      timeZone: 'Europe/Berlin',
    });
    expect(res.status).toBe(200);
  });

  it('invites every participant once, with an .ics in UTC; not a pair ended for another reason', async () => {
    for (const [id, email] of [
      [running.studentId, running.studentEmail],
      [running.mentorId, running.mentorEmail],
      [finished.studentId, finished.studentEmail],
      [finished.mentorId, finished.mentorEmail],
    ] as const) {
      const mails = await mailAbout(id, 'event-invitation');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual([email]);
      const ics = icsOf(mails[0]);
      expect(ics).toMatchObject({ method: 'REQUEST', sequence: 0, utc: true });
      expect(ics.start).toBe(startsAt.toISOString());
      expect(ics.attendees).toEqual([email]);
      // The stored message holds no working link.
      expect(mails[0]?.message.text).not.toMatch(/token=/);
    }
    expect(await mailAbout(broken.studentId, 'event-invitation')).toHaveLength(0);
    expect(await mailAbout(broken.mentorId, 'event-invitation')).toHaveLength(0);
    // The daily work finds nothing left to send.
    const report = await runProgramEvents(new Date());
    expect(report).toMatchObject({ invitations: 0, updates: 0, cancellations: 0 });
    expect(await mailAbout(running.studentId, 'event-invitation')).toHaveLength(1);
  });

  it('records a reply only on the click: opening the page (and its view call) records nothing', async () => {
    const token = await replyToken(running.studentEmail);
    // A mail scanner's GET of the page, and the page's own view call.
    const page = await fetch(`${siteUrl()}${CLOSING_EVENT_PAGE}#token=${token}`);
    expect(page.status).toBe(200);
    const view = await call<ClosingEventPublicView>('POST', programEventPaths.view, {
      body: { token },
    });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ startsAt: startsAt.toISOString(), reply: null });
    expect((await invitation(cohortId, 'closing', 'student', running.studentId))?.reply).toBe(null);
    const reply = await call<{ message: string }>('POST', programEventPaths.reply, {
      body: { token, answer: 'coming' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(PROGRAM_EVENT_MESSAGES.coming);
    const mentorToken = await replyToken(finished.mentorEmail);
    await call('POST', programEventPaths.reply, {
      body: { token: mentorToken, answer: 'not-coming' },
    });
    expect((await closing(cohortId))?.counts).toEqual({
      coming: 1,
      notComing: 1,
      notAnswered: 2,
      attended: 0,
    });
    // A token never made is refused.
    const bad = await call('POST', programEventPaths.reply, {
      body: { token: 'A'.repeat(43), answer: 'coming' },
    });
    expect(bad.status).toBe(404);
  });

  it('a change keeps the UID and raises the SEQUENCE', async () => {
    const before = icsOf((await mailAbout(running.mentorId, 'event-invitation'))[0]);
    startsAt = inDays(12);
    expect(
      (
        await setEvent(cohortId, 'closing', {
          startsAt: startsAt.toISOString(),
          minutes: 120,
          where: 'https://meet.example.org/closing',
          timeZone: 'Europe/Berlin',
        })
      ).status,
    ).toBe(200);
    const updates = await mailAbout(running.mentorId, 'event-update');
    expect(updates).toHaveLength(1);
    const after = icsOf(updates[0]);
    expect(after).toMatchObject({ method: 'REQUEST', uid: before.uid, sequence: 1, utc: true });
    expect(after.start).toBe(startsAt.toISOString());
    // The broken pair still gets nothing.
    expect(await mailAbout(broken.mentorId)).toHaveLength(0);
  });

  it('reminds once, on the day before, not those not coming, nor after a pair ends or an erasure', async () => {
    // The new date asked again: the student says coming, the finished mentor not coming.
    const studentToken = await replyToken(running.studentEmail);
    await call('POST', programEventPaths.reply, {
      body: { token: studentToken, answer: 'coming' },
    });
    const mentorToken = await replyToken(finished.mentorEmail);
    await call('POST', programEventPaths.reply, {
      body: { token: mentorToken, answer: 'not-coming' },
    });
    const eventDay = Date.parse(`${startsAt.toISOString().slice(0, 10)}T12:00:00Z`);
    const twoDaysBefore = new Date(eventDay - 2 * DAY);
    const dayBefore = new Date(eventDay - DAY);
    expect((await runProgramEvents(twoDaysBefore)).reminders).toBe(0);
    // The running pair ends (another reason) and the finished pair's student is erased first.
    await endPair(running, 'left-the-program');
    const erased = await call('DELETE', `/api/admin/students/${finished.studentId}`, {
      token: admin,
    });
    expect(erased.status).toBe(200);
    expect(await invitation(cohortId, 'closing', 'student', finished.studentId)).toBeUndefined();
    expect((await runProgramEvents(dayBefore)).reminders).toBe(0);
    for (const id of [running.studentId, running.mentorId, finished.mentorId]) {
      expect(await mailAbout(id, 'event-reminder')).toHaveLength(0);
    }
  });
});

describe('leaving the audience of an event that goes on', () => {
  it('a pair ended before the closing event: both are sent its revocation, same UID, next SEQUENCE', async () => {
    const cohort = await seedCohort(daysAgo(60));
    const leaving = await seedPair(admin, cohort.id);
    const staying = await seedPair(admin, cohort.id);
    const startsAt = inDays(9);
    const res = await setEvent(cohort.id, 'closing', {
      startsAt: startsAt.toISOString(),
      minutes: 90,
      where: 'https://meet.example.org/closing',
      timeZone: 'UTC',
    });
    expect(res.status).toBe(200);
    await endPair(leaving, 'not-a-good-fit');
    expect((await runProgramEvents(new Date())).cancellations).toBeGreaterThanOrEqual(2);

    for (const [id, email] of [
      [leaving.studentId, leaving.studentEmail],
      [leaving.mentorId, leaving.mentorEmail],
    ] as const) {
      const invited = icsOf((await mailAbout(id, 'event-invitation'))[0]);
      const revoked = await mailAbout(id, 'event-cancelled');
      expect(revoked).toHaveLength(1);
      expect(revoked[0]?.to).toEqual([email]);
      const file = revoked[0]?.message.attachments?.[0]?.content ?? '';
      expect(calendarFormatProblems(file)).toEqual([]);
      for (const read of readBothWays(file)) {
        expect(read).toMatchObject({
          method: 'CANCEL',
          status: 'CANCELLED',
          uid: invited.uid,
          sequence: invited.sequence + 1,
          start: startsAt.toISOString(),
        });
        expect(read.attendees.map((a) => a.email)).toEqual([email]);
      }
      // Revoked once: the next run finds nothing more to send them.
      await runProgramEvents(new Date());
      expect(await mailAbout(id, 'event-cancelled')).toHaveLength(1);
    }
    expect(await mailAbout(staying.studentId, 'event-cancelled')).toHaveLength(0);
  });
});

describe('reminders and cancellation', () => {
  it('sends the reminder once to those coming or not answered, and a removal cancels with the same UID', async () => {
    const cohort = await seedCohort(daysAgo(30));
    const a = await seedPair(admin, cohort.id);
    const b = await seedPair(admin, cohort.id);
    const startsAt = inDays(5);
    await setEvent(cohort.id, 'closing', {
      startsAt: startsAt.toISOString(),
      minutes: 90,
      where: 'Town Hall, Room 2',
    });
    const token = await replyToken(b.mentorEmail);
    await call('POST', programEventPaths.reply, { body: { token, answer: 'not-coming' } });
    const eventDay = Date.parse(`${startsAt.toISOString().slice(0, 10)}T08:00:00Z`);
    const report = await runProgramEvents(new Date(eventDay - DAY));
    expect(report.reminders).toBe(3);
    expect((await runProgramEvents(new Date(eventDay - DAY + 3_600_000))).reminders).toBe(0);
    for (const id of [a.studentId, a.mentorId, b.studentId]) {
      expect(await mailAbout(id, 'event-reminder')).toHaveLength(1);
    }
    expect(await mailAbout(b.mentorId, 'event-reminder')).toHaveLength(0);

    const invited = icsOf((await mailAbout(a.studentId, 'event-invitation'))[0]);
    const removed = await call('DELETE', programEventPaths.event(cohort.id, 'closing'), {
      token: admin,
    });
    expect(removed.status).toBe(200);
    await fanoutsDone();
    const cancelled = await mailAbout(a.studentId, 'event-cancelled');
    expect(cancelled).toHaveLength(1);
    expect(icsOf(cancelled[0])).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: invited.uid,
      sequence: 1,
    });
    expect((await closingOf(cohort.id))?.counts.notAnswered).toBe(0);
  });

  it('refuses a link that is not https and a past date, field by field', async () => {
    const cohort = await seedCohort(daysAgo(30));
    const res = await setEvent(cohort.id, 'closing', {
      startsAt: new Date(Date.now() - DAY).toISOString(),
      minutes: 5,
      where: 'http://meet.example.org/x',
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toMatchObject({
      startsAt: PROGRAM_EVENT_MESSAGES.startsAtRequired,
      minutes: PROGRAM_EVENT_MESSAGES.minutesInvalid,
      where: PROGRAM_EVENT_MESSAGES.whereNotHttps,
    });
  });
});

const closingOf = closing;

describe('the orientation', () => {
  it('invites a mentor when approved, and coordinators record attendance', async () => {
    const cohort = await seedCohort(daysAgo(-20));
    const startsAt = inDays(7);
    expect(
      (
        await setEvent(cohort.id, 'mentor-orientation', {
          startsAt: startsAt.toISOString(),
          minutes: 60,
          where: 'https://meet.example.org/orientation',
          timeZone: 'America/New_York',
        })
      ).status,
    ).toBe(200);
    const { id } = await apply('mentor', { confirm: true });
    await moveToCohort('mentor', id, cohort.id);
    const approved = await call('PUT', `/api/admin/mentors/${id}/review`, {
      token: admin,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    const mails = await mailAbout(id, 'event-invitation');
    expect(mails).toHaveLength(1);
    expect(icsOf(mails[0])).toMatchObject({ method: 'REQUEST', sequence: 0, utc: true });
    // The time in the event's zone, named as the site's one date locale (en-US) names New York's.
    expect(mails[0]?.message.text).toMatch(/\d{1,2}:\d{2} [AP]M E[SD]T, 60 minutes/);
    // The daily work does not invite twice.
    expect((await runProgramEvents(new Date())).invitations).toBe(0);
    const marked = await call(
      'PUT',
      programEventPaths.attendance(cohort.id, 'mentor-orientation'),
      {
        token: admin,
        body: { personKind: 'mentor', personId: id, attended: true },
      },
    );
    expect(marked.status).toBe(200);
    const view = (await events(cohort.id)).events.find((e) => e.kind === 'mentor-orientation');
    expect(view?.invitees).toEqual([
      expect.objectContaining({ personId: id, attended: true, state: 'invited' }),
    ]);
    // A change is not sent to a mentor who attended already.
    await setEvent(cohort.id, 'mentor-orientation', {
      startsAt: inDays(8).toISOString(),
      minutes: 60,
      where: 'https://meet.example.org/orientation',
    });
    expect(await mailAbout(id, 'event-update')).toHaveLength(0);
  });
});

describe('the settings', () => {
  it('the proposal leaves out mentors who have not attended the orientation, and says why', async () => {
    const cohort = await seedCohort(daysAgo(-10));
    const studentId = await createStudent(admin);
    const attendedId = await createMentor(admin);
    const absentId = await createMentor(admin);
    for (const [kind, id] of [
      ['student', studentId],
      ['mentor', attendedId],
      ['mentor', absentId],
    ] as const) {
      await moveToCohort(kind, id, cohort.id);
    }
    await setEvent(cohort.id, 'mentor-orientation', {
      startsAt: inDays(3).toISOString(),
      minutes: 60,
      where: 'Library, Room 1',
    });
    await call('PUT', programEventPaths.attendance(cohort.id, 'mentor-orientation'), {
      token: admin,
      body: { personKind: 'mentor', personId: attendedId, attended: true },
    });
    const propose = () =>
      call<ProposalResponse>('POST', '/api/admin/matching/proposal', {
        token: admin,
        body: { cohortId: cohort.id },
      });
    // Off by default: both mentors are in the proposal's pool.
    expect((await propose()).body.summary.mentorCount).toBe(2);
    const saved = await call('PUT', programEventPaths.settings(cohort.id), {
      token: admin,
      body: { proposalRequiresOrientation: true, certificatesAfter: 'program-end' },
    });
    expect(saved.status).toBe(200);
    const proposal = (await propose()).body;
    expect(proposal.summary.mentorCount).toBe(1);
    expect(proposal.pairs.map((p) => p.mentorId)).not.toContain(absentId);
    expect(proposal.mentorsLeftOut).toEqual([
      expect.objectContaining({
        mentorId: absentId,
        reason: PROGRAM_EVENT_MESSAGES.orientationRequired,
      }),
    ]);
  });

  /**
   * A cohort that ended 2 days ago, one pair with its 3 sessions, a closing event `inDays` ahead,
   * and its certificates set to go after the event; `certificates()` counts those e-mailed.
   */
  async function certificatesAfterEvent(inDaysAhead: number) {
    process.env.SITE_URL ??= siteUrl();
    const cohort = await seedCohort({ endedDaysAgo: 2 });
    const pair = await seedPair(admin, cohort.id);
    await seedSessions(pair, cohort.id, [
      cohort.programStart,
      daysAfter(cohort.programStart, 30),
      daysAfter(cohort.programStart, 60),
    ]);
    const startsAt = inDays(inDaysAhead);
    await setEvent(cohort.id, 'closing', {
      startsAt: startsAt.toISOString(),
      minutes: 60,
      where: 'Town Hall',
    });
    await call('PUT', programEventPaths.settings(cohort.id), {
      token: admin,
      body: { proposalRequiresOrientation: false, certificatesAfter: 'closing-event' },
    });
    const certificates = async () =>
      (
        await firestore()
          .collection('mail')
          .where('subjectId', '==', pair.pairId)
          .where('kind', '==', 'certificate')
          .get()
      ).size;
    return { startsAt, certificates };
  }

  it('"after the closing event" holds the certificates until the event has ended', async () => {
    const { startsAt, certificates } = await certificatesAfterEvent(4);
    await runCompletion(new Date());
    expect(await certificates()).toBe(0);
    await runCompletion(new Date(startsAt.getTime() + 2 * 3_600_000));
    expect(await certificates()).toBe(2);
  });

  it('"after the closing event" sends the certificates after an event later than the usual 30 days', async () => {
    const { startsAt, certificates } = await certificatesAfterEvent(40);
    // 42 days after the program's end: past the usual window, but the event has just ended.
    await runCompletion(new Date(startsAt.getTime() + 2 * 3_600_000));
    expect(await certificates()).toBe(2);
  });
});

const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
