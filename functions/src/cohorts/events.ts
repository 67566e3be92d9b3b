/**
 * The program's events on a cohort (packages/domain/src/program-events.ts states who is
 * invited): the orientation(s) and the closing event, each person's invitation
 * (`eventInvitations`), their calendar file (the calendar lifecycle, calendar/lifecycle.ts: one
 * UID per person per event, a higher SEQUENCE on each change, CANCEL on removal), the closing
 * event's reply link, its reminder the day before and attendance.
 *
 * One rule makes every invitation: `syncOne` brings one person's invitation in line with the
 * cohort's event as it is now, in one transaction with its e-mail (outbox), so a rerun sends
 * nothing twice. It runs for a mentor in their approval's transaction (`orientationOnApproval`),
 * every day (`runProgramEvents`: people who joined a pair since, a run cut short), and for
 * everyone concerned after a coordinator sets, changes or removes an event: not in their
 * request (a cohort of 1,000 pairs is 2,000 transactions, past any request's time limit) but as
 * a fan-out (`eventFanouts`, below), a work document written in the change's transaction and
 * worked through in bounded batches by the `eventFanout` trigger, each batch moving a cursor, so
 * a run cut short resumes where it stopped. A removed event's cancellations need only the
 * invitations (each holds the time its person was sent), so they go out after the event is gone.
 * One invitee or cohort that fails is logged and skipped; the others go on, and the daily work
 * tries again.
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  CLOSING_EVENT_PAGE,
  COHORT_MESSAGES,
  DEFAULT_EVENT_SETTINGS,
  PROGRAM_EVENT_KINDS,
  PROGRAM_EVENT_LABELS,
  PROGRAM_EVENT_MESSAGES,
  eventCounts,
  eventTitle,
  isoDayOf,
  linkPlaceholder,
  looksLikeLink,
  programEventEmail,
  tokenLink,
  type AttendanceInput,
  type ClosingEventPublicView,
  type ClosingEventReplied,
  type CohortEventsResponse,
  type EventInviteeView,
  type EventMoment,
  type EventReply,
  type EventSettings,
  type PersonKind,
  type ProgramEvent,
  type ProgramEventInput,
  type ProgramEventKind,
  type ProgramEvents,
} from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { audit } from '../audit/audit';
import {
  calendarFiles,
  threadAfter,
  whenText,
  type CalendarEventDetails,
  type CalendarStep,
} from '../calendar/lifecycle';
import { siteUrl } from '../email/config';
import { admitMail, coordinatorSender } from '../email/gate';
import type { LinkMakers } from '../email/links';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { allPairs } from '../pairs';
import { DomainError } from '../shared/errors';
import { personRef } from '../shared/people';
import { COLLECTIONS, isConfirmed } from '../shared/records';
import { LinkGone, newToken, tokenHash } from '../shared/tokens';
import { cohortsCollection } from './service';

export const eventInvitations = () => db.collection(COLLECTIONS.eventInvitations);
export const eventFanouts = () => db.collection(COLLECTIONS.eventFanouts);

/** The fan-out of one event's change (id: `fanoutId`), deleted when every invitee is done. */
export interface FanoutDoc {
  cohortId: string;
  event: ProgramEventKind;
  /** One more on each change of the event: a batch of an older change stops. */
  generation: number;
  /** The last person key (`kind:id`) worked through; null before the first batch. */
  cursor: string | null;
  /** `running`: the trigger works it; `waiting`: some invitees failed, the daily work retries. */
  state: 'running' | 'waiting';
  sent: SyncReport;
  failed: number;
  requestedAt: Timestamp;
  updatedAt: Timestamp;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    eventFanouts: FanoutDoc;
  }
}

export const fanoutId = (cohortId: string, kind: ProgramEventKind) => `${cohortId}--${kind}`;

export interface InvitationDoc {
  cohortId: string;
  event: ProgramEventKind;
  personKind: PersonKind;
  personId: string;
  /** The calendar UID: the same for the invitation's whole life. */
  uid: string;
  /** The SEQUENCE last sent. */
  sequence: number;
  /** The event's revision last sent. */
  revision: number;
  state: 'invited' | 'cancelled' | 'dropped';
  /** The start and length last sent (ISO; minutes). */
  startsAt: string;
  minutes: number;
  reply: EventReply | null;
  repliedAt: Timestamp | null;
  attended: boolean | null;
  /** The start (ISO) the reminder was sent for. */
  remindedFor: string | null;
  invitedAt: Timestamp;
  updatedAt: Timestamp;
  tokenHashes: string[];
}

/**
 * A person's invitation as sent now: new, or again after a cancellation (the same calendar UID
 * and the next SEQUENCE, attendance and the links already sent kept); the reply starts over.
 */
