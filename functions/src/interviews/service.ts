/**
 * Screening interviews. Coordinators publish slots; a mentor whose application awaits
 * review books one (My application), moves or cancels it until INTERVIEW_RULES.changeCutoffHours
 * before; both sides get a calendar invitation (invitations.ts) through the outbox; the daily
 * work sends a reminder the day before, once; the coordinator records the outcome, which is the
 * review decision (review/people.ts `decide`, in the same transaction).
 *
 * Records: `interviewSlots/{id}` (the slot, `mentorId` while booked) and
 * `interviewBookings/{mentorId}` (one per mentor application: the booked slot's facts copied, the
 * calendar UID and SEQUENCE, how many changes, the reminder mark, the outcome). A slot is never
 * booked twice: booking reads the slot in the transaction that writes `mentorId`, so of two
 * mentors racing for one slot the second sees it taken (409).
 *
 * A booking lives only as long as what it hangs on: the mentor's wait for review (a decision, a
 * change of status or a withdrawal cancels it in that change's transaction, `releaseInterviewWith`)
 * and its host's membership of the team (a slot is bookable and its host written to only while
 * they are a coordinator; their removal hands the slots over, `handOverSlotsOf`). A coordinator
 * may cancel a booked interview (`cancelBookedSlot`); one mailbox holds one open booking.
 */
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  INTERVIEW_COLLECTIONS,
  INTERVIEW_MESSAGES,
  INTERVIEW_PLACE_LABELS,
  INTERVIEW_RULES,
  changeableUntil,
  type InterviewAttendance,
  type InterviewOutcomeInput,
  type InterviewPlace,
  type InterviewSlotInput,
  type InterviewSlotView,
  type MentorInterviewView,
  type MyInterviewResponse,
  type OpenInterviewSlot,
  type UpcomingInterview,
} from '@mentorship/domain';
import { recipientHash } from '../abuse/recipient';
import { audit } from '../audit/audit';
import { findApplications } from '../application-locks/repository';
import { db, runTransaction } from '../firebase';
import { decide } from '../review';
import { coordinators } from '../shared/coordinators';
import { COORDINATOR_LEFT, withdrawMailTo } from '../email/deliver';
import { DomainError } from '../shared/errors';
import { personRef } from '../shared/people';
import type { MentorDoc } from '../shared/records';
import { threadAfter } from '../calendar/lifecycle';
import {
  queueHostRevocation,
  queueInterviewMail,
  type CancelCause,
  type Invitation,
} from './invitations';

export interface SlotDoc {
  startsAt: Timestamp;
  minutes: number;
  place: InterviewPlace;
  where: string;
  hostUid: string;
  hostEmail: string;
  createdAt: Timestamp;
  mentorId: string | null;
}

export interface BookingDoc {
  mentorId: string;
  /** The booked slot, or null once cancelled. */
  slotId: string | null;
  status: 'booked' | 'cancelled';
  startsAt: Timestamp;
  minutes: number;
  place: InterviewPlace;
  where: string;
  hostEmail: string;
  /** The calendar UID of this booking (kept across moves; a new one after a cancellation). */
  uid: string;
  sequence: number;
  /** Bookings, moves and cancellations made (capped at INTERVIEW_RULES.maxChanges). */
  changes: number;
  remindedAt: Timestamp | null;
  attendance: InterviewAttendance | null;
  decision: 'approve' | 'decline' | null;
  recordedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * recipientHash of the application's address (aliases as one), so that one mailbox holds one
   * open booking however many addresses it answers to.
   */
  mailbox: string;
}

const slotsCollection = () => db.collection(INTERVIEW_COLLECTIONS.slots);
const bookingsCollection = () => db.collection(INTERVIEW_COLLECTIONS.bookings);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (t: Timestamp) => t.toDate().toISOString();

