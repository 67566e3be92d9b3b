/**
 * Sessions planned, not only logged (the rules and "the day before": domain
 * planned-sessions.ts). Either side of a running pair proposes a day and time in their own zone
 * (`plannedSessions/{id}`), the other accepts it or suggests another; either may cancel. Each
 * change is one transaction that re-reads the pair and the planned session and queues its
 * messages in the outbox: the partner is told of a proposal; on acceptance both get the calendar
 * invitation (the calendar lifecycle, calendar/lifecycle.ts: one UID per planned session,
 * SEQUENCE one higher on each later file, METHOD:CANCEL when an invited session is cancelled); a
 * cancellation inside 24 hours tells the partner it came at short notice. The daily work (pairs/daily.ts) sends the day-before
 * reminder to both, once, while the pair runs and both people exist, and turns an accepted session
 * nobody logged into the month's check-in question.
 *
 * Erasure: the planned sessions of a pair go with it (pairs/erasure.ts, by `pairId` and by
 * each person's id), their messages with the pair's (`subjectId`).
 */
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import {
  MAX_UPCOMING_PLANNED,
  PLANNED_MESSAGES,
  PLANNED_SESSION_MINUTES,
  PROGRAM,
  formatDay,
  isShortNotice,
  isTimeZone,
  plannedSessionEmail,
  programDayOf,
  programMonthAt,
  programMonthOf,
  reminderDue,
  zonedTimeToUtc,
  type IsoDay,
  type PersonKind,
  type PlannedActionInput,
  type PlannedMoment,
  type PlannedSessionDoc,
  type PlannedSessionView,
  type ProposeSessionInput,
} from '@mentorship/domain';
import {
  calendarFiles,
  threadAfter,
  whenText,
  type CalendarEventDetails,
  type CalendarStep,
} from '../calendar/lifecycle';
import { siteUrl } from '../email/config';
import { readMailGate, refuseIfOver, type MailGate } from '../email/gate';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { COLLECTIONS, type MentorDoc, type StudentDoc } from '../shared/records';
import { readRunningPair } from './sessions';
import {
  pairsCollection,
  countReads,
  isRunning,
  plannedSessions,
  sessions,
  withCohorts,
  type Pair,
  type PairDoc,
} from './store';

const HOUR = 3_600_000;

interface Person {
  id: string;
  name: string;
  email: string | null;
  /** Their application's zone, when it is an IANA name. */
  zone: string | null;
}
type People = Record<PersonKind, Person>;

const other = (role: PersonKind): PersonKind => (role === 'student' ? 'mentor' : 'student');

/** Both people of a pair, read in the transaction; null when either is gone (erased). */
async function readPeople(tx: Transaction, doc: PairDoc): Promise<People | null> {
  const [studentSnap, mentorSnap] = await tx.getAll(
    db.collection(COLLECTIONS.students).doc(doc.studentId),
    db.collection(COLLECTIONS.mentors).doc(doc.mentorId),
  );
  countReads(2);
  if (!studentSnap?.exists || !mentorSnap?.exists) return null;
  const student = studentSnap.data() as StudentDoc & { timeZone?: unknown };
  const mentor = mentorSnap.data() as MentorDoc & { timeZone?: unknown };
  const zone = (z: unknown) => (isTimeZone(z) ? z : null);
  return {
    student: {
      id: doc.studentId,
      name: student.fullName,
      email: student.emailAddress ?? null,
      zone: zone(student.timeZone),
    },
    mentor: {
      id: doc.mentorId,
      name: mentor.fullName,
      email: mentor.email ?? null,
      zone: zone(mentor.timeZone),
    },
  };
}

/** The zone a person's messages state times in. */
const zoneOf = (doc: PlannedSessionDoc, people: People, role: PersonKind) =>
  doc.zones[role] ?? people[role].zone;

function sessionEvent(doc: PlannedSessionDoc, people: People): CalendarEventDetails {
  return {
    productId: 'planned-sessions',
    startsAt: new Date(doc.startsAt),
    minutes: doc.minutes,
    title: `${PROGRAM.name}: ${people.student.name} and ${people.mentor.name}`,
    description: `Your ${doc.minutes}-minute mentoring session. This month's session guide is on My application: ${siteUrl()}/my-application`,
    attendees: (['student', 'mentor'] as const).flatMap((r) =>
      people[r].email ? [{ name: people[r].name, email: people[r].email as string }] : [],
    ),
  };
}

