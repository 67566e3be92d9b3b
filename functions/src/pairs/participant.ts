/**
 * The pair section of My application (signed in by e-mail link): the participant's pairs (running
 * and ended), logging a session, the fit question, "Report a problem". A participant reaches only
 * pairs of their own records (found through their address's application locks).
 */
import type { Transaction } from 'firebase-admin/firestore';
import {
  isoDayOf,
  programMonthOf,
  viewOf,
  type FitAnswer,
  type IsoDay,
  type LogSessionInput,
  type MyPair,
  type MyPairsChange,
  type MyPairsResponse,
  type PersonKind,
  type ProposeSessionInput,
} from '@mentorship/domain';
import { readGuides } from './guides';
import {
  acceptSession,
  cancelSession,
  counterSession,
  plannedViewsOfPairs,
  proposeSession,
  type PlannedStep,
} from './planned-sessions';
import { COLLECTIONS } from '../shared/records';
import { findApplications } from '../application-locks/repository';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import {
  PAIR_MESSAGES,
  prepareFeedback,
  prepareProblem,
  readRunningPair,
  todayOf,
} from './sessions';
import {
  pairsCollection,
  countReads,
  isRunning,
  problemReports,
  progressOf,
  withCohorts,
  type Pair,
  type PairDoc,
} from './store';

interface Mine {
  id: string;
  role: PersonKind;
  doc: PairDoc;
}

async function myPairDocs(email: string): Promise<Mine[]> {
  const out: Mine[] = [];
  for (const { kind, id } of await findApplications(email)) {
    const field = kind === 'student' ? 'studentId' : 'mentorId';
    const snap = await pairsCollection().where(field, '==', id).get();
    countReads(snap.size);
    for (const d of snap.docs) out.push({ id: d.id, role: kind, doc: d.data() as PairDoc });
  }
  return out;
}

/** The pairs in which this participant (their side) reported a problem: one read per pair. */
async function reportedBy(mine: Mine[]): Promise<Set<string>> {
  const found = await Promise.all(
    mine.map(async ({ id, role }) => {
      const snap = await problemReports()
        .where('pairId', '==', id)
        .where('role', '==', role)
        .limit(1)
        .get();
      countReads(snap.size);
      return snap.empty ? null : id;
    }),
  );
  return new Set(found.filter((id): id is string => id !== null));
}

/**
 * The participant's pairs, drawn from the pair as the audience statement lets them see it
 * (`viewOf`): the shared facts and their own side, never their partner's ratings, fit answer,
 * words for the coordinators or report of a problem, nor the coordinators' note.
 */
export async function myPairs(email: string): Promise<MyPair[]> {
  const mine = (await myPairDocs(email)).filter(({ doc }) => isRunning(doc) || doc.endedAt);
  const now = new Date();
  const today = isoDayOf(now);
  const [withDates, planned, reported] = await Promise.all([
    withCohorts(mine.map(({ id, doc }) => ({ id, doc }))),
    plannedViewsOfPairs(mine, now),
    reportedBy(mine),
  ]);
  return mine
    .map(({ id, role, doc }) => {
      const personId = role === 'student' ? doc.studentId : doc.mentorId;
      const seen = viewOf(COLLECTIONS.pairs, id, doc, { as: 'person', personId, role });
      const progress = progressOf(seen as Pick<PairDoc, 'progress'>);
      const endedAt = seen.endedAt as PairDoc['endedAt'] | undefined;
      const dates = withDates.find((p) => p.id === id);
      return {
        pairId: id,
        role,
        partnerName: String((role === 'student' ? seen.mentorName : seen.studentName) ?? ''),
        active: isRunning(doc),
        sessionsHeld: progress.sessionsHeld,
        lastSessionOn: progress.lastSessionOn,
        myFit: progress.fit[role],
        askFit: progress.sessionsHeld > 0,
        // Their own report only: the partner is never told that they were reported.
        problemReported: reported.has(id),
        endedAt: endedAt ? endedAt.toDate().toISOString() : null,
        endReason: (seen.endReason as PairDoc['endReason']) ?? null,
        month: dates ? programMonthOf(dates.programStart, dates.programEnd, today) : 0,
        planned: planned.get(id) ?? [],
      };
    })
    .sort((a, b) => Number(b.active) - Number(a.active));
}

/** My application's pair section: the pairs and the session guides in force. */
export async function myPairsResponse(email: string): Promise<MyPairsResponse> {
  const [pairs, guides] = await Promise.all([myPairs(email), readGuides()]);
  return { pairs, guides };
}

async function roleIn(email: string, pairId: string): Promise<PersonKind> {
  const found = (await myPairDocs(email)).find((m) => m.id === pairId);
  if (!found) throw new DomainError('not-found', PAIR_MESSAGES.notFound);
  return found.role;
}

/**
 * A participant's change to their running pair: their side is found first, then `change` runs in
 * one transaction with the pair read; the answer is their pairs as My application shows them.
 */
async function changeMyPair(
  email: string,
  pairId: string,
  change: (tx: Transaction, pair: Pair, role: PersonKind, today: IsoDay) => Promise<void> | void,
) {
  const role = await roleIn(email, pairId);
  const today = todayOf();
  await runTransaction(async (tx) => {
    await change(tx, await readRunningPair(tx, pairId), role, today);
  });
  return myPairs(email);
}

export const logSession = (email: string, pairId: string, input: LogSessionInput) =>
  changeMyPair(email, pairId, async (tx, pair, role, today) => {
    const write = await prepareFeedback(tx, pair, today, {
      role,
      heldOn: input.heldOn,
      rating: input.rating,
      note: input.note,
    });
    write();
  });

export const answerFit = (email: string, pairId: string, fit: FitAnswer) =>
  changeMyPair(email, pairId, async (tx, pair, role, today) => {
    if (progressOf(pair.doc).sessionsHeld === 0) {
      throw new DomainError(
        'failed-precondition',
        'The fit question comes after your first session: log it first.',
      );
    }
    const write = await prepareFeedback(tx, pair, today, { role, fit });
    write();
  });

export const reportProblem = (email: string, pairId: string, note: string) =>
  changeMyPair(email, pairId, async (tx, pair, role, today) => {
    const write = await prepareProblem(tx, pair, { role, email }, note, today);
    write();
  });

// Planned sessions (pairs/planned-sessions.ts), by a participant of the pair.

async function changed(email: string, message: string): Promise<MyPairsChange> {
  return { ...(await myPairsResponse(email)), message };
}

export async function proposeMySession(email: string, id: string, input: ProposeSessionInput) {
  return changed(email, await proposeSession(await roleIn(email, id), id, input));
}

/** A planned-session step taken by the signed-in participant, as their side of the pair. */
const mySessionStep =
  <Input>(step: PlannedStep<Input>) =>
  async (email: string, id: string, plannedId: string, input: Input) =>
    changed(email, await step(await roleIn(email, id), id, plannedId, input));

export const acceptMySession = mySessionStep(acceptSession);
export const counterMySession = mySessionStep(counterSession);
export const cancelMySession = mySessionStep(cancelSession);