/** When and where a booking is, as the mentor's page and the coordinators' block show it. */
const bookedTime = (b: BookingDoc) => ({
  slotId: b.slotId ?? '',
  startsAt: iso(b.startsAt),
  minutes: b.minutes,
  place: b.place,
  where: b.where,
});
const conflict = (message: string) => new DomainError('failed-precondition', message);

// --- Coordinators ---------------------------------------------------------------------------

export async function publishSlot(
  input: InterviewSlotInput,
  host: { uid: string; email: string },
): Promise<InterviewSlotView> {
  const ref = slotsCollection().doc();
  const doc: SlotDoc = {
    startsAt: Timestamp.fromDate(new Date(input.startsAt)),
    minutes: input.minutes,
    place: input.place,
    where: input.where ?? '',
    hostUid: host.uid,
    hostEmail: host.email,
    createdAt: Timestamp.now(),
    mentorId: null,
  };
  await runTransaction(async (tx) => {
    tx.create(ref, doc);
    audit(tx, {
      action: 'interview.slot-publish',
      subject: slotSubject(ref.id, doc),
      people: [],
      detail: slotDetail(doc),
    });
  });
  return { ...slotView(ref.id, doc), mentor: null };
}

/** A slot as the history names it: its time and length, with its host and place beside. */
const slotSubject = (id: string, s: SlotDoc) => ({
  kind: 'interview-slot' as const,
  id,
  name: `${iso(s.startsAt)}, ${s.minutes} min`,
});
const slotDetail = (s: SlotDoc) =>
  [`Hosted by ${s.hostEmail}`, INTERVIEW_PLACE_LABELS[s.place], s.where]
    .filter(Boolean)
    .join(' · ');

const slotView = (id: string, s: SlotDoc): Omit<InterviewSlotView, 'mentor'> => ({
  id,
  startsAt: iso(s.startsAt),
  minutes: s.minutes,
  place: s.place,
  where: s.where,
  hostEmail: s.hostEmail,
});

async function mentorNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const snaps = await db.getAll(...unique.map((id) => personRef('mentor', id)));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, String(s.get('fullName') ?? '')]));
}

/** Slots from a week ago on, soonest first, with who booked each. */
export async function listSlots(now = new Date()): Promise<InterviewSlotView[]> {
  const snapshot = await slotsCollection()
    .where('startsAt', '>=', Timestamp.fromMillis(now.getTime() - 7 * DAY))
    .orderBy('startsAt')
    .get();
  const docs = snapshot.docs.map((d) => ({ id: d.id, doc: d.data() as SlotDoc }));
  const names = await mentorNames(docs.flatMap((d) => (d.doc.mentorId ? [d.doc.mentorId] : [])));
  return docs.map(({ id, doc }) => ({
    ...slotView(id, doc),
    mentor: doc.mentorId ? { id: doc.mentorId, fullName: names.get(doc.mentorId) ?? '' } : null,
  }));
}

/** Removes a slot nobody booked. */
export async function deleteSlot(id: string): Promise<void> {
  await runTransaction(async (tx) => {
    const snap = await tx.get(slotsCollection().doc(id));
    if (!snap.exists) throw new DomainError('not-found', INTERVIEW_MESSAGES.slotGone);
    const slot = snap.data() as SlotDoc;
    if (slot.mentorId) throw conflict(INTERVIEW_MESSAGES.slotBooked);
    tx.delete(snap.ref);
    audit(tx, {
      action: 'interview.slot-remove',
      subject: slotSubject(id, slot),
      people: [],
      detail: slotDetail(slot),
    });
  });
}

