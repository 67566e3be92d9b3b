/**
 * The transitions of a pair, each one function and one transaction: read the pair and its people,
 * check, then write; the places the pair takes move only through pairs/places.ts `movePlaces`.
 *
 *   create ──▶ running ──deactivate──▶ paused ──reactivate──▶ running
 *                 │                      │
 *                 ├──end (a coordinator)─┴─▶ ended (history: isActive false, endedAt)
 *                 └──complete (the program's end: mentor's place given back; certificates)
 *   delete: the pair and its records go (a coordinator); erase: every pair of a person goes with
 *   them (people/repository.ts `removePerson`).
 *
 * Each gives back the places after it (`PlacesAfter`), which the tests read
 * (tests/api/pair-transitions.test.ts).
 */
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import {
  isDocumentId,
  isoDayOf,
  guideLines,
  PAIR_END_REASON_LABELS,
  pairEndedEmail,
  type CreatePairInput,
  type EndPairInput,
} from '@mentorship/domain';
import { audit } from '../audit/audit';
import { addToTally, forgetTallies } from './kept-tallies';
import { admitMail, coordinatorSender } from '../email/gate';
import { queuePairEmails } from '../email/moments';
import { queueEmail } from '../email/outbox';
import { DomainError } from '../shared/errors';
import { pairId } from '../shared/ids';
import { NOT_FOUND } from '../shared/not-found';
import type { PersonKind } from '../shared/people';
import { rowKeyOf, updatePerson } from '../shared/rows';
import { checkInTokensOf } from './check-ins';
import { pairRecordsOf, recordsOfPairs } from './erasure';
import { movePlaces, readPlaces, type PlacesAfter } from './places';
import { readGuides } from './guides';
import { plannedSessionsEndingWith } from './planned-sessions';
import { assertCanBeActive, duplicatePair } from './rules';
import { PAIR_MESSAGES } from './sessions';
import {
  pairsCollection,
  isRunning,
  pairNames,
  withCohorts,
  withListing,
  type Pair,
  type PairDoc,
} from './store';

export interface StoredPair {
  id: string;
  doc: PairDoc;
}

const fieldOf = (kind: PersonKind) => (kind === 'student' ? 'studentId' : 'mentorId');

/** The pair with its cohort's dates, read in the transaction (its list place needs them). */
async function withDates(tx: Transaction, pair: StoredPair): Promise<Pair> {
  const [dated] = await withCohorts([{ id: pair.id, doc: pair.doc }], tx);
  return dated as Pair;
}

/** A pair's change with its place in the coordinators' list judged again on `now`. */
const listed = (pair: Pair, patch: Record<string, unknown>, now: Timestamp) =>
  withListing(pair, patch, isoDayOf(now.toDate()));

/** Every pair of one person, read inside the transaction. */
async function pairsOfPersonIn(
  tx: Transaction,
  kind: PersonKind,
  personId: string,
): Promise<StoredPair[]> {
  const snapshot = await tx.get(pairsCollection().where(fieldOf(kind), '==', personId));
  return snapshot.docs.map((d) => ({ id: d.id, doc: d.data() as PairDoc }));
}

async function readPair(
  tx: Transaction,
  id: string,
): Promise<StoredPair & { ref: DocumentReference }> {
  const ref = pairsCollection().doc(id);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) throw new DomainError('not-found', NOT_FOUND.pair);
  return { id, ref, doc: snapshot.data() as PairDoc };
}