const KIND: Record<PlannedMoment, Parameters<typeof queueEmail>[3]['kind']> = {
  proposed: 'planned-session-proposed',
  accepted: 'planned-session-invitation',
  cancelled: 'planned-session-cancelled',
  reminder: 'planned-session-reminder',
};

/** One side's message of a moment, with the calendar file when there is one. */
function queueFor(
  tx: Transaction,
  doc: PlannedSessionDoc,
  people: People,
  to: PersonKind,
  moment: PlannedMoment,
  facts: { actor: PersonKind; moved?: boolean; file?: CalendarStep; pairEnded?: boolean },
) {
  const person = people[to];
  if (!person.email) return;
  const message = plannedSessionEmail({
    moment,
    fullName: person.name,
    partnerName: people[other(to)].name,
    when: whenText(new Date(doc.startsAt), doc.minutes, zoneOf(doc, people, to)),
    byPartner: facts.actor !== to,
    shortNotice: doc.shortNotice,
    moved: facts.moved,
    hadInvitation: facts.file === 'cancel' || facts.file === 'revoke',
    pairEnded: facts.pairEnded,
    siteUrl: siteUrl(),
  });
  const attachments = facts.file
    ? calendarFiles(facts.file, 'mentoring-session', doc, sessionEvent(doc, people))
    : [];
  queueEmail(
    tx,
    person.email,
    { ...message, ...(attachments.length ? { attachments } : {}) },
    { kind: KIND[moment], subjectId: doc.pairId },
  );
}

/** The instant a proposal means, refused (field errors) when past or after the program. */
function startOf(input: ProposeSessionInput, pair: Pair, now: Date): Date {
  const startsAt = zonedTimeToUtc(input.date as IsoDay, input.time, input.timeZone);
  if (startsAt.getTime() <= now.getTime()) {
    throw new DomainError('invalid-argument', PLANNED_MESSAGES.past, {
      time: PLANNED_MESSAGES.past,
    });
  }
  if ((input.date as IsoDay) > pair.programEnd) {
    const message = PLANNED_MESSAGES.afterProgram(formatDay(pair.programEnd));
    throw new DomainError('invalid-argument', message, { date: message });
  }
  return startsAt;
}

/** The pair's planned sessions, read in the transaction. */
async function plannedOfPair(tx: Transaction, pairId: string) {
  const snap = await tx.get(plannedSessions().where('pairId', '==', pairId));
  countReads(snap.size);
  return snap.docs.map((d) => ({ id: d.id, ref: d.ref, doc: d.data() as PlannedSessionDoc }));
}

/** A planned session of this pair that is still ahead (proposed or accepted), or a refusal. */
async function readOpen(
  tx: Transaction,
  pairId: string,
  plannedId: string,
  now: Date,
): Promise<{ ref: DocumentReference; doc: PlannedSessionDoc }> {
  const ref = plannedSessions().doc(plannedId);
  const snap = await tx.get(ref);
  countReads(1);
  const doc = snap.data() as PlannedSessionDoc | undefined;
  if (!doc || doc.pairId !== pairId) {
    throw new DomainError('not-found', PLANNED_MESSAGES.notFound);
  }
  if (doc.status === 'cancelled' || new Date(doc.startsAt).getTime() <= now.getTime()) {
    throw new DomainError('failed-precondition', PLANNED_MESSAGES.gone);
  }
  return { ref, doc };
}

async function readPairAndPeople(tx: Transaction, pairId: string) {
  const pair = await readRunningPair(tx, pairId);
  const people = await readPeople(tx, pair.doc);
  if (!people) throw new DomainError('failed-precondition', PLANNED_MESSAGES.gone);
  return { pair, people };
}

/**
 * A side's step on one planned session of their pair (accept, counter, cancel), with the time zone
 * they answered in; answers the message to show.
 */
export type PlannedStep<Input> = (
  role: PersonKind,
  pairId: string,
  plannedId: string,
  input: Input,
  now?: Date,
) => Promise<string>;

/** What a step reads in its transaction: the running pair, both people, the open session. */
interface OpenPlanned {
  tx: Transaction;
  pair: Awaited<ReturnType<typeof readRunningPair>>;
  people: People;
  ref: DocumentReference;
  doc: PlannedSessionDoc;
}

/**
 * A step on one of the pair's open planned sessions: `change` runs in one transaction with what
 * it reads (OpenPlanned) and gives the message to show.
 */