/** Booked interviews from now to INTERVIEW_RULES.dashboardDays ahead (the dashboard). */
export async function upcomingInterviews(now = new Date()): Promise<UpcomingInterview[]> {
  const snapshot = await bookingsCollection()
    .where('startsAt', '>=', Timestamp.fromMillis(now.getTime() - HOUR))
    .where(
      'startsAt',
      '<',
      Timestamp.fromMillis(now.getTime() + INTERVIEW_RULES.dashboardDays * DAY),
    )
    .orderBy('startsAt')
    .get();
  const booked = snapshot.docs
    .map((d) => d.data() as BookingDoc)
    .filter((b) => b.status === 'booked' && !b.recordedAt);
  const names = await mentorNames(booked.map((b) => b.mentorId));
  return booked.map((b) => ({
    mentorId: b.mentorId,
    fullName: names.get(b.mentorId) ?? '',
    startsAt: iso(b.startsAt),
    minutes: b.minutes,
    place: b.place,
  }));
}

/** A mentor's interview, for their page. */
export async function mentorInterview(mentorId: string): Promise<MentorInterviewView> {
  const [person, booking] = await Promise.all([
    personRef('mentor', mentorId).get(),
    bookingsCollection().doc(mentorId).get(),
  ]);
  if (!person.exists) throw new DomainError('not-found', 'Mentor not found.');
  const b = booking.exists ? (booking.data() as BookingDoc) : null;
  return {
    mentorId,
    reviewStatus: (person.data() as MentorDoc).reviewStatus ?? null,
    booking:
      b && (b.status === 'booked' || b.recordedAt)
        ? {
            ...bookedTime(b),
            attendance: b.attendance,
            decision: b.decision,
            recordedAt: b.recordedAt ? iso(b.recordedAt) : null,
          }
        : null,
  };
}

/**
 * The outcome: attended or not, and the review decision (approve or decline with a reason),
 * in one transaction with the decision (its e-mail and history entry included).
 */
export async function recordOutcome(
  mentorId: string,
  input: InterviewOutcomeInput,
  now = new Date(),
): Promise<MentorInterviewView> {
  const ref = bookingsCollection().doc(mentorId);
  await decide('mentor', mentorId, input.decision, input.reason, async (tx) => {
    const snap = await tx.get(ref);
    const b = snap.exists ? (snap.data() as BookingDoc) : null;
    if (!b || b.status !== 'booked') throw conflict(INTERVIEW_MESSAGES.noInterview);
    return () =>
      tx.update(ref, {
        attendance: input.attendance,
        decision: input.decision,
        recordedAt: Timestamp.fromDate(now),
        updatedAt: Timestamp.fromDate(now),
      });
  });
  return mentorInterview(mentorId);
}

// --- The mentor (My application) ------------------------------------------------------------

async function mentorOf(email: string): Promise<{ id: string; doc: MentorDoc } | null> {
  const found = (await findApplications(email)).find((f) => f.kind === 'mentor');
  return found ? { id: found.id, doc: found.doc as MentorDoc } : null;
}

const mayBook = (doc: MentorDoc) => doc.reviewStatus === 'awaiting' && doc.confirmed !== false;

export async function myInterview(email: string, now = new Date()): Promise<MyInterviewResponse> {
  const mentor = await mentorOf(email);
  if (!mentor) throw new DomainError('not-found', INTERVIEW_MESSAGES.notAwaiting);
  const snap = await bookingsCollection().doc(mentor.id).get();
  const b = snap.exists ? (snap.data() as BookingDoc) : null;
  const canBook = mayBook(mentor.doc) && !b?.recordedAt;
  const open = canBook
    ? await slotsCollection()
        .where('startsAt', '>', Timestamp.fromDate(now))
        .orderBy('startsAt')
        .limit(500)
        .get()
    : null;
  const team = open ? await teamUids() : new Set<string>();
  const slots: OpenInterviewSlot[] = (open?.docs ?? [])
    .map((d) => ({ id: d.id, doc: d.data() as SlotDoc }))
    .filter(({ doc }) => !doc.mentorId && team.has(doc.hostUid))
    .slice(0, INTERVIEW_RULES.openSlotsShown)
    .map(({ id, doc }) => ({
      id,
      startsAt: iso(doc.startsAt),
      minutes: doc.minutes,
      place: doc.place,
    }));
  const until = b ? changeableUntil(b.startsAt.toDate()) : null;
  return {
    canBook,
    booking:
      b && b.status === 'booked' && until
        ? {
            ...bookedTime(b),
            changeableUntil: until.toISOString(),
            canChange: canBook && now < until,
          }
        : null,
    slots,
    changesLeft: Math.max(0, INTERVIEW_RULES.maxChanges - (b?.changes ?? 0)),
  };
}