/** create: a new running pair takes the student's place and one of the mentor's. */
export async function createPair(
  tx: Transaction,
  { mentorId, studentId }: CreatePairInput,
  /** Written in the history entry, e.g. that the pair came from a whole-cohort proposal. */
  detail: string | null,
): Promise<{ pair: StoredPair; places: PlacesAfter }> {
  const id = pairId(mentorId, studentId);
  // Two ids that are each valid can join into one Firestore reserves (`__a` and `b__`): the API
  // never makes such an id, so no such person exists, and nothing is read.
  if (!isDocumentId(id)) throw new DomainError('not-found', NOT_FOUND.student);
  const ref = pairsCollection().doc(id);
  const probe = { id: ref.id, doc: { mentorId, studentId, isActive: true } };
  const [people, pairSnap] = await Promise.all([readPlaces(tx, [probe]), tx.get(ref)]);
  const mentor = people.mentors.get(mentorId);
  const student = people.students.get(studentId);
  if (!mentor) throw new DomainError('not-found', NOT_FOUND.mentor);
  if (!student) throw new DomainError('not-found', NOT_FOUND.student);
  if (pairSnap.exists) throw duplicatePair();
  assertCanBeActive({ mentor, student });
  // The first month's session guide goes with the introduction, ready for the first meeting.
  const firstGuide = (await readGuides(tx)).find((g) => g.month === 1);
  // The two introductions pass the one mail gate as one pair (429 past it, nothing written).
  const introduced = [student.emailAddress, mentor.email].filter((a): a is string => !!a);
  const countMail = introduced.length
    ? await admitMail(tx, { kind: 'new-pair', sender: coordinatorSender(), to: introduced }, null)
    : () => undefined;

  const now = Timestamp.now();
  const doc: PairDoc = {
    mentorId,
    studentId,
    mentorName: mentor.fullName,
    studentName: student.fullName,
    // The pair belongs to the student's cohort.
    cohortId: student.cohortId ?? null,
    isActive: true,
    assignedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  const dated = await withDates(tx, { id: ref.id, doc });
  countMail();
  tx.create(ref, listed(dated, doc, now));
  // The cohort report counts it (kept-tallies.ts).
  addToTally(tx, student.cohortId, { pairsMade: 1 });
  const places = movePlaces(tx, 'take', [{ id: ref.id, doc }], people, now);
  // A new pair is introduced to both (by hand or from a proposal; not on re-activation).
  queuePairEmails(
    tx,
    ref.id,
    mentor,
    student,
    firstGuide ? { month: 1, lines: guideLines(firstGuide) } : null,
  );
  audit(tx, {
    action: 'pair.create',
    subject: { kind: 'pair', id: ref.id, name: pairNames(doc) },
    people: [mentorId, studentId],
    detail,
  });
  return { pair: { id: ref.id, doc }, places };
}

/**
 * deactivate / reactivate: a coordinator pauses a pair (its places are given back) or resumes it
 * (every rule of a new pair is checked again). An ended pair stays history.
 */
export async function setPairActive(
  tx: Transaction,
  id: string,
  isActive: boolean,
): Promise<PlacesAfter> {
  const pair = await readPair(tx, id);
  const [people, dated] = await Promise.all([readPlaces(tx, [pair]), withDates(tx, pair)]);
  const none: PlacesAfter = { students: {}, mentors: {} };
  if (pair.doc.isActive === isActive) return none;
  const now = Timestamp.now();
  let places: PlacesAfter;
  if (isActive) {
    // An ended pair stays history (pairs/admin.ts): a new pair re-matches instead.
    if (pair.doc.endedAt || pair.doc.mentorPlaceReleasedAt) {
      throw new DomainError('failed-precondition', 'This pair has ended and stays in history.');
    }
    assertCanBeActive({
      mentor: people.mentors.get(pair.doc.mentorId),
      student: people.students.get(pair.doc.studentId),
    });
    places = movePlaces(tx, 'take', [pair], people, now);
  } else {
    places = movePlaces(tx, 'give-back', [pair], people, now);
  }
  tx.update(pair.ref, listed(dated, { isActive, updatedAt: now }, now));
  audit(tx, {
    action: 'pair.status',
    subject: { kind: 'pair', id, name: pairNames(pair.doc) },
    people: [pair.doc.mentorId, pair.doc.studentId],
    changes: { isActive: { before: !isActive, after: isActive } },
  });
  return places;
}

/**
 * end: a coordinator ends a running pair. It stays as history (`isActive: false`, `endedAt`,
 * `endReason`, `endedBy`, `endNote`), gives its places back, puts the student first in matching
 * (`matchPriority: 'rematch'`, unless the goals were met), drops its check-in links, tells both by
 * e-mail and writes the history entry.
 */
export async function endPair(
  tx: Transaction,
  id: string,
  input: EndPairInput,
): Promise<PlacesAfter> {
  const pair = await readPair(tx, id);
  const { doc } = pair;
  if (!isRunning(doc)) throw new DomainError('failed-precondition', PAIR_MESSAGES.ended);
  const [people, dated] = await Promise.all([readPlaces(tx, [pair]), withDates(tx, pair)]);
  const student = people.students.get(doc.studentId);
  const mentor = people.mentors.get(doc.mentorId);
  // Its check-in links die with it: nobody answers for a pair that has ended.
  const dropCheckInLinks = await checkInTokensOf(tx, id);
  // Its planned sessions still ahead are cancelled, in both calendars.
  const cancelPlanned = await plannedSessionsEndingWith(tx, id, doc);
  // The two e-mails pass the one mail gate as one ended pair (429 past it, nothing written).
  const told = [student?.emailAddress, mentor?.email].filter((a): a is string => !!a);
  const countMail = told.length
    ? await admitMail(tx, { kind: 'pair-ended', sender: coordinatorSender(), to: told }, null)
    : () => undefined;

  const now = Timestamp.now();
  countMail();
  dropCheckInLinks();
  cancelPlanned();
  tx.update(
    pair.ref,
    listed(
      dated,
      {
        isActive: false,
        endedAt: now,
        endReason: input.reason,
        endedBy: 'coordinator',
        endNote: input.note ?? null,
        updatedAt: now,
      },
      now,
    ),
  );
  // A re-match reason the cohort report counts (kept-tallies.ts), under the cohort it
  // counts the pair in: its own, else its student's.
  addToTally(tx, doc.cohortId || student?.cohortId, { endedFor: input.reason });
  const places = movePlaces(tx, 'give-back', [pair], people, now);
  if (student && input.reason !== 'goals-met') {
    updatePerson(tx, 'student', rowKeyOf(doc.studentId, student), {
      matchPriority: 'rematch',
      updatedAt: now,
    });
  }

  const reasonLabel = PAIR_END_REASON_LABELS[input.reason];
  const topic = { kind: 'pair-ended' as const, subjectId: id };
  if (student?.emailAddress) {
    queueEmail(
      tx,
      student.emailAddress,
      pairEndedEmail({
        fullName: student.fullName,
        partnerName: doc.mentorName,
        role: 'student',
        reasonLabel,
      }),
      topic,
    );
  }
  if (mentor?.email) {
    queueEmail(
      tx,
      mentor.email,
      pairEndedEmail({
        fullName: mentor.fullName,
        partnerName: doc.studentName,
        role: 'mentor',
        reasonLabel,
      }),
      topic,
    );
  }
  audit(tx, {
    action: 'pair.end',
    subject: { kind: 'pair', id, name: pairNames(doc) },
    people: [doc.mentorId, doc.studentId],
    changes: {
      isActive: { before: true, after: false },
      endReason: { before: null, after: input.reason },
    },
    detail: input.note ?? null,
  });
  return places;
}

/**
 * complete (the program's end, daily job: program-end/completion.ts): a pair still running at its
 * cohort's end gives its mentor's place back, once (`mentorPlaceReleasedAt`), so a mentor who
 * returns for the next cohort is not full there; the student keeps theirs until the pair is
 * ended or deleted. Null when there was nothing to give back.
 */
export async function releaseMentorPlaceAtEnd(
  tx: Transaction,
  id: string,
  now: Date,
): Promise<PlacesAfter | null> {
  const ref = pairsCollection().doc(id);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) return null;
  const pair = { id, doc: snapshot.data() as PairDoc };
  if (!pair.doc.isActive || pair.doc.mentorPlaceReleasedAt) return null;
  const people = await readPlaces(tx, [pair], ['mentor']);
  const at = Timestamp.fromDate(now);
  const places = movePlaces(tx, 'give-back', [pair], people, at, ['mentor']);
  tx.update(ref, { mentorPlaceReleasedAt: at });
  return places;
}