function invitationFor(
  who: Pick<InvitationDoc, 'cohortId' | 'event' | 'personKind' | 'personId'>,
  event: ProgramEvent,
  previous: InvitationDoc | undefined,
  stamp: Timestamp,
): InvitationDoc {
  return {
    ...who,
    ...threadAfter('invite', previous, 'event'),
    revision: event.revision,
    state: 'invited',
    startsAt: event.startsAt,
    minutes: event.minutes,
    reply: null,
    repliedAt: null,
    attended: previous?.attended ?? null,
    remindedFor: null,
    invitedAt: stamp,
    updatedAt: stamp,
    tokenHashes: previous?.tokenHashes ?? [],
  };
}

export const invitationId = (
  cohortId: string,
  kind: ProgramEventKind,
  personKind: PersonKind,
  personId: string,
) => `${cohortId}--${kind}--${personKind}--${personId}`;

interface CohortEventsDoc {
  name?: string;
  events?: ProgramEvents;
  proposalRequiresOrientation?: boolean;
  certificatesAfter?: EventSettings['certificatesAfter'];
}

const eventOf = (cohort: CohortEventsDoc | undefined, kind: ProgramEventKind) =>
  cohort?.events?.[kind] ?? null;
const endOf = (event: ProgramEvent) => Date.parse(event.startsAt) + event.minutes * 60_000;

interface PersonFacts {
  fullName: string;
  email: string | null;
  cohortId: string | null;
  approved: boolean;
}

function factsOf(kind: PersonKind, data: FirebaseFirestore.DocumentData | undefined) {
  if (!data) return null;
  const status = data.reviewStatus as string | null | undefined;
  return {
    fullName: String(data.fullName ?? ''),
    email: (kind === 'student' ? data.emailAddress : data.email) ?? null,
    cohortId: (data.cohortId as string | null | undefined) ?? null,
    approved:
      isConfirmed(data) &&
      data.isActive === true &&
      status !== 'awaiting' &&
      status !== 'declined' &&
      status !== 'withdrawn',
  } satisfies PersonFacts;
}

/** Orientation invites the approved people of its kind in the cohort. */
const orientationFor: Partial<Record<ProgramEventKind, PersonKind>> = {
  'mentor-orientation': 'mentor',
  'student-orientation': 'student',
};

function calendarEvent(
  kind: ProgramEventKind,
  cohortName: string,
  event: ProgramEvent,
  person: PersonFacts & { email: string },
): CalendarEventDetails {
  const link = looksLikeLink(event.where);
  return {
    productId: 'program-events',
    startsAt: new Date(event.startsAt),
    minutes: event.minutes,
    title: eventTitle(kind, cohortName),
    description: `${PROGRAM_EVENT_LABELS[kind]} of ${cohortName}. ${link ? 'Join' : 'Place'}: ${event.where}`,
    location: event.where,
    ...(link ? { url: event.where } : {}),
    attendees: [{ name: person.fullName, email: person.email }],
  };
}

const STEP_OF_MOMENT: Record<EventMoment, CalendarStep> = {
  invitation: 'invite',
  update: 'update',
  cancelled: 'cancel',
  withdrawn: 'revoke',
  reminder: 'remind',
};

const KIND_OF_MOMENT: Record<
  EventMoment,
  'event-invitation' | 'event-update' | 'event-cancelled' | 'event-reminder'
> = {
  invitation: 'event-invitation',
  update: 'event-update',
  cancelled: 'event-cancelled',
  withdrawn: 'event-cancelled',
  reminder: 'event-reminder',
};

/** One message about an event to one person (after the transaction's reads). */
function queueEventMail(
  tx: Transaction,
  moment: EventMoment,
  kind: ProgramEventKind,
  cohortName: string,
  event: ProgramEvent,
  inv: Pick<InvitationDoc, 'uid' | 'sequence' | 'personId'>,
  id: string,
  person: PersonFacts & { email: string },
): void {
  const withReply = kind === 'closing' && moment !== 'cancelled' && moment !== 'withdrawn';
  const content = programEventEmail({
    kind,
    moment,
    fullName: person.fullName,
    cohortName,
    when: whenText(new Date(event.startsAt), event.minutes, event.timeZone),
    where: event.where,
    ...(withReply ? { replyLink: linkPlaceholder(0) } : {}),
  });
  const attachments = calendarFiles(
    STEP_OF_MOMENT[moment],
    kind === 'closing' ? 'closing-event' : 'orientation',
    inv,
    calendarEvent(kind, cohortName, event, person),
  );
  const files = attachments.length ? { attachments } : {};
  queueEmail(
    tx,
    person.email,
    { ...content, ...files },
    {
      kind: KIND_OF_MOMENT[moment],
      subjectId: inv.personId,
      ...(withReply ? { links: [{ kind: 'closing-event' as const, invitationId: id }] } : {}),
    },
  );
}

/**
 * One person's invitation brought in line with the event as it is now (the file's comment).
 * `participant`: for the closing event, whether the person is in one of the cohort's pairs that
 * counts (read before the transaction); orientation reads the person's approval here.
 * Returns what it sent, or null.
 */
