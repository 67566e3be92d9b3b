/**
 * What participants say about their pair, from a check-in link or from My application: a session
 * held (one per program month: `sessions/${assignmentId}_${month}`, so both sides logging the same
 * month's session count it once), a rating and words for the coordinators, the fit question, a
 * reported problem. Each is one transaction that also keeps the assignment's `progress`.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  SESSIONS_PER_PAIR,
  cohortSettled,
  isoDayOf,
  programMonthOf,
  problemReportedEmail,
  rematchRequestEmail,
  type FitAnswer,
  type IsoDay,
  type ParticipantRole,
  type SessionDoc,
} from '@mentorship/domain';
import { forgetKeptTallies } from '../completion/kept-tallies';
import { coordinatorAddresses, siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { DomainError } from '../shared/errors';
import {
  countReads,
  isRunning,
  pairNames,
  progressOf,
  sessions,
  withCohorts,
  assignments,
  type Pair,
  type PairDoc,
} from './store';

export const PAIR_MESSAGES = {
  ended: 'This pairing has ended, so it takes no more answers. Questions? Write to us.',
  notFound: 'We could not find this pairing.',
} as const;

/** Reads a pair in the transaction, with its cohort's dates; 404/409 unless it is running. */
export async function readRunningPair(tx: Transaction, assignmentId: string): Promise<Pair> {
  const snap = await tx.get(assignments().doc(assignmentId));
  countReads(1);
  if (!snap.exists) throw new DomainError('not-found', PAIR_MESSAGES.notFound);
  const doc = snap.data() as PairDoc;
  if (!isRunning(doc)) throw new DomainError('failed-precondition', PAIR_MESSAGES.ended);
  const [pair] = await withCohorts([{ id: snap.id, doc }], tx);
  return pair as Pair;
}

export interface Feedback {
  role: ParticipantRole;
  heldOn?: IsoDay | null;
  rating?: number | null;
  note?: string | null;
  fit?: FitAnswer | null;
  loggedBy?: SessionDoc['loggedBy'];
}

/**
 * The reads a feedback needs (the month's session document), then a function doing its writes.
 * Refuses a session date outside the pair's time (field `heldOn`).
 */
export async function prepareFeedback(tx: Transaction, pair: Pair, today: IsoDay, f: Feedback) {
  let sessionRef: FirebaseFirestore.DocumentReference | null = null;
  let sessionExists = false;
  if (f.heldOn) {
    if (f.heldOn < pair.pairStart || f.heldOn > today || f.heldOn > pair.programEnd) {
      const until = today < pair.programEnd ? today : pair.programEnd;
      throw new DomainError('invalid-argument', 'Check the date of the session.', {
        heldOn: `Enter a date from ${pair.pairStart} to ${until}.`,
      });
    }
    const month = Math.min(
      SESSIONS_PER_PAIR,
      programMonthOf(pair.programStart, pair.programEnd, f.heldOn),
    );
    sessionRef = sessions().doc(`${pair.id}_${month}`);
    sessionExists = (await tx.get(sessionRef)).exists;
    countReads(1);
  }
  // A session or rating recorded after the cohort settled changes its kept report tally.
  const late = cohortSettled({ programEnd: pair.programEnd }, new Date());
  return () => {
    if (late) forgetKeptTallies(tx, [pair.cohortId]);
    const progress = progressOf(pair.doc);
    const now = Timestamp.now();
    const patch: Record<string, unknown> = { updatedAt: now };
    if (sessionRef && f.heldOn) {
      if (!sessionExists) {
        const session: SessionDoc = {
          assignmentId: pair.id,
          cohortId: pair.cohortId,
          studentId: pair.doc.studentId,
          mentorId: pair.doc.mentorId,
          heldOn: f.heldOn,
          loggedBy: f.loggedBy ?? f.role,
          loggedAt: now.toDate().toISOString(),
        };
        tx.set(sessionRef, session);
        patch['progress.sessionsHeld'] = progress.sessionsHeld + 1;
      }
      if (!progress.lastSessionOn || f.heldOn > progress.lastSessionOn) {
        patch['progress.lastSessionOn'] = f.heldOn;
      }
    }
    if (typeof f.rating === 'number') patch[`progress.ratings.${f.role}`] = f.rating;
    if (f.note) patch[`progress.notes.${f.role}`] = { on: today, text: f.note };
    if (f.fit) {
      patch[`progress.fit.${f.role}`] = f.fit;
      // A mentee's "not a good fit" reaches the coordinators as a re-match request (once).
      if (f.role === 'student' && f.fit === 'not-a-good-fit' && progress.fit.student !== f.fit) {
        const to = coordinatorAddresses();
        if (to.length > 0) {
          queueEmail(
            tx,
            to,
            rematchRequestEmail({
              studentName: pair.doc.studentName,
              mentorName: pair.doc.mentorName,
              assignmentId: pair.id,
              siteUrl: siteUrl(),
            }),
            { kind: 'rematch-request', subjectId: pair.id },
          );
        }
      }
    }
    tx.update(assignments().doc(pair.id), patch);
  };
}

/** "Report a problem" (My application): coordinators are told; the pair is at risk. */
export function writeProblem(
  tx: Transaction,
  pair: Pair,
  role: ParticipantRole,
  text: string,
  today: IsoDay,
) {
  const now = Timestamp.now();
  tx.update(assignments().doc(pair.id), {
    'progress.problemReportedAt': now.toDate().toISOString(),
    'progress.problem': { by: role, on: today, text },
    updatedAt: now,
  });
  const to = coordinatorAddresses();
  if (to.length === 0) return;
  queueEmail(
    tx,
    to,
    problemReportedEmail({
      reporterName: role === 'student' ? pair.doc.studentName : pair.doc.mentorName,
      pairNames: pairNames(pair.doc),
      assignmentId: pair.id,
      siteUrl: siteUrl(),
    }),
    { kind: 'problem-reported', subjectId: pair.id },
  );
}

export const todayOf = (now = new Date()) => isoDayOf(now);