const stepOnOpen =
  <Input>(
    change: (
      open: OpenPlanned,
      role: PersonKind,
      input: Input,
      now: Date,
    ) => Promise<string> | string,
  ): PlannedStep<Input> =>
  (role, pairId, plannedId, input, now = new Date()) =>
    runTransaction(async (tx) => {
      const { pair, people } = await readPairAndPeople(tx, pairId);
      const open = await readOpen(tx, pairId, plannedId, now);
      return change({ tx, pair, people, ...open }, role, input, now);
    });

/**
 * A proposal (or a new time) e-mailed to the partner passes the mail gate: read with the
 * transaction's reads, and refused (429, the time to try again in the proposer's zone) before
 * anything is written. A partner without an address gets no e-mail, so nothing is counted.
 */
async function gateProposal(
  tx: Transaction,
  people: People,
  role: PersonKind,
  timeZone: string,
  now: Date,
): Promise<MailGate | null> {
  const proposer = people[role].email;
  const partner = people[other(role)].email;
  if (!partner) return null;
  const kind = 'planned-session-proposed';
  const gate = await readMailGate(
    tx,
    // A record always has its address; the person's id keys one that has none.
    { kind, sender: { account: proposer ?? people[role].id }, to: [partner] },
    now,
  );
  refuseIfOver(gate, kind, timeZone, now);
  return gate;
}

/** A planned session cancelled now, by a side or (`null`) by the pair's end. */
const cancelledNow = (
  doc: PlannedSessionDoc,
  by: PersonKind | null,
  shortNotice: boolean,
  now: Date,
): PlannedSessionDoc => ({
  ...doc,
  status: 'cancelled',
  sequence: doc.invited ? threadAfter('cancel', doc).sequence : doc.sequence,
  cancelledAt: now.toISOString(),
  cancelledBy: by,
  shortNotice,
  updatedAt: now.toISOString(),
});

/** A side proposes a time; the partner is told. Answers the message to show. */
export async function proposeSession(
  role: PersonKind,
  pairId: string,
  input: ProposeSessionInput,
  now = new Date(),
): Promise<string> {
  await runTransaction(async (tx) => {
    const { pair, people } = await readPairAndPeople(tx, pairId);
    const existing = await plannedOfPair(tx, pairId);
    const startsAt = startOf(input, pair, now);
    const upcoming = existing.filter(
      (p) => p.doc.status !== 'cancelled' && new Date(p.doc.startsAt).getTime() > now.getTime(),
    );
    if (upcoming.length >= MAX_UPCOMING_PLANNED) {
      throw new DomainError('failed-precondition', PLANNED_MESSAGES.tooMany);
    }
    const gate = await gateProposal(tx, people, role, input.timeZone, now);
    const ref = plannedSessions().doc();
    const stamp = now.toISOString();
    const doc: PlannedSessionDoc = {
      pairId,
      cohortId: pair.cohortId,
      studentId: pair.doc.studentId,
      mentorId: pair.doc.mentorId,
      startsAt: startsAt.toISOString(),
      minutes: PLANNED_SESSION_MINUTES,
      status: 'proposed',
      proposedBy: role,
      zones: {
        student: role === 'student' ? input.timeZone : null,
        mentor: role === 'mentor' ? input.timeZone : null,
      },
      // The thread starts with the proposal; the first file goes out when it is accepted.
      ...threadAfter('invite', null, 'planned-session'),
      invited: false,
      acceptedAt: null,
      remindedAt: null,
      cancelledAt: null,
      cancelledBy: null,
      shortNotice: false,
      createdAt: stamp,
      updatedAt: stamp,
    };
    tx.set(ref, doc);
    gate?.count();
    queueFor(tx, doc, people, other(role), 'proposed', { actor: role });
  });
  return PLANNED_MESSAGES.proposed;
}

/** The partner of the proposer accepts: both get the calendar invitation (or its update). */
export const acceptSession = stepOnOpen<PlannedActionInput>(
  ({ tx, people, ref, doc }, role, input, now) => {
    if (doc.status === 'accepted') return PLANNED_MESSAGES.accepted;
    if (doc.proposedBy === role) {
      throw new DomainError('failed-precondition', PLANNED_MESSAGES.ownProposal);
    }
    const moved = doc.invited;
    const next: PlannedSessionDoc = {
      ...doc,
      status: 'accepted',
      zones: { ...doc.zones, [role]: input.timeZone },
      sequence: doc.invited ? threadAfter('update', doc).sequence : 0,
      invited: true,
      acceptedAt: now.toISOString(),
      remindedAt: null,
      updatedAt: now.toISOString(),
    };
    tx.set(ref, next);
    for (const to of ['student', 'mentor'] as const) {
      queueFor(tx, next, people, to, 'accepted', {
        actor: role,
        moved,
        file: moved ? 'update' : 'invite',
      });
    }
    return PLANNED_MESSAGES.accepted;
  },
);