async function syncOne(
  cohortId: string,
  kind: ProgramEventKind,
  personKind: PersonKind,
  personId: string,
  participant: boolean,
  now: Date,
  tx?: Transaction,
): Promise<(() => EventMoment | null) | EventMoment | null> {
  const work = async (t: Transaction) => {
    const id = invitationId(cohortId, kind, personKind, personId);
    const ref = eventInvitations().doc(id);
    const [cohortSnap, personSnap, invSnap] = await t.getAll(
      cohortsCollection().doc(cohortId),
      personRef(personKind, personId),
      ref,
    );
    const cohort = cohortSnap?.data() as CohortEventsDoc | undefined;
    const event = eventOf(cohort, kind);
    const person = factsOf(personKind, personSnap?.data());
    const inv = invSnap?.data() as InvitationDoc | undefined;
    const orientationOf = orientationFor[kind];
    const wanted =
      Boolean(event) &&
      person !== null &&
      person.email !== null &&
      (orientationOf ? person.approved && person.cohortId === cohortId : participant);
    const stamp = Timestamp.fromDate(now);
    return (): EventMoment | null => {
      if (!event || !wanted || !person?.email) {
        if (inv?.state !== 'invited') return null;
        if (!event && person?.email && Date.parse(inv.startsAt) > now.getTime()) {
          const next = { ...inv, ...threadAfter('cancel', inv) };
          t.update(ref, { state: 'cancelled', sequence: next.sequence, updatedAt: stamp });
          // The cancellation names the time that was on their calendar.
          const old: ProgramEvent = {
            startsAt: inv.startsAt,
            minutes: inv.minutes,
            where: '',
            timeZone: 'UTC',
            revision: inv.revision,
          };
          queueEventMail(t, 'cancelled', kind, String(cohort?.name ?? ''), old, next, id, {
            ...person,
            email: person.email,
          });
          return 'cancelled';
        }
        if (event && person?.email && Date.parse(inv.startsAt) > now.getTime()) {
          // The event goes on without them (their pair ended, their cohort or approval changed):
          // their calendar still holds it, so it is revoked there, counted as a cancellation.
          const next = { ...inv, ...threadAfter('revoke', inv) };
          t.update(ref, { state: 'dropped', sequence: next.sequence, updatedAt: stamp });
          const old: ProgramEvent = {
            startsAt: inv.startsAt,
            minutes: inv.minutes,
            where: event.where,
            timeZone: event.timeZone,
            revision: inv.revision,
          };
          queueEventMail(t, 'withdrawn', kind, String(cohort?.name ?? ''), old, next, id, {
            ...person,
            email: person.email,
          });
          return 'cancelled';
        }
        t.update(ref, { state: event ? 'dropped' : 'cancelled', updatedAt: stamp });
        return null;
      }
      if (Date.parse(event.startsAt) <= now.getTime()) return null;
      if (inv?.attended) return null;
      const email = { ...person, email: person.email };
      const cohortName = String(cohort?.name ?? '');
      if (!inv || inv.state !== 'invited') {
        const doc = invitationFor(
          { cohortId, event: kind, personKind, personId },
          event,
          inv,
          stamp,
        );
        t.set(ref, doc);
        queueEventMail(t, 'invitation', kind, cohortName, event, doc, id, email);
        return 'invitation';
      }
      if (inv.revision === event.revision) return null;
      const moved = inv.startsAt !== event.startsAt;
      const next = { ...inv, ...threadAfter('update', inv) };
      t.update(ref, {
        sequence: next.sequence,
        revision: event.revision,
        startsAt: event.startsAt,
        minutes: event.minutes,
        updatedAt: stamp,
        // A new date asks again: the reply was for the old one.
        ...(moved ? { reply: null, repliedAt: null, remindedFor: null } : {}),
      });
      queueEventMail(t, 'update', kind, cohortName, event, next, id, email);
      return 'update';
    };
  };
  if (tx) return work(tx);
  return runTransaction(async (t) => (await work(t))());
}

/** Who an event concerns now: person keys (`kind:id`) that should be invited. */
async function eventInviteesOf(cohortId: string, kind: ProgramEventKind): Promise<Set<string>> {
  const orientation = orientationFor[kind];
  const out = new Set<string>();
  if (orientation) {
    const snap = await personRef(orientation, 'x')
      .parent.where('cohortId', '==', cohortId)
      .where('isActive', '==', true)
      .select()
      .get();
    for (const d of snap.docs) out.add(`${orientation}:${d.id}`);
    return out;
  }
  for (const pair of await allPairs(cohortId)) {
    const ended = Boolean(pair.doc.endedAt);
    if (ended && pair.doc.endReason !== 'goals-met') continue;
    out.add(`student:${pair.doc.studentId}`);
    out.add(`mentor:${pair.doc.mentorId}`);
  }
  return out;
}

export interface SyncReport {
  invitation: number;
  update: number;
  cancelled: number;
}

/**
 * Everyone an event's invitations concern, in one stable order (person keys, sorted): those who
 * should be invited now and those who hold an invitation (to update or cancel).
 */