/**
 * delete: a coordinator deletes pairs (ids that do not exist are skipped; `one` refuses a
 * missing one). Their places are given back, and their sessions, check-ins, tokens, nudges and
 * e-mails go with them (pairs/erasure.ts `recordsOfPairs`).
 */
export async function deletePairs(
  tx: Transaction,
  ids: readonly string[],
  one = false,
): Promise<{ deleted: number; places: PlacesAfter }> {
  const unique = [...new Set(ids)];
  const snapshots = unique.length
    ? await tx.getAll(...unique.map((id) => pairsCollection().doc(id)))
    : [];
  const found = snapshots
    .filter((s) => s.exists)
    .map((s) => ({ id: s.id, ref: s.ref, doc: s.data() as PairDoc }));
  if (one && found.length === 0) throw new DomainError('not-found', NOT_FOUND.pair);
  const people = await readPlaces(tx, found);
  const eraseRecords = await recordsOfPairs(
    tx,
    found.map((p) => ({ id: p.id, studentId: p.doc.studentId, mentorId: p.doc.mentorId })),
  );

  const now = Timestamp.now();
  const places = movePlaces(tx, 'give-back', found, people, now);
  for (const p of found) tx.delete(p.ref);
  eraseRecords();
  if (found.length > 0) {
    // The cohort report counted them (kept-tallies.ts); a pair filed under no
    // cohort counts in its student's.
    forgetTallies(tx, [
      ...found.map((p) => p.doc.cohortId),
      ...found.map((p) => people.students.get(p.doc.studentId)?.cohortId),
    ]);
    const first = found[0] as (typeof found)[number];
    audit(
      tx,
      one
        ? {
            action: 'pair.delete',
            subject: { kind: 'pair', id: first.id, name: pairNames(first.doc) },
            people: [first.doc.mentorId, first.doc.studentId],
          }
        : {
            action: 'pairs.bulk-delete',
            subject: { kind: 'pair', id: first.id, name: null },
            people: found.flatMap((p) => [p.doc.mentorId, p.doc.studentId]),
            detail: `${found.length} pair${found.length === 1 ? '' : 's'}: ${found
              .map((p) => p.id)
              .join(', ')}`,
          },
    );
  }
  return { deleted: found.length, places };
}

