/**
 * Access that ends, ends at the interviews too, through the API: a removed coordinator's slots
 * are handed to the team (those ahead withdrawn, an interview booked on one cancelled with notice
 * to the mentor alone, past ones no longer naming them) and nothing more reaches them; declining,
 * approving, deactivating or withdrawing a mentor cancels their booking in the same change; a
 * coordinator cancels a booked slot; one mailbox holds one open booking however many addresses
 * it applies from.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  INTERVIEW_MESSAGES,
  INTERVIEW_RULES,
  interviewPaths,
  teamPaths,
  type InterviewSlotView,
  type MyInterviewResponse,
} from '@mentorship/domain';
import { runInterviewReminders } from '../../functions/src/interviews/service';
import { adminAuth, call, confirmApplicant, firestore, ownClient, tokenFor } from '../support/api';
import { attachedEvents, calendarFormatProblems } from '../support/calendar';
import { readBothWays } from '../support/calendar-read';
import { coordinatorToken as adminToken } from '../support/coordinator';
import { queuedAbout, type QueuedMail } from '../support/inbox';
import { mentorApplication, uniqueTag } from '../factories';
import { doc } from '../support/seed';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / 60_000) * 60_000);

async function publish(startsAt: Date, token = adminToken) {
  const res = await call<{ slot: InterviewSlotView }>('POST', interviewPaths.slots, {
    token,
    body: {
      startsAt: startsAt.toISOString(),
      minutes: 20,
      place: 'video',
      where: 'https://meet.example.org/screening',
    },
  });
  expect(res.status).toBe(201);
  return res.body.slot;
}

async function applyAsMentor(email?: string) {
  const tag = uniqueTag();
  const application = mentorApplication(tag, email ? { email } : {});
  const res = await call<{ id: string }>('POST', '/api/mentor-registration', {
    headers: ownClient(),
    body: application,
  });
  expect(res.status).toBe(201);
  const token = await confirmApplicant(application.email);
  return { id: res.body.id, email: application.email, fullName: application.fullName, token };
}

type Answer = MyInterviewResponse & { error?: { message: string } };
const book = (token: string, slotId: string) =>
  call<Answer>('PUT', interviewPaths.mine, { token, body: { slotId } });
const mine = (token: string) => call<Answer>('GET', interviewPaths.mine, { token });

const interviewMail = async (mentorId: string): Promise<QueuedMail[]> =>
  (await queuedAbout(mentorId)).filter((m) => m.kind.startsWith('interview-'));

/** The messages of `kind` about the mentor, by recipient. */
async function sentAbout(mentorId: string, kind: string): Promise<string[]> {
  return (await interviewMail(mentorId)).filter((m) => m.kind === kind).flatMap((m) => m.to);
}

/** The booking was ended: cancelled, its calendar event cancelled (a higher SEQUENCE). */
async function expectCancelled(mentorId: string, toldTo: string[]) {
  expect(await doc('interviewBookings', mentorId)).toMatchObject({
    status: 'cancelled',
    slotId: null,
  });
  const cancellations = (await interviewMail(mentorId)).filter(
    (m) => m.kind === 'interview-cancelled',
  );
  expect(cancellations.flatMap((m) => m.to).sort()).toEqual([...toldTo].sort());
  for (const { ics } of attachedEvents(cancellations)) {
    expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' });
  }
}

/** The day-before reminders of an interview at `startsAt`, run as the daily work would. */
async function remindDayBefore(startsAt: string) {
  const start = new Date(startsAt);
  const day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  await runInterviewReminders(new Date(day - DAY + 3 * HOUR));
}