async function inviteesOf(
  cohortId: string,
  kind: ProgramEventKind,
): Promise<{ keys: string[]; audience: Set<string> }> {
  const [audience, existing] = await Promise.all([
    eventInviteesOf(cohortId, kind),
    eventInvitations()
      .where('cohortId', '==', cohortId)
      .where('event', '==', kind)
      .select('personKind', 'personId')
      .get(),
  ]);
  const keys = new Set(audience);
  for (const d of existing.docs) keys.add(`${d.get('personKind')}:${d.get('personId')}`);
  return { keys: [...keys].sort(), audience };
}

/** How many invitees a batch brings in line, and how many transactions run at once. */
export const FANOUT_BATCH = 200;
const FANOUT_PARALLEL = 8;

/**
 * Some invitees brought in line, each on its own: one that fails is logged and counted, never
 * stopping the others.
 */
async function syncSome(
  cohortId: string,
  kind: ProgramEventKind,
  keys: string[],
  audience: Set<string>,
  now: Date,
): Promise<{ sent: SyncReport; failed: number; firstError?: unknown }> {
  const sent: SyncReport = { invitation: 0, update: 0, cancelled: 0 };
  let failed = 0;
  let firstError: unknown;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      const [personKind, personId] = key.split(':') as [PersonKind, string];
      try {
        const moment = (await syncOne(
          cohortId,
          kind,
          personKind,
          personId,
          audience.has(key),
          now,
        )) as EventMoment | null;
        if (moment && moment !== 'reminder' && moment !== 'withdrawn') sent[moment] += 1;
      } catch (error) {
        failed += 1;
        firstError ??= error;
        logger.error('An event invitation could not be brought in line', {
          cohortId,
          event: kind,
          personKind,
          personId,
          error: String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FANOUT_PARALLEL, keys.length) }, worker));
  return { sent, failed, firstError };
}

const addReports = (a: SyncReport, b: SyncReport): SyncReport => ({
  invitation: a.invitation + b.invitation,
  update: a.update + b.update,
  cancelled: a.cancelled + b.cancelled,
});

/** Every invitation of one event of a cohort brought in line (the file's comment). */
async function syncEvent(
  cohortId: string,
  kind: ProgramEventKind,
  now = new Date(),
): Promise<{ sent: SyncReport; failed: number; firstError?: unknown }> {
  const { keys, audience } = await inviteesOf(cohortId, kind);
  return syncSome(cohortId, kind, keys, audience, now);
}

interface BatchResult {
  /** Whether invitees are left after this batch (the cursor moved). */
  more: boolean;
  sent: SyncReport;
  failed: number;
  /** The first invitee's failure, for the daily work's report. */
  firstError?: unknown;
}

/**
 * One batch of a fan-out (the file's comment): the next `FANOUT_BATCH` invitees after the
 * cursor, then the cursor moved, in a transaction that checks no other run moved it first (a
 * trigger delivered twice sends nothing twice: each invitee's transaction re-checks what was
 * sent). When the last batch is done the document is deleted or, if some invitee failed, left
 * `waiting` for the daily work to go through again from the start.
 */
export async function runFanoutBatch(id: string, now = new Date()): Promise<BatchResult> {
  const none: BatchResult = {
    more: false,
    sent: { invitation: 0, update: 0, cancelled: 0 },
    failed: 0,
  };
  const ref = eventFanouts().doc(id);
  const job = (await ref.get()).data() as FanoutDoc | undefined;
  if (!job) return none;
  const { keys, audience } = await inviteesOf(job.cohortId, job.event);
  const after = job.cursor;
  const rest = after === null ? keys : keys.filter((k) => k > after);
  const batch = rest.slice(0, FANOUT_BATCH);
  const { sent, failed, firstError } = await syncSome(
    job.cohortId,
    job.event,
    batch,
    audience,
    now,
  );
  const more = rest.length > batch.length;
  const moved = await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data() as FanoutDoc | undefined;
    if (!current || current.generation !== job.generation || current.cursor !== job.cursor) {
      return false;
    }
    const totals = { sent: addReports(current.sent, sent), failed: current.failed + failed };
    const stamp = Timestamp.fromDate(now);
    if (more) {
      tx.update(ref, { ...totals, cursor: batch[batch.length - 1] ?? null, updatedAt: stamp });
    } else if (totals.failed > 0) {
      tx.update(ref, { ...totals, cursor: null, state: 'waiting', updatedAt: stamp });
    } else {
      tx.delete(ref);
    }
    return true;
  });
  return { more: moved && more, sent, failed, firstError };
}

/** The `eventFanout` trigger: one batch while the work runs (each batch's write calls it again). */
export async function onFanoutWritten(id: string): Promise<void> {
  const snap = await eventFanouts().doc(id).get();
  if (snap.get('state') !== 'running') return;
  await runFanoutBatch(id);
}

/**
 * A fan-out worked to its end here, batch after batch (the daily work, the bench and tests),
 * from the first invitee: those already in line are skipped by their own check. The trigger
 * leaves it alone meanwhile (`waiting`); a coordinator's new change takes it back.
 */