/** Either side suggests another time: it goes back to the partner to accept. */
export const counterSession = stepOnOpen<ProposeSessionInput>(
  async ({ tx, pair, people, ref, doc }, role, input, now) => {
    const startsAt = startOf(input, pair, now);
    const gate = await gateProposal(tx, people, role, input.timeZone, now);
    const next: PlannedSessionDoc = {
      ...doc,
      startsAt: startsAt.toISOString(),
      status: 'proposed',
      proposedBy: role,
      zones: { ...doc.zones, [role]: input.timeZone },
      remindedAt: null,
      updatedAt: now.toISOString(),
    };
    tx.set(ref, next);
    gate?.count();
    queueFor(tx, next, people, other(role), 'proposed', {
      actor: role,
      moved: doc.invited,
    });
    return PLANNED_MESSAGES.countered;
  },
);

/**
 * Either side cancels, inside 24 hours too: the partner is told (at short notice, when it was
 * accepted and starts within 24 hours); an invited session's calendar entry is removed for both.
 */
export const cancelSession = stepOnOpen<PlannedActionInput>(
  ({ tx, people, ref, doc }, role, input, now) => {
    const short = doc.status === 'accepted' && isShortNotice(doc.startsAt, now);
    const next: PlannedSessionDoc = {
      ...cancelledNow(doc, role, short, now),
      zones: { ...doc.zones, [role]: input.timeZone },
    };
    tx.set(ref, next);
    if (doc.invited) {
      for (const to of ['student', 'mentor'] as const) {
        queueFor(tx, next, people, to, 'cancelled', { actor: role, file: 'cancel' });
      }
    } else {
      queueFor(tx, next, people, other(role), 'cancelled', { actor: role });
    }
    return short ? PLANNED_MESSAGES.cancelledShortNotice : PLANNED_MESSAGES.cancelled;
  },
);

/**
 * A pair a coordinator ends takes its planned sessions still ahead with it. Reads now, in the
 * caller's transaction (with its other reads); the returned write cancels each, and one that was
 * in both calendars sends both the cancellation (same UID, SEQUENCE up, METHOD:CANCEL), saying
 * the pair ended. A session only proposed was in no calendar: both are told nothing more than the
 * pair's end. Erased people get nothing (erasure removes the sessions instead).
 */
export async function plannedSessionsEndingWith(
  tx: Transaction,
  pairId: string,
  pair: PairDoc,
  now = new Date(),
): Promise<() => void> {
  const ahead = (await plannedOfPair(tx, pairId)).filter(
    (p) => p.doc.status !== 'cancelled' && new Date(p.doc.startsAt).getTime() > now.getTime(),
  );
  if (ahead.length === 0) return () => undefined;
  const people = await readPeople(tx, pair);
  return () => {
    for (const { ref, doc } of ahead) {
      const next = cancelledNow(doc, null, false, now);
      tx.set(ref, next);
      if (!people || !doc.invited) continue;
      for (const to of ['student', 'mentor'] as const) {
        queueFor(tx, next, people, to, 'cancelled', { actor: to, file: 'revoke', pairEnded: true });
      }
    }
  };
}

/**
 * What My application shows of a pair's planned sessions: those still ahead, and those past whose
 * month has no session logged (each with "log it" one click away), oldest first.
 */