const invitationOf = (
  mentor: { id: string; doc: MentorDoc },
  b: Pick<
    BookingDoc,
    'uid' | 'sequence' | 'startsAt' | 'minutes' | 'place' | 'where' | 'hostEmail'
  >,
): Invitation => ({
  uid: b.uid,
  sequence: b.sequence,
  startsAt: b.startsAt.toDate(),
  minutes: b.minutes,
  place: b.place,
  where: b.where,
  hostEmail: b.hostEmail,
  mentor: { id: mentor.id, fullName: mentor.doc.fullName, email: mentor.doc.email },
});

interface MentorState {
  mentor: { id: string; doc: MentorDoc };
  booking: BookingDoc | null;
}

/** Reads the mentor and their booking in `tx`, refusing what the rules do not allow. */
async function readForChange(tx: Transaction, mentorId: string, now: Date): Promise<MentorState> {
  const [person, booking] = await Promise.all([
    tx.get(personRef('mentor', mentorId)),
    tx.get(bookingsCollection().doc(mentorId)),
  ]);
  if (!person.exists) throw new DomainError('not-found', INTERVIEW_MESSAGES.notAwaiting);
  const doc = person.data() as MentorDoc;
  const b = booking.exists ? (booking.data() as BookingDoc) : null;
  if (!mayBook(doc) || b?.recordedAt) throw conflict(INTERVIEW_MESSAGES.notAwaiting);
  if (b && b.status === 'booked' && now >= changeableUntil(b.startsAt.toDate())) {
    throw conflict(INTERVIEW_MESSAGES.tooLate);
  }
  if ((b?.changes ?? 0) >= INTERVIEW_RULES.maxChanges) {
    throw new DomainError('rate-limited', INTERVIEW_MESSAGES.tooManyChanges);
  }
  return { mentor: { id: mentorId, doc }, booking: b };
}

/** Books a slot, or moves the booking to it (same calendar UID, SEQUENCE + 1). */
export async function bookInterview(
  email: string,
  slotId: string,
  now = new Date(),
): Promise<MyInterviewResponse> {
  const found = await mentorOf(email);
  if (!found) throw conflict(INTERVIEW_MESSAGES.notAwaiting);
  const moved = await runTransaction(async (tx) => {
    const { mentor, booking } = await readForChange(tx, found.id, now);
    const slotRef = slotsCollection().doc(slotId);
    const slotSnap = await tx.get(slotRef);
    if (!slotSnap.exists) throw new DomainError('not-found', INTERVIEW_MESSAGES.slotGone);
    const slot = slotSnap.data() as SlotDoc;
    const current = booking?.status === 'booked' ? booking : null;
    if (current && current.slotId === slotId) return Boolean(current.sequence);
    if (slot.mentorId && slot.mentorId !== mentor.id) throw conflict(INTERVIEW_MESSAGES.slotTaken);
    if (slot.startsAt.toMillis() <= now.getTime()) throw conflict(INTERVIEW_MESSAGES.slotPast);
    // A slot is bookable only while its host is on the team: between a removal and the
    // hand-over of the removed coordinator's slots, theirs are already gone for mentors.
    if (!(await onTeam(tx, slot.hostUid))) {
      throw new DomainError('not-found', INTERVIEW_MESSAGES.slotGone);
    }
    const mailbox = recipientHash(mentor.doc.email ?? email);
    if (!current) await refuseSecondOpenBooking(tx, mailbox, mentor.id, now);
    const oldSlot = current?.slotId ? await tx.get(slotsCollection().doc(current.slotId)) : null;
    const oldHostOnTeam = oldSlot?.exists
      ? await onTeam(tx, (oldSlot.data() as SlotDoc).hostUid)
      : false;

    const at = Timestamp.fromDate(now);
    const next: BookingDoc = {
      mentorId: mentor.id,
      slotId,
      status: 'booked',
      startsAt: slot.startsAt,
      minutes: slot.minutes,
      place: slot.place,
      where: slot.where,
      hostEmail: slot.hostEmail,
      ...threadAfter(current ? 'update' : 'invite', current, 'interview'),
      changes: (booking?.changes ?? 0) + 1,
      remindedAt: null,
      attendance: null,
      decision: null,
      recordedAt: null,
      createdAt: booking?.createdAt ?? at,
      updatedAt: at,
      mailbox,
    };
    tx.update(slotRef, { mentorId: mentor.id });
    if (oldSlot?.exists && oldSlot.get('mentorId') === mentor.id) {
      tx.update(oldSlot.ref, { mentorId: null });
    }
    tx.set(bookingsCollection().doc(mentor.id), next);
    const invitation = invitationOf(mentor, next);
    if (current && current.hostEmail !== next.hostEmail && oldHostOnTeam) {
      // Another coordinator holds the new slot: the first one's calendar loses the event.
      queueInterviewMail(
        tx,
        'cancelled',
        invitationOf(mentor, { ...current, sequence: next.sequence }),
        {
          mentor: false,
          host: true,
        },
      );
    }
    queueInterviewMail(tx, current ? 'moved' : 'booked', invitation);
    return Boolean(current);
  });
  return {
    ...(await myInterview(email, now)),
    message: moved ? INTERVIEW_MESSAGES.moved : INTERVIEW_MESSAGES.booked,
  };
}