export async function runFanout(id: string, now = new Date()): Promise<BatchResult> {
  const total: BatchResult = {
    more: false,
    sent: { invitation: 0, update: 0, cancelled: 0 },
    failed: 0,
  };
  const ref = eventFanouts().doc(id);
  const started = await runTransaction(async (tx) => {
    const job = (await tx.get(ref)).data() as FanoutDoc | undefined;
    if (!job) return false;
    tx.update(ref, { state: 'waiting', cursor: null, failed: 0 });
    return true;
  });
  if (!started) return total;
  for (;;) {
    const batch = await runFanoutBatch(id, now);
    total.sent = addReports(total.sent, batch.sent);
    total.failed += batch.failed;
    total.firstError ??= batch.firstError;
    if (!batch.more) return total;
  }
}

/**
 * A mentor's approval (review/people.ts): reads in the approval's transaction, and gives back the
 * write of their orientation invitation (nothing when the cohort has none).
 */
export async function orientationOnApproval(
  tx: Transaction,
  kind: PersonKind,
  personId: string,
  now = new Date(),
): Promise<() => void> {
  const person = (await tx.get(personRef(kind, personId))).data();
  const cohortId = (person?.cohortId as string | null | undefined) ?? null;
  if (!cohortId) return () => undefined;
  const event: ProgramEventKind = kind === 'mentor' ? 'mentor-orientation' : 'student-orientation';
  const [cohortSnap, invSnap] = await tx.getAll(
    cohortsCollection().doc(cohortId),
    eventInvitations().doc(invitationId(cohortId, event, kind, personId)),
  );
  const ev = eventOf(cohortSnap?.data() as CohortEventsDoc | undefined, event);
  if (!ev || Date.parse(ev.startsAt) <= now.getTime()) return () => undefined;
  const inv = invSnap?.data() as InvitationDoc | undefined;
  if (inv?.state === 'invited') return () => undefined;
  const email = (kind === 'student' ? person?.emailAddress : person?.email) as string | null;
  if (!email) return () => undefined;
  const id = invitationId(cohortId, event, kind, personId);
  const stamp = Timestamp.fromDate(now);
  return () => {
    const doc = invitationFor({ cohortId, event, personKind: kind, personId }, ev, inv, stamp);
    tx.set(eventInvitations().doc(id), doc);
    queueEventMail(tx, 'invitation', event, String(cohortSnap?.get('name') ?? ''), ev, doc, id, {
      fullName: String(person?.fullName ?? ''),
      email,
      cohortId,
      approved: true,
    });
  };
}

// --- Coordinators --------------------------------------------------------------------------

async function cohortDoc(id: string): Promise<CohortEventsDoc> {
  const snap = await cohortsCollection().doc(id).get();
  if (!snap.exists) throw new DomainError('not-found', COHORT_MESSAGES.notFound);
  return snap.data() as CohortEventsDoc;
}

const settingsOf = (c: CohortEventsDoc): EventSettings => ({
  proposalRequiresOrientation:
    c.proposalRequiresOrientation ?? DEFAULT_EVENT_SETTINGS.proposalRequiresOrientation,
  certificatesAfter: c.certificatesAfter ?? DEFAULT_EVENT_SETTINGS.certificatesAfter,
});

export async function cohortEvents(cohortId: string): Promise<CohortEventsResponse> {
  const cohort = await cohortDoc(cohortId);
  const [snap, fanouts] = await Promise.all([
    eventInvitations().where('cohortId', '==', cohortId).get(),
    eventFanouts().where('cohortId', '==', cohortId).get(),
  ]);
  const sending = new Set(
    fanouts.docs.filter((d) => d.get('state') === 'running').map((d) => d.get('event') as string),
  );
  const invs = snap.docs.map((d) => d.data() as InvitationDoc);
  const refs = [...new Set(invs.map((i) => `${i.personKind}:${i.personId}`))].map((k) => {
    const [kind, id] = k.split(':') as [PersonKind, string];
    return personRef(kind, id);
  });
  const people = refs.length ? await db.getAll(...refs) : [];
  const names = new Map(people.map((p) => [p.ref.path, String(p.get('fullName') ?? '')]));
  return {
    cohortId,
    cohortName: String(cohort.name ?? ''),
    settings: settingsOf(cohort),
    events: PROGRAM_EVENT_KINDS.map((kind) => {
      const invitees: EventInviteeView[] = invs
        .filter((i) => i.event === kind && i.state !== 'dropped')
        .map((i) => ({
          personKind: i.personKind,
          personId: i.personId,
          fullName: names.get(personRef(i.personKind, i.personId).path) ?? '',
          reply: i.reply,
          attended: i.attended,
          state: i.state,
        }))
        .sort((a, b) => a.fullName.localeCompare(b.fullName));
      return {
        kind,
        event: eventOf(cohort, kind),
        invitees,
        counts: eventCounts(invitees),
        sending: sending.has(kind),
      };
    }),
  };
}