describe('removing a coordinator hands their slots to the team', () => {
  it('slots ahead are withdrawn, a booked one cancelled with notice to the mentor alone, past ones forget the address, and nothing more reaches them', async () => {
    const leavingToken = await tokenFor('admin');
    const leaving = await adminAuth().verifyIdToken(leavingToken);
    const leavingEmail = leaving.email ?? '';
    const open = await publish(inHours(50), leavingToken);
    const booked = await publish(inHours(60), leavingToken);
    const past = await publish(inHours(70), leavingToken);
    const kept = await publish(inHours(80));
    const mentor = await applyAsMentor();
    const interviewed = await applyAsMentor();
    expect((await book(mentor.token, booked.id)).status).toBe(200);
    expect((await book(interviewed.token, past.id)).status).toBe(200);
    // The second interview took place yesterday (the API publishes only times ahead).
    const yesterday = Timestamp.fromMillis(Date.now() - DAY);
    await firestore().collection('interviewSlots').doc(past.id).update({ startsAt: yesterday });
    await firestore()
      .collection('interviewBookings')
      .doc(interviewed.id)
      .update({ startsAt: yesterday });
    const before = new Set(await sentAbout(mentor.id, 'interview-invitation'));
    expect(before).toEqual(new Set([mentor.email, leavingEmail]));

    const removedAt = Date.now();
    const removed = await call('DELETE', teamPaths.member(leaving.uid), { token: adminToken });
    expect(removed.status).toBe(200);

    // Ahead: withdrawn; the booked one's interview cancelled, the mentor told, the host not.
    expect(await doc('interviewSlots', open.id)).toBeUndefined();
    expect(await doc('interviewSlots', booked.id)).toBeUndefined();
    await expectCancelled(mentor.id, [mentor.email]);
    const told = (await interviewMail(mentor.id)).find((m) => m.kind === 'interview-cancelled');
    expect(told?.message.text).toContain('has left the team');
    expect(told?.message.text).toContain('book another time');
    // Not counted against the mentor: they may book again, and do.
    const view = await mine(mentor.token);
    expect(view.body.booking).toBeNull();
    expect(view.body.changesLeft).toBe(INTERVIEW_RULES.maxChanges - 1);
    expect(view.body.slots.map((s) => s.id)).toContain(kept.id);
    expect((await book(mentor.token, kept.id)).status).toBe(200);
    // Past: the record of the interview stays, without the removed coordinator's address.
    expect(await doc('interviewSlots', past.id)).toMatchObject({
      mentorId: interviewed.id,
      hostEmail: '',
    });
    expect(await doc('interviewBookings', interviewed.id)).toMatchObject({
      status: 'booked',
      hostEmail: '',
    });

    // A slot of theirs that a removal cut short left behind: nobody sees or books it, nothing
    // is sent to them, and the daily work hands it over.
    const leftover = firestore().collection('interviewSlots').doc();
    await leftover.create({
      startsAt: Timestamp.fromDate(inHours(90)),
      minutes: 20,
      place: 'video',
      where: 'https://meet.example.org/screening',
      hostUid: leaving.uid,
      hostEmail: leavingEmail,
      createdAt: Timestamp.now(),
      mentorId: null,
    });
    // And a message to them that the removal's withdrawal never reached, waiting for a retry.
    const sent = (
      await firestore().collection('mail').where('to', 'array-contains', leavingEmail).get()
    ).docs[0];
    const waiting = firestore().collection('mail').doc();
    await waiting.create({
      ...sent?.data(),
      to: [leavingEmail],
      createdAt: Timestamp.fromMillis(removedAt - 1000),
      delivery: {
        state: 'RETRY',
        attempts: 1,
        error: 'connection refused',
        info: null,
        leaseExpireTime: null,
        nextAttemptAt: Timestamp.fromDate(inHours(1)),
      },
    });
    const late = await applyAsMentor();
    expect((await mine(late.token)).body.slots.map((s) => s.id)).not.toContain(leftover.id);
    const refused = await book(late.token, leftover.id);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.message).toBe(INTERVIEW_MESSAGES.slotGone);
    await runInterviewReminders(new Date());
    expect(await doc('interviewSlots', leftover.id)).toBeUndefined();
    expect((await waiting.get()).get('delivery')).toMatchObject({
      state: 'ERROR',
      error: 'Withdrawn: the recipient left the coordinator team',
    });

    const toThem = await firestore()
      .collection('mail')
      .where('to', 'array-contains', leavingEmail)
      .get();
    const sinceRemoval = toThem.docs.filter(
      (d) => (d.get('createdAt') as Timestamp).toMillis() >= removedAt,
    );
    expect(sinceRemoval.map((d) => d.get('kind'))).toEqual([]);
  });
});