/** Cancels the booking: the slot is free again, both calendars get METHOD:CANCEL. */
export async function cancelInterview(
  email: string,
  now = new Date(),
): Promise<MyInterviewResponse> {
  const found = await mentorOf(email);
  if (!found) throw conflict(INTERVIEW_MESSAGES.notAwaiting);
  await runTransaction(async (tx) => {
    const { mentor, booking } = await readForChange(tx, found.id, now);
    if (!booking || booking.status !== 'booked') throw conflict(INTERVIEW_MESSAGES.noBooking);
    const held = await readSlotOf(tx, booking);
    endBooking(tx, mentor, booking, held, { cause: 'mentor', slot: 'free', now });
  });
  return { ...(await myInterview(email, now)), message: INTERVIEW_MESSAGES.cancelled };
}

// --- Ending a booking that the mentor did not end ------------------------------------------

/** The uids of the coordinators on the team now. */
async function teamUids(): Promise<Set<string>> {
  return new Set((await coordinators().select().get()).docs.map((d) => d.id));
}

/** Whether `uid` is on the team, read in `tx` (a removed coordinator is sent nothing more). */
async function onTeam(tx: Transaction, uid: string | undefined): Promise<boolean> {
  return Boolean(uid) && (await tx.get(coordinators().doc(uid ?? ''))).exists;
}

interface HeldSlot {
  /** The booked slot's snapshot, when it still exists. */
  slot: DocumentSnapshot | null;
  /** Whether its host is still a coordinator, so may be written to. */
  hostOnTeam: boolean;
}

/** Reads the booking's slot and whether its host is still on the team (reads of `tx`). */
async function readSlotOf(tx: Transaction, booking: BookingDoc): Promise<HeldSlot> {
  const slot = booking.slotId ? await tx.get(slotsCollection().doc(booking.slotId)) : null;
  const hostUid = slot?.exists ? (slot.data() as SlotDoc).hostUid : undefined;
  return { slot: slot?.exists ? slot : null, hostOnTeam: await onTeam(tx, hostUid) };
}

/**
 * Refuses a first booking while another application from the same mailbox (aliases as one)
 * holds an interview still ahead: an applicant nobody has reviewed yet holds one slot at a time,
 * however many addresses they apply from.
 */