/** Sets, changes or (input null) removes an event; then every invitation follows. */
export async function saveEvent(
  cohortId: string,
  kind: ProgramEventKind,
  input: ProgramEventInput | null,
  now = new Date(),
): Promise<{ message: string }> {
  const ref = cohortsCollection().doc(cohortId);
  const fanoutRef = eventFanouts().doc(fanoutId(cohortId, kind));
  await runTransaction(async (tx) => {
    const [snap, fanout] = await tx.getAll(ref, fanoutRef);
    if (!snap?.exists) throw new DomainError('not-found', COHORT_MESSAGES.notFound);
    const cohort = snap.data() as CohortEventsDoc;
    const before = eventOf(cohort, kind);
    const field = `events.${kind}`;
    /**
     * The change's e-mails (one to each invitee, sent by the fan-out) pass the one mail gate,
     * counted once for the change, before anything is written (429 past it).
     */
    const gateChange = (mailKind: 'event-invitation' | 'event-update' | 'event-cancelled') =>
      admitMail(
        tx,
        {
          kind: mailKind,
          sender: coordinatorSender(),
          to: [],
          audience: `${cohortId}:${kind}`,
        },
        input?.timeZone || null,
        now,
      );
    if (!input) {
      if (!before) return;
      (await gateChange('event-cancelled'))();
      tx.update(ref, { [field]: FieldValue.delete(), updatedAt: Timestamp.now() });
    } else {
      const next: ProgramEvent = {
        startsAt: new Date(input.startsAt).toISOString(),
        minutes: input.minutes,
        where: input.where,
        timeZone: input.timeZone || 'UTC',
        revision: (before?.revision ?? 0) + 1,
      };
      const same =
        before &&
        before.startsAt === next.startsAt &&
        before.minutes === next.minutes &&
        before.where === next.where &&
        before.timeZone === next.timeZone;
      if (same) return;
      (await gateChange(before ? 'event-update' : 'event-invitation'))();
      tx.update(ref, { [field]: next, updatedAt: Timestamp.now() });
    }
    // The invitations follow outside the request (the file's comment), from the first invitee.
    const stamp = Timestamp.fromDate(now);
    tx.set(fanoutRef, {
      cohortId,
      event: kind,
      generation: ((fanout?.get('generation') as number | undefined) ?? 0) + 1,
      cursor: null,
      state: 'running',
      sent: { invitation: 0, update: 0, cancelled: 0 },
      failed: 0,
      requestedAt: stamp,
      updatedAt: stamp,
    } satisfies FanoutDoc);
    audit(tx, {
      action: 'cohort.update',
      subject: { kind: 'cohort', id: cohortId, name: String(cohort.name ?? '') },
      people: [],
      changes: {
        [PROGRAM_EVENT_LABELS[kind]]: {
          before: before ? `${before.startsAt}, ${before.minutes} min, ${before.where}` : null,
          after: input
            ? `${new Date(input.startsAt).toISOString()}, ${input.minutes} min, ${input.where}`
            : null,
        },
      },
    });
  });
  const label = PROGRAM_EVENT_LABELS[kind];
  return {
    message: input ? PROGRAM_EVENT_MESSAGES.saved(label) : PROGRAM_EVENT_MESSAGES.removed(label),
  };
}

export async function saveEventSettings(cohortId: string, settings: EventSettings): Promise<void> {
  const ref = cohortsCollection().doc(cohortId);
  await runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new DomainError('not-found', COHORT_MESSAGES.notFound);
    const before = settingsOf(snap.data() as CohortEventsDoc);
    tx.update(ref, { ...settings, updatedAt: Timestamp.now() });
    audit(tx, {
      action: 'cohort.update',
      subject: { kind: 'cohort', id: cohortId, name: String(snap.get('name') ?? '') },
      people: [],
      changes: {
        proposalRequiresOrientation: {
          before: before.proposalRequiresOrientation,
          after: settings.proposalRequiresOrientation,
        },
        certificatesAfter: { before: before.certificatesAfter, after: settings.certificatesAfter },
      },
    });
  });
}

export async function setAttendance(
  cohortId: string,
  kind: ProgramEventKind,
  input: AttendanceInput,
): Promise<void> {
  const ref = eventInvitations().doc(
    invitationId(cohortId, kind, input.personKind, input.personId),
  );
  await runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) {
      throw new DomainError('not-found', PROGRAM_EVENT_MESSAGES.notInvited, {
        personId: PROGRAM_EVENT_MESSAGES.notInvited,
      });
    }
    const before = (snap.get('attended') as boolean | null) ?? null;
    tx.update(ref, { attended: input.attended, updatedAt: Timestamp.now() });
    audit(tx, {
      action: 'cohort.update',
      subject: { kind: 'cohort', id: cohortId, name: null },
      people: [input.personId],
      changes: { [`${PROGRAM_EVENT_LABELS[kind]}: attended`]: { before, after: input.attended } },
    });
  });
}

// --- The participant's reply ---------------------------------------------------------------