async function plannedViewsOf(
  pair: Pick<Pair, 'id' | 'programStart' | 'programEnd'>,
  role: PersonKind,
  now = new Date(),
): Promise<PlannedSessionView[]> {
  const [planned, held] = await Promise.all([
    plannedSessions().where('pairId', '==', pair.id).get(),
    sessions().where('pairId', '==', pair.id).get(),
  ]);
  countReads(planned.size + held.size);
  const loggedMonths = new Set(
    held.docs.map((d) =>
      programMonthOf(pair.programStart, pair.programEnd, String(d.get('heldOn')) as IsoDay),
    ),
  );
  return planned.docs
    .map((d) => ({ id: d.id, doc: d.data() as PlannedSessionDoc }))
    .filter(({ doc }) => doc.status !== 'cancelled')
    .map(({ id, doc }) => {
      const past = new Date(doc.startsAt).getTime() <= now.getTime();
      const dayUtc = programDayOf(new Date(doc.startsAt));
      return {
        id,
        startsAt: doc.startsAt,
        minutes: doc.minutes,
        status: doc.status as PlannedSessionView['status'],
        proposedBy: doc.proposedBy,
        canAccept: !past && doc.status === 'proposed' && doc.proposedBy !== role,
        past,
        logged: loggedMonths.has(programMonthOf(pair.programStart, pair.programEnd, dayUtc)),
        dayUtc,
      };
    })
    .filter((v) => !v.past || (v.status === 'accepted' && !v.logged))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The planned sessions of each of these pairs (My application: one read per pair). */
export async function plannedViewsOfPairs(
  mine: { id: string; role: PersonKind; doc: PairDoc }[],
  now = new Date(),
): Promise<Map<string, PlannedSessionView[]>> {
  const running = mine.filter((m) => isRunning(m.doc));
  const pairs = await withCohorts(running.map((m) => ({ id: m.id, doc: m.doc })));
  const out = new Map<string, PlannedSessionView[]>();
  await Promise.all(
    pairs.map(async (pair) => {
      const role = running.find((m) => m.id === pair.id)?.role ?? 'student';
      out.set(pair.id, await plannedViewsOf(pair, role, now));
    }),
  );
  return out;
}

/**
 * For a month's check-in (pairs/daily.ts, in its transaction, before its writes): the accepted
 * session planned in that program month that has started by `now`, when no session is logged for
 * the month. The check-in then asks whether it happened, and "We met" logs it on its day.
 */
export async function unloggedPlannedOf(
  tx: Transaction,
  pair: Pair,
  month: number,
  now: Date,
): Promise<PlannedSessionDoc | null> {
  const [planned, held] = await Promise.all([
    tx.get(plannedSessions().where('pairId', '==', pair.id)),
    tx.get(sessions().where('pairId', '==', pair.id)),
  ]);
  countReads(planned.size + held.size);
  const monthOf = (day: string) =>
    programMonthOf(pair.programStart, pair.programEnd, day.slice(0, 10) as IsoDay);
  if (held.docs.some((d) => monthOf(String(d.get('heldOn'))) === month)) return null;
  // A planned start is an instant: its month is its program day's, the one daily.ts logs it on.
  const monthAt = (startsAt: string) =>
    programMonthAt(pair.programStart, pair.programEnd, new Date(startsAt));
  const candidates = planned.docs
    .map((d) => d.data() as PlannedSessionDoc)
    .filter(
      (d) =>
        d.status === 'accepted' &&
        new Date(d.startsAt).getTime() <= now.getTime() &&
        monthAt(d.startsAt) === month,
    )
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return candidates[0] ?? null;
}

/** The zone a check-in states a planned session's time in (as that person's messages do). */
export const plannedZoneFor = (doc: PlannedSessionDoc, role: PersonKind, fallback: unknown) =>
  doc.zones[role] ?? (isTimeZone(fallback) ? fallback : null);

export interface RemindersReport {
  sessionReminders: number;
}

/**
 * The day-before reminders (the rule: domain `reminderDue`): one read of the accepted sessions
 * starting in the next 48 hours, then one transaction per session due, which re-reads it, its pair
 * (running) and both people (existing), marks it and queues both reminders.
 */
export async function runPlannedSessionReminders(now: Date): Promise<RemindersReport> {
  const snapshot = await plannedSessions()
    .where('startsAt', '>', now.toISOString())
    .where('startsAt', '<', new Date(now.getTime() + 48 * HOUR).toISOString())
    .get();
  countReads(snapshot.size);
  let sessionReminders = 0;
  for (const d of snapshot.docs) {
    if (!reminderDue(d.data() as PlannedSessionDoc, now)) continue;
    const sent = await runTransaction(async (tx) => {
      const snap = await tx.get(d.ref);
      const doc = snap.data() as PlannedSessionDoc | undefined;
      if (!doc || !reminderDue(doc, now)) return false;
      const pairSnap = await tx.get(pairsCollection().doc(doc.pairId));
      countReads(2);
      if (!pairSnap.exists || !isRunning(pairSnap.data() as PairDoc)) return false;
      const people = await readPeople(tx, pairSnap.data() as PairDoc);
      if (!people) return false;
      tx.update(d.ref, { remindedAt: now.toISOString() });
      for (const to of ['student', 'mentor'] as const) {
        queueFor(tx, doc, people, to, 'reminder', { actor: to });
      }
      return true;
    });
    if (sent) sessionReminders++;
  }
  return { sessionReminders };
}