async function refuseSecondOpenBooking(
  tx: Transaction,
  mailbox: string,
  mentorId: string,
  now: Date,
): Promise<void> {
  const same = await tx.get(bookingsCollection().where('mailbox', '==', mailbox));
  const open = same.docs.some((d) => {
    const b = d.data() as BookingDoc;
    return d.id !== mentorId && b.status === 'booked' && b.startsAt.toMillis() > now.getTime();
  });
  if (open) throw conflict(INTERVIEW_MESSAGES.oneOpenBooking);
}

/**
 * The writes that end a held booking, in the caller's transaction after its reads: the booking
 * is cancelled with the next SEQUENCE (calendars remove the event), its slot freed or withdrawn,
 * the mentor sent the cancellation and the host too while they are on the team. Only the
 * mentor's own cancellation counts among their changes.
 */
function endBooking(
  tx: Transaction,
  mentor: { id: string; doc: MentorDoc },
  booking: BookingDoc,
  held: HeldSlot,
  how: { cause: CancelCause; slot: 'free' | 'withdraw'; now: Date },
): void {
  const { sequence } = threadAfter('cancel', booking);
  const { slot } = held;
  if (slot && slot.get('mentorId') === mentor.id) {
    if (how.slot === 'withdraw') tx.delete(slot.ref);
    else tx.update(slot.ref, { mentorId: null });
  }
  tx.update(bookingsCollection().doc(mentor.id), {
    status: 'cancelled',
    slotId: null,
    sequence,
    changes: booking.changes + (how.cause === 'mentor' ? 1 : 0),
    updatedAt: Timestamp.fromDate(how.now),
  });
  queueInterviewMail(
    tx,
    'cancelled',
    invitationOf(mentor, { ...booking, sequence }),
    { mentor: true, host: held.hostOnTeam },
    how.cause,
  );
}

const isHeldAhead = (b: BookingDoc | null, now: Date): b is BookingDoc =>
  b !== null && b.status === 'booked' && !b.recordedAt && b.startsAt.toMillis() > now.getTime();

/**
 * For a change of a mentor's review status (a decision, a change of status, a withdrawal): the
 * reads, then the writes that cancel the interview they hold ahead, in the transaction of the
 * change (review/people.ts `decide` and `setPersonStatus`, applicants' withdrawal). A booking
 * held only while the application awaits review goes with the wait: reminders stop, the slot is
 * free for others, and both sides are told; an interview already past or decided stays as the
 * record of what happened.
 */
export function releaseInterviewWith(
  mentorId: string,
  now = new Date(),
): (tx: Transaction) => Promise<() => void> {
  return async (tx) => {
    const [person, snap] = await Promise.all([
      tx.get(personRef('mentor', mentorId)),
      tx.get(bookingsCollection().doc(mentorId)),
    ]);
    const booking = snap.exists ? (snap.data() as BookingDoc) : null;
    if (!person.exists || !isHeldAhead(booking, now)) return () => undefined;
    const held = await readSlotOf(tx, booking);
    const mentor = { id: mentorId, doc: person.data() as MentorDoc };
    return () => endBooking(tx, mentor, booking, held, { cause: 'review', slot: 'free', now });
  };
}

/**
 * Erasure of a mentor (people/repository.ts `removePerson`), in its transaction: reads the
 * interview they hold ahead; the returned write sends its host, while on the team, the calendar
 * revocation (`queueHostRevocation`). The erasure itself takes the booking and frees the slot
 * (the registry's rules); the mentor is sent nothing, having asked for their data to go.
 */