async function invitationByToken(tx: Transaction, token: string) {
  const snap = await tx.get(
    eventInvitations().where('tokenHashes', 'array-contains', tokenHash(token)).limit(1),
  );
  const doc = snap.docs[0];
  if (!doc) throw new DomainError('not-found', PROGRAM_EVENT_MESSAGES.replyInvalid);
  const inv = doc.data() as InvitationDoc;
  const cohortSnap = await tx.get(cohortsCollection().doc(inv.cohortId));
  const cohort = cohortSnap.data() as CohortEventsDoc | undefined;
  const event = eventOf(cohort, inv.event);
  if (inv.state !== 'invited' || !event || endOf(event) < Date.now()) {
    throw new DomainError('failed-precondition', PROGRAM_EVENT_MESSAGES.replyGone);
  }
  return { ref: doc.ref, inv, event, cohortName: String(cohort?.name ?? '') };
}

/** What the page shows (records nothing: a scanner's page load may call it). */
export async function viewClosingEvent(token: string): Promise<ClosingEventPublicView> {
  return runTransaction(async (tx) => {
    const { inv, event, cohortName } = await invitationByToken(tx, token);
    return {
      cohortName,
      startsAt: event.startsAt,
      minutes: event.minutes,
      where: event.where,
      isLink: looksLikeLink(event.where),
      reply: inv.reply,
    };
  });
}

/** The person's click: their reply recorded (a second click changes it). */
export async function replyClosingEvent(
  token: string,
  answer: EventReply,
): Promise<ClosingEventReplied> {
  return runTransaction(async (tx) => {
    const { ref } = await invitationByToken(tx, token);
    tx.update(ref, { reply: answer, repliedAt: Timestamp.now(), updatedAt: Timestamp.now() });
    return {
      reply: answer,
      message:
        answer === 'coming' ? PROGRAM_EVENT_MESSAGES.coming : PROGRAM_EVENT_MESSAGES.notComing,
    };
  });
}

/**
 * The reply link of a closing-event e-mail, made at its send (email/links.ts): a fresh token
 * whose hash the invitation keeps while it stands; else LinkGone (the e-mail is not sent).
 */
export async function mintClosingEventLink(id: string): Promise<string> {
  const token = newToken();
  const ref = eventInvitations().doc(id);
  await runTransaction(async (tx) => {
    const inv = (await tx.get(ref)).data() as InvitationDoc | undefined;
    if (!inv || inv.state !== 'invited') throw new LinkGone('closing-event');
    tx.update(ref, { tokenHashes: FieldValue.arrayUnion(tokenHash(token)) });
  });
  return tokenLink(`${siteUrl()}${CLOSING_EVENT_PAGE}`, token);
}

/** How the outbox makes this module's links (registered at start-up: email/links.ts). */
export const closingEventLinks: LinkMakers<'closing-event'> = {
  'closing-event': (spec) => mintClosingEventLink(spec.invitationId),
};

// --- The daily work ------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** The reminder of one invitation, once per start, not to those not coming. */
async function remindOne(id: string, participant: boolean, now: Date): Promise<boolean> {
  const ref = eventInvitations().doc(id);
  return runTransaction(async (tx) => {
    const inv = (await tx.get(ref)).data() as InvitationDoc | undefined;
    if (!inv || inv.state !== 'invited' || inv.reply === 'not-coming') return false;
    const [cohortSnap, personSnap] = await tx.getAll(
      cohortsCollection().doc(inv.cohortId),
      personRef(inv.personKind, inv.personId),
    );
    const event = eventOf(cohortSnap?.data() as CohortEventsDoc | undefined, inv.event);
    const person = factsOf(inv.personKind, personSnap?.data());
    if (!event || !person?.email || !participant) return false;
    if (inv.remindedFor === event.startsAt || inv.startsAt !== event.startsAt) return false;
    tx.update(ref, { remindedFor: event.startsAt, updatedAt: Timestamp.fromDate(now) });
    queueEventMail(
      tx,
      'reminder',
      inv.event,
      String(cohortSnap?.get('name') ?? ''),
      event,
      inv,
      id,
      { ...person, email: person.email },
    );
    return true;
  });
}

/**
 * The daily job (schedule/daily.ts): for each cohort with an event still ahead, every invitation
 * brought in line (new participants invited, a run cut short finished), then the closing event's
 * reminder on the UTC day before its start's UTC day. Idempotent. One invitee, reminder or
 * cohort failing never stops the others; the run then ends in an error that carries its report
 * (`errors` counts the failures).
 */