describe("a mentor's booking ends with their wait for review", () => {
  it('declining them cancels the booking in the same change: slot free, both told, no reminder', async () => {
    const slot = await publish(inHours(40));
    const mentor = await applyAsMentor();
    expect((await book(mentor.token, slot.id)).status).toBe(200);
    const declined = await call('PUT', `/api/admin/mentors/${mentor.id}/review`, {
      token: adminToken,
      body: { decision: 'decline', reason: 'Not this cohort.' },
    });
    expect(declined.status).toBe(200);
    expect(await doc('interviewSlots', slot.id)).toMatchObject({ mentorId: null });
    await expectCancelled(mentor.id, [mentor.email, slot.hostEmail]);
    const toMentor = (await interviewMail(mentor.id)).find(
      (m) => m.kind === 'interview-cancelled' && m.to.includes(mentor.email),
    );
    expect(toMentor?.message.text).toContain('no longer awaits review');
    await remindDayBefore(slot.startsAt);
    expect(await sentAbout(mentor.id, 'interview-reminder')).toEqual([]);
  });

  it('approving them from their page cancels a booking the outcome did not record', async () => {
    const slot = await publish(inHours(41));
    const mentor = await applyAsMentor();
    expect((await book(mentor.token, slot.id)).status).toBe(200);
    const approved = await call('PUT', `/api/admin/mentors/${mentor.id}/review`, {
      token: adminToken,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    await expectCancelled(mentor.id, [mentor.email, slot.hostEmail]);
  });

  it('deactivating a mentor out of review cancels a booking they still held', async () => {
    const slot = await publish(inHours(42));
    const mentor = await applyAsMentor();
    expect((await book(mentor.token, slot.id)).status).toBe(200);
    // Approved before bookings ended with the wait: the booking was left held.
    await firestore()
      .collection('mentors')
      .doc(mentor.id)
      .update({ reviewStatus: 'approved', isActive: true });
    const deactivated = await call('PUT', `/api/admin/mentors/${mentor.id}/status`, {
      token: adminToken,
      body: { isActive: false },
    });
    expect(deactivated.status).toBe(200);
    expect(await doc('interviewSlots', slot.id)).toMatchObject({ mentorId: null });
    await expectCancelled(mentor.id, [mentor.email, slot.hostEmail]);
  });

  it('withdrawing their application cancels it too', async () => {
    const slot = await publish(inHours(43));
    const mentor = await applyAsMentor();
    expect((await book(mentor.token, slot.id)).status).toBe(200);
    const withdrawn = await call('POST', '/api/me/mentor/withdraw', { token: mentor.token });
    expect(withdrawn.status).toBe(200);
    expect(await doc('interviewSlots', slot.id)).toMatchObject({ mentorId: null });
    await expectCancelled(mentor.id, [mentor.email, slot.hostEmail]);
    await remindDayBefore(slot.startsAt);
    expect(await sentAbout(mentor.id, 'interview-reminder')).toEqual([]);
  });
});

describe('a coordinator cancels a booked slot', () => {
  it('the slot is withdrawn, the mentor told and free to book again, the change not counted', async () => {
    const slot = await publish(inHours(44));
    const other = await publish(inHours(45));
    const mentor = await applyAsMentor();
    expect((await book(mentor.token, slot.id)).status).toBe(200);
    const res = await call<{ message: string }>('POST', interviewPaths.cancelSlot(slot.id), {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INTERVIEW_MESSAGES.slotCancelled);
    expect(await doc('interviewSlots', slot.id)).toBeUndefined();
    await expectCancelled(mentor.id, [mentor.email, slot.hostEmail]);
    const history = await firestore()
      .collection('audit')
      .where('people', 'array-contains', mentor.id)
      .get();
    expect(history.docs.map((d) => d.get('action'))).toContain('interview.cancel');
    const view = await mine(mentor.token);
    expect(view.body.booking).toBeNull();
    expect(view.body.changesLeft).toBe(INTERVIEW_RULES.maxChanges - 1);
    expect((await book(mentor.token, other.id)).status).toBe(200);
  });

  it('refuses a slot nobody booked, one that is gone, and anyone but a coordinator', async () => {
    const slot = await publish(inHours(46));
    const unbooked = await call<{ error: { message: string } }>(
      'POST',
      interviewPaths.cancelSlot(slot.id),
      { token: adminToken },
    );
    expect(unbooked.status).toBe(409);
    expect(unbooked.body.error.message).toBe(INTERVIEW_MESSAGES.slotNotBooked);
    const gone = await call<{ error: { message: string } }>(
      'POST',
      interviewPaths.cancelSlot('no-such-slot'),
      { token: adminToken },
    );
    expect(gone.status).toBe(404);
    const user = await tokenFor('user');
    expect((await call('POST', interviewPaths.cancelSlot(slot.id), { token: user })).status).toBe(
      403,
    );
  });
});

it("publishing and removing a slot are in the coordinators' history", async () => {
  const slot = await publish(inHours(47));
  expect((await call('DELETE', interviewPaths.slot(slot.id), { token: adminToken })).status).toBe(
    200,
  );
  const entries = await firestore().collection('audit').where('subject.id', '==', slot.id).get();
  const byAction = new Map(entries.docs.map((d) => [d.get('action') as string, d.data()]));
  for (const action of ['interview.slot-publish', 'interview.slot-remove']) {
    const entry = byAction.get(action);
    expect(entry?.subject).toEqual({
      kind: 'interview-slot',
      id: slot.id,
      name: `${slot.startsAt}, 20 min`,
    });
    expect(entry?.actor.email).toBe(slot.hostEmail);
    expect(entry?.detail).toBe(
      `Hosted by ${slot.hostEmail} · Video call · https://meet.example.org/screening`,
    );
  }
});

it("a mentor's erasure revokes the interview in the host's calendar, naming nobody", async () => {
  const slot = await publish(inHours(48));
  const mentor = await applyAsMentor();
  expect((await book(mentor.token, slot.id)).status).toBe(200);
  const hostsInvitation = (await interviewMail(mentor.id)).filter(
    (m) => m.kind === 'interview-invitation' && m.to.includes(slot.hostEmail),
  );
  const invited = attachedEvents(hostsInvitation)[0]?.ics;
  if (!invited) throw new Error("no calendar file on the host's invitation");

  expect((await call('DELETE', '/api/me', { token: mentor.token })).status).toBe(200);

  const revoked = (await queuedAbout(slot.id)).filter((m) => m.kind === 'interview-cancelled');
  expect(revoked.flatMap((m) => m.to)).toEqual([slot.hostEmail]);
  const file = revoked[0]?.message.attachments?.[0]?.content ?? '';
  expect(calendarFormatProblems(file)).toEqual([]);
  for (const read of readBothWays(file)) {
    expect(read).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: invited.uid,
      sequence: invited.sequence + 1,
      start: slot.startsAt,
    });
    expect(read.attendees.map((a) => a.email)).toEqual([slot.hostEmail]);
  }
  expect(JSON.stringify(revoked)).not.toContain(mentor.fullName);
  expect(JSON.stringify(revoked)).not.toContain(mentor.email);
  expect(await doc('interviewSlots', slot.id)).toMatchObject({ mentorId: null });
});

it('one mailbox holds one open booking, however many addresses it applies from', async () => {
  const tag = uniqueTag();
  const first = await applyAsMentor(`mo.${tag}@mentors.example.com`);
  const alias = await applyAsMentor(`mo.${tag}+again@mentors.example.com`);
  const [a, b] = await Promise.all([publish(inHours(47)), publish(inHours(48))]);
  expect((await book(first.token, a.id)).status).toBe(200);
  const refused = await book(alias.token, b.id);
  expect(refused.status).toBe(409);
  expect(refused.body.error?.message).toBe(INTERVIEW_MESSAGES.oneOpenBooking);
  expect(await doc('interviewSlots', b.id)).toMatchObject({ mentorId: null });
  // The first one moves freely; once it is cancelled the other address may book.
  expect((await book(first.token, b.id)).status).toBe(200);
  expect((await call('DELETE', interviewPaths.mine, { token: first.token })).status).toBe(200);
  expect((await book(alias.token, a.id)).status).toBe(200);
});