export function revokeInterviewOfErased(
  mentorId: string,
  now = new Date(),
): (tx: Transaction) => Promise<() => void> {
  return async (tx) => {
    const snap = await tx.get(bookingsCollection().doc(mentorId));
    const booking = snap.exists ? (snap.data() as BookingDoc) : null;
    if (!isHeldAhead(booking, now) || !booking.slotId) return () => undefined;
    const slotId = booking.slotId;
    const held = await readSlotOf(tx, booking);
    if (!held.hostOnTeam) return () => undefined;
    const thread = threadAfter('revoke', booking);
    return () =>
      queueHostRevocation(tx, slotId, {
        ...thread,
        startsAt: booking.startsAt.toDate(),
        minutes: booking.minutes,
        place: booking.place,
        where: booking.where,
        hostEmail: booking.hostEmail,
      });
  };
}

/**
 * A coordinator cancels the interview booked on a slot that has not started: the mentor is told
 * (and may book another time: the cancellation is not counted among their changes), the host too
 * while on the team, and the slot is withdrawn, since whoever cancels it no longer keeps that time.
 */
export async function cancelBookedSlot(slotId: string, now = new Date()): Promise<void> {
  await runTransaction(async (tx) => {
    const slotSnap = await tx.get(slotsCollection().doc(slotId));
    if (!slotSnap.exists) throw new DomainError('not-found', INTERVIEW_MESSAGES.slotGone);
    const slot = slotSnap.data() as SlotDoc;
    if (!slot.mentorId) throw conflict(INTERVIEW_MESSAGES.slotNotBooked);
    if (slot.startsAt.toMillis() <= now.getTime()) throw conflict(INTERVIEW_MESSAGES.slotPassed);
    const [person, snap] = await Promise.all([
      tx.get(personRef('mentor', slot.mentorId)),
      tx.get(bookingsCollection().doc(slot.mentorId)),
    ]);
    const booking = snap.exists ? (snap.data() as BookingDoc) : null;
    if (!person.exists || !isHeldAhead(booking, now) || booking.slotId !== slotId) {
      // A slot pointing at no held booking: nothing to tell anyone, the slot goes.
      tx.delete(slotSnap.ref);
      return;
    }
    const hostOnTeam = await onTeam(tx, slot.hostUid);
    const mentor = { id: slot.mentorId, doc: person.data() as MentorDoc };
    // In the mentor's history: a coordinator's act on their application.
    audit(tx, {
      action: 'interview.cancel',
      subject: { kind: 'mentor', id: mentor.id, name: mentor.doc.fullName },
      people: [mentor.id],
      detail: `Interview of ${iso(slot.startsAt)}`,
    });
    endBooking(
      tx,
      mentor,
      booking,
      { slot: slotSnap, hostOnTeam },
      {
        cause: 'coordinator',
        slot: 'withdraw',
        now,
      },
    );
  });
}

/**
 * A coordinator left the team (team/service.ts `removeCoordinator`, after the removal, and the
 * daily work for any removal cut short): their slots ahead are withdrawn, an interview booked on
 * one cancelled with notice to the mentor alone; their past slots keep the record of what
 * happened without their address. Each slot in its own transaction; running it again finds
 * nothing left to do.
 *
 * Withdrawn rather than handed to another coordinator: a slot is its host's own time, often with
 * their own meeting link, which nobody else has agreed to keep.
 */