export async function runProgramEvents(now: Date): Promise<Record<string, number>> {
  const report = { invitations: 0, updates: 0, cancellations: 0, reminders: 0, errors: 0 };
  let firstError: unknown = null;
  const noteFailure = (error: unknown) => {
    report.errors += 1;
    firstError ??= error;
  };
  const count = (sent: SyncReport, failed: number, error?: unknown) => {
    firstError ??= error;
    report.invitations += sent.invitation;
    report.updates += sent.update;
    report.cancellations += sent.cancelled;
    report.errors += failed;
  };
  // Fan-outs left behind (an invitee failed, or a trigger's chain stopped): finished first, so a
  // removed event's cancellations go out although the event is no longer on the cohort.
  for (const job of (await eventFanouts().select().get()).docs) {
    try {
      const { sent, failed, firstError: error } = await runFanout(job.id, now);
      count(sent, failed, error);
    } catch (error) {
      noteFailure(error);
      logger.error('An event fan-out could not be finished', { id: job.id, error: String(error) });
    }
  }
  const snap = await cohortsCollection().get();
  for (const doc of snap.docs) {
    const events = (doc.get('events') ?? {}) as ProgramEvents;
    for (const kind of PROGRAM_EVENT_KINDS) {
      const event = events[kind];
      if (!event || Date.parse(event.startsAt) <= now.getTime()) continue;
      // One cohort's event failing (a read, a bad record) never stops the others.
      try {
        const { sent, failed, firstError: error } = await syncEvent(doc.id, kind, now);
        count(sent, failed, error);
        if (kind !== 'closing') continue;
        const eventDay = isoDayOf(new Date(event.startsAt));
        const dayBefore = isoDayOf(new Date(Date.parse(`${eventDay}T00:00:00Z`) - DAY_MS));
        if (isoDayOf(now) !== dayBefore) continue;
        const audience = await eventInviteesOf(doc.id, kind);
        const invs = await eventInvitations()
          .where('cohortId', '==', doc.id)
          .where('event', '==', kind)
          .where('state', '==', 'invited')
          .get();
        for (const inv of invs.docs) {
          const key = `${inv.get('personKind')}:${inv.get('personId')}`;
          try {
            if (await remindOne(inv.id, audience.has(key), now)) report.reminders += 1;
          } catch (error) {
            noteFailure(error);
            logger.error('An event reminder could not be sent', {
              id: inv.id,
              error: String(error),
            });
          }
        }
      } catch (error) {
        noteFailure(error);
        logger.error("A cohort's event could not be brought in line", {
          cohortId: doc.id,
          event: kind,
          error: String(error),
        });
      }
    }
  }
  // Everything that could be done is done; the run still fails, so the daily work reports the
  // job as failed (and its log alerts) rather than passing over what is left for tomorrow.
  if (report.errors > 0) {
    throw Object.assign(
      new Error(
        `${report.errors} event step(s) failed (each in the log)` +
          (firstError ? `; the first: ${String(firstError)}` : ''),
      ),
      { report },
    );
  }
  return report;
}

// --- Other modules' small calls ------------------------------------------------------------

/** Erasure (people/repository.ts): a person's invitations, replies and reply tokens. */
export async function eventInvitationsOf(
  tx: Transaction,
  personId: string,
): Promise<FirebaseFirestore.DocumentReference[]> {
  const snap = await tx.get(eventInvitations().where('personId', '==', personId));
  return snap.docs.map((d) => d.ref);
}

/**
 * The matching proposal (matching/service.ts): when the cohort requires the orientation, the
 * mentors of the cohort who have not attended it (left out, with the reason); else none.
 */
async function mentorsWithoutOrientation(cohortId: string | null): Promise<Set<string> | null> {
  if (!cohortId) return null;
  const cohort = (await cohortsCollection().doc(cohortId).get()).data() as
    CohortEventsDoc | undefined;
  if (!cohort?.proposalRequiresOrientation) return null;
  const attended = await eventInvitations()
    .where('cohortId', '==', cohortId)
    .where('event', '==', 'mentor-orientation')
    .where('attended', '==', true)
    .get();
  const ok = new Set(attended.docs.map((d) => String(d.get('personId'))));
  const mentors = await personRef('mentor', 'x')
    .parent.where('cohortId', '==', cohortId)
    .select()
    .get();
  return new Set(mentors.docs.map((d) => d.id).filter((id) => !ok.has(id)));
}

/**
 * Completion (program-end/completion.ts): the cohorts whose certificates wait for the closing event
 * (the setting says so and the event has not ended yet).
 */
/**
 * The cohorts whose certificates go after the closing event, with the time their event ends
 * (the completion job works for such a cohort until some days after the event, however late).
 */
export async function closingEventEndsForCertificates(): Promise<Map<string, number>> {
  const snap = await cohortsCollection().where('certificatesAfter', '==', 'closing-event').get();
  const out = new Map<string, number>();
  for (const d of snap.docs) {
    const event = (d.get('events') as ProgramEvents | undefined)?.closing;
    if (event) out.set(d.id, endOf(event));
  }
  return out;
}

/** The proposal's data without the mentors who must attend the orientation first. */
export async function leaveOutWithoutOrientation<
  D extends { mentors: { id: string; fullName: string }[] },
>(
  cohortId: string | null,
  data: D,
): Promise<{ data: D; leftOut: { mentorId: string; mentorName: string; reason: string }[] }> {
  const without = await mentorsWithoutOrientation(cohortId);
  if (!without) return { data, leftOut: [] };
  const leftOut = data.mentors
    .filter((m) => without.has(m.id))
    .map((m) => ({
      mentorId: m.id,
      mentorName: m.fullName,
      reason: PROGRAM_EVENT_MESSAGES.orientationRequired,
    }));
  return { data: { ...data, mentors: data.mentors.filter((m) => !without.has(m.id)) }, leftOut };
}