/**
 * erase: a person is erased (people/repository.ts `removePerson`), and every pair they ever had
 * goes with them: their pairs, the partners' places those pairs held given back, and every record
 * of those pairs and of pairs only their records still name (pairs/erasure.ts `pairRecordsOf`).
 * Reads now; the returned function writes (after the caller's other reads). `readMessages`:
 * the documents the caller deletes already (left out here), given the pairs' ids.
 */
export async function erasePairsOf(
  tx: Transaction,
  kind: PersonKind,
  personId: string,
  readMessages: (pairIds: string[]) => Promise<DocumentReference[]>,
): Promise<{
  pairs: StoredPair[];
  messages: DocumentReference[];
  write: (now: Timestamp, personCohortId: string | null | undefined) => PlacesAfter;
}> {
  const pairs = await pairsOfPersonIn(tx, kind, personId);
  // The person goes: only their partners' places move.
  const partnerSide = kind === 'student' ? 'mentor' : 'student';
  const active = pairs.filter((p) => p.doc.isActive);
  const people = await readPlaces(tx, active, [partnerSide]);
  const messages = await readMessages(pairs.map((p) => p.id));
  const deleteRecords = await pairRecordsOf(
    tx,
    personId,
    pairs.map((p) => p.id),
    messages,
  );
  return {
    pairs,
    messages,
    write(now, personCohortId) {
      const places = movePlaces(tx, 'give-back', active, people, now, [partnerSide]);
      for (const p of pairs) tx.delete(pairsCollection().doc(p.id));
      // The cohort report counted these pairs and their records (kept-tallies.ts).
      if (pairs.length > 0) {
        forgetTallies(tx, [...pairs.map((p) => p.doc.cohortId), personCohortId]);
      }
      deleteRecords();
      return places;
    },
  };
}

/**
 * A person's new name on their pairs (people/repository.ts `editPerson`). Reads now; the
 * returned function writes.
 */
export async function renameInPairs(
  tx: Transaction,
  kind: PersonKind,
  personId: string,
): Promise<(fullName: string, now: Timestamp) => void> {
  const pairs = await pairsOfPersonIn(tx, kind, personId);
  const field = kind === 'student' ? 'studentName' : 'mentorName';
  return (fullName, now) => {
    for (const p of pairs) {
      // The list orders by the student's name (pair-health.ts `PairListing`).
      const listName = kind === 'student' ? { 'listing.name': fullName.toLowerCase() } : {};
      tx.update(pairsCollection().doc(p.id), { [field]: fullName, updatedAt: now, ...listName });
    }
  };
}