export async function handOverSlotsOf(hostUid: string, now = new Date()): Promise<number> {
  const slots = await slotsCollection().where('hostUid', '==', hostUid).get();
  const email = slots.docs.map((d) => (d.data() as SlotDoc).hostEmail).find(Boolean);
  let changed = 0;
  for (const d of slots.docs) {
    const done = await runTransaction(async (tx) => {
      const snap = await tx.get(d.ref);
      if (!snap.exists) return false;
      const slot = snap.data() as SlotDoc;
      if (await onTeam(tx, slot.hostUid)) return false;
      const ahead = slot.startsAt.toMillis() > now.getTime();
      const [person, bookingSnap] = slot.mentorId
        ? await Promise.all([
            tx.get(personRef('mentor', slot.mentorId)),
            tx.get(bookingsCollection().doc(slot.mentorId)),
          ])
        : [null, null];
      const booking = bookingSnap?.exists ? (bookingSnap.data() as BookingDoc) : null;
      const heldHere = booking?.slotId === d.id ? booking : null;
      if (ahead || !heldHere) {
        if (person?.exists && heldHere && isHeldAhead(heldHere, now)) {
          const mentor = { id: person.id, doc: person.data() as MentorDoc };
          endBooking(
            tx,
            mentor,
            heldHere,
            { slot: snap, hostOnTeam: false },
            {
              cause: 'host-left',
              slot: 'withdraw',
              now,
            },
          );
        } else {
          tx.delete(d.ref);
        }
      } else {
        // The past interview stays as the record of what happened, no longer naming its host.
        tx.update(d.ref, { hostEmail: '' });
      }
      return true;
    });
    if (done) changed++;
  }
  // Bookings no longer on one of their slots (cancelled or moved away) forget the address too.
  if (email) {
    const stale = await bookingsCollection().where('hostEmail', '==', email).get();
    for (const b of stale.docs) {
      const booking = b.data() as BookingDoc;
      if (isHeldAhead(booking, now)) continue;
      await b.ref.update({ hostEmail: '' });
    }
  }
  return changed;
}

/**
 * The daily work's share of the hand-over: slots ahead whose host is no longer on the team (a
 * removal whose hand-over was cut short) are handed over now.
 */
export async function handOverOrphanedSlots(now: Date): Promise<number> {
  const [team, ahead] = await Promise.all([
    teamUids(),
    slotsCollection().where('startsAt', '>', Timestamp.fromDate(now)).get(),
  ]);
  const orphaned = new Set(
    ahead.docs.map((d) => (d.data() as SlotDoc).hostUid).filter((uid) => !team.has(uid)),
  );
  let changed = 0;
  for (const uid of orphaned) {
    // The removal withdraws what the outbox holds for its coordinator before the hand-over;
    // cut short, that may not have run either, so it is done again first.
    const email = ahead.docs
      .map((d) => d.data() as SlotDoc)
      .find((s) => s.hostUid === uid)?.hostEmail;
    if (email) await withdrawMailTo(email, COORDINATOR_LEFT);
    changed += await handOverSlotsOf(uid, now);
  }
  return changed;
}

// --- Timed work and erasure -----------------------------------------------------------------

const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The daily work (schedule/daily.ts, 03:00 UTC): first the slots of a coordinator whose removal
 * was cut short are handed over (`handOverOrphanedSlots`); then a reminder to every interview
 * starting on the next UTC day, once (`remindedAt`; a move clears it), to the mentor and to the
 * host while they are on the team. Idempotent.
 */
export async function runInterviewReminders(
  now: Date,
): Promise<{ handedOver: number; reminded: number }> {
  const handedOver = await handOverOrphanedSlots(now);
  const from = new Date(startOfUtcDay(now).getTime() + DAY);
  const to = new Date(from.getTime() + DAY);
  const snapshot = await bookingsCollection()
    .where('startsAt', '>=', Timestamp.fromDate(from))
    .where('startsAt', '<', Timestamp.fromDate(to))
    .get();
  let reminded = 0;
  for (const d of snapshot.docs) {
    const sent = await runTransaction(async (tx) => {
      const snap = await tx.get(d.ref);
      const b = snap.exists ? (snap.data() as BookingDoc) : null;
      if (!b || b.status !== 'booked' || b.remindedAt || b.recordedAt) return false;
      const person = await tx.get(personRef('mentor', b.mentorId));
      if (!person.exists) return false;
      const { hostOnTeam } = await readSlotOf(tx, b);
      tx.update(d.ref, { remindedAt: Timestamp.fromDate(now) });
      queueInterviewMail(
        tx,
        'reminder',
        invitationOf({ id: b.mentorId, doc: person.data() as MentorDoc }, b),
        { mentor: true, host: hostOnTeam },
      );
      return true;
    });
    if (sent) reminded++;
  }
  return { handedOver, reminded };
}
