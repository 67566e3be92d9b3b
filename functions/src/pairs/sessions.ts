/**
 * What participants say about their pair, from a check-in link or from My application: a session
 * held (one per program month: `sessions/${pairId}_${month}`, so both sides logging the same
 * month's session count it once), a rating and words for the coordinators, the fit question, a
 * reported problem. Each is one transaction that also keeps the pair's `progress`.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  PROBLEM_MESSAGES,
  PROBLEM_REPORTS_PER_REPORTER,
  SESSIONS_PER_PAIR,
  isoDayOf,
  checkInPeriodEndOn,
  programMonthOf,
  problemReportedEmail,
  rematchRequestEmail,
  type FitAnswer,
  type IsoDay,
  type DocOf,
  type PersonKind,
  type SessionDoc,
} from '@mentorship/domain';
import { addToTally, type TallyChange } from './kept-tallies';
import { coordinatorAddresses, siteUrl } from '../email/config';
import { readMailGate, refuseIfOver } from '../email/gate';
import { queueEmail } from '../email/outbox';
import { DomainError } from '../shared/errors';
import {
  countReads,
  isRunning,
  pairNames,
  problemReports,
  progressOf,
  sessions,
  withCohorts,
  withListing,
  pairsCollection,
  type Pair,
  type PairDoc,
} from './store';

export const PAIR_MESSAGES = {
  ended: 'This pairing has ended, so it takes no more answers. Questions? Write to us.',
  notFound: 'We could not find this pairing.',
} as const;

/** Reads a pair in the transaction, with its cohort's dates; 404/409 unless it is running. */
export async function readRunningPair(tx: Transaction, pairId: string): Promise<Pair> {
  const snap = await tx.get(pairsCollection().doc(pairId));
  countReads(1);
  if (!snap.exists) throw new DomainError('not-found', PAIR_MESSAGES.notFound);
  const doc = snap.data() as PairDoc;
  if (!isRunning(doc)) throw new DomainError('failed-precondition', PAIR_MESSAGES.ended);
  const [pair] = await withCohorts([{ id: snap.id, doc }], tx);
  return pair as Pair;
}

export interface Feedback {
  role: PersonKind;
  heldOn?: IsoDay | null;
  rating?: number | null;
  note?: string | null;
  fit?: FitAnswer | null;
  loggedBy?: SessionDoc['loggedBy'];
  /** Who says the session was held (SessionDoc.saidBy); default `log:<role>` (My application). */
  source?: string;
  /**
   * `heldOn` was not given but assumed (a check-in's "We met" without a date): joining the month's
   * session, it is the same meeting and moves no date.
   */
  assumedDate?: boolean;
  /**
   * A check-in answered again: what its previous answer said is withdrawn first (its source from
   * every session of the pair).
   */
  withdraw?: { source: string };
}

/** The session document of a pair for a day: one per program month (months past 4 count as 4). */
const sessionIdOf = (pair: Pair, day: IsoDay) =>
  `${pair.id}_${Math.min(SESSIONS_PER_PAIR, programMonthOf(pair.programStart, pair.programEnd, day))}`;

export const checkInSource = (checkInId: string) => `checkIn:${checkInId}`;

/** A check-in's "We met" without a date: today, or its period's last day once that has passed. */
export function defaultMeetingDay(pair: Pair, period: number, today: IsoDay): IsoDay {
  const periodEnd = checkInPeriodEndOn(pair.programStart, pair.programEnd, period);
  const day = today < periodEnd ? today : periodEnd;
  return day < pair.pairStart ? pair.pairStart : day;
}
const logSource = (role: PersonKind) => `log:${role}`;

/**
 * The reads a feedback needs (the pair's sessions, at most one a month), then a function doing
 * its writes, whose `heldOn` is the meeting's day as recorded. Refuses a session date outside the
 * pair's time (field `heldOn`).
 *
 * Sessions: one document per program month, so the same meeting logged by both sides, or from a
 * check-in and from My application, counts once. A session stands while someone says it was held
 * (`saidBy`); a check-in answered again first withdraws what it said before, so "Not yet" after
 * "We met" takes the session away again (deleted when nobody else says it), and a date moved to
 * another month moves it. `progress.sessionsHeld` and `progress.lastSessionOn` follow in the same
 * transaction (recomputed from the remaining sessions when one goes or changes its date).
 */
export async function prepareFeedback(tx: Transaction, pair: Pair, today: IsoDay, f: Feedback) {
  if (f.heldOn) {
    if (f.heldOn < pair.pairStart || f.heldOn > today || f.heldOn > pair.programEnd) {
      const until = today < pair.programEnd ? today : pair.programEnd;
      throw new DomainError('invalid-argument', 'Check the date of the session.', {
        heldOn: `Enter a date from ${pair.pairStart} to ${until}.`,
      });
    }
  }
  const touchesSessions = Boolean(f.heldOn || f.withdraw);
  const before = new Map<string, SessionDoc>();
  if (touchesSessions) {
    const snapshot = await tx.get(sessions().where('pairId', '==', pair.id));
    countReads(snapshot.size);
    for (const d of snapshot.docs) before.set(d.id, d.data() as SessionDoc);
  }
  // The sessions as they will be: id -> document, `null` for one that goes.
  const after = new Map<string, SessionDoc | null>();
  const current = (id: string) => (after.has(id) ? after.get(id) : before.get(id)) ?? null;
  let dateMoved = false;
  if (f.withdraw) {
    const { source } = f.withdraw;
    for (const [id, doc] of before) {
      const said = doc.saidBy;
      const left = said.filter((s) => s !== source);
      if (left.length === said.length) continue;
      after.set(id, left.length > 0 ? { ...doc, saidBy: left } : null);
      dateMoved = true;
    }
  }
  const source = f.source ?? logSource(f.role);
  // The meeting's day as recorded: an assumed day joining the month's session takes its date.
  let heldOn = f.heldOn ?? null;
  if (f.heldOn) {
    const id = sessionIdOf(pair, f.heldOn);
    const doc = current(id);
    if (doc && f.assumedDate) heldOn = doc.heldOn;
    if (doc) {
      const said = doc.saidBy;
      if (!said.includes(source)) after.set(id, { ...doc, saidBy: [...said, source] });
    } else {
      // New, or emptied by the withdrawal above (the same check-in moving its date): this date.
      after.set(id, {
        pairId: pair.id,
        cohortId: pair.cohortId,
        studentId: pair.doc.studentId,
        mentorId: pair.doc.mentorId,
        heldOn: f.heldOn,
        loggedBy: f.loggedBy ?? f.role,
        loggedAt: new Date().toISOString(),
        saidBy: [source],
      });
    }
  }
  /**
   * Writes the feedback; `counted`: what else the caller adds to the cohort report's tally;
   * `also`: what else the caller changes on the pair in the same write.
   */
  const write = (counted: TallyChange = {}, also: Record<string, unknown> = {}) => {
    const tallied: TallyChange = { ...counted };
    const progress = progressOf(pair.doc);
    const now = Timestamp.now();
    const patch: Record<string, unknown> = { ...also, updatedAt: now };
    if (touchesSessions) {
      for (const [id, doc] of after) {
        const ref = sessions().doc(id);
        if (doc) tx.set(ref, doc);
        else tx.delete(ref);
      }
      // Only what this feedback changed moves the count (a pair's progress may predate sessions).
      const delta =
        [...after].filter(([id, d]) => d && !before.has(id)).length -
        [...after].filter(([id, d]) => !d && before.has(id)).length;
      if (delta !== 0) patch['progress.sessionsHeld'] = Math.max(0, progress.sessionsHeld + delta);
      // The cohort report counts session documents (kept-tallies.ts).
      tallied.sessionsHeld = (tallied.sessionsHeld ?? 0) + delta;
      // The latest meeting: a second one in a month counts for the date though not as a session.
      const days = [...new Set([...before.keys(), ...after.keys()])]
        .map(current)
        .filter((d): d is SessionDoc => d !== null)
        .map((d) => d.heldOn);
      if (heldOn) days.push(heldOn);
      const latest = days.reduce<IsoDay | null>(
        (max, d) => (max === null || d > max ? d : max),
        null,
      );
      if (dateMoved) patch['progress.lastSessionOn'] = latest;
      else if (latest && (!progress.lastSessionOn || latest > progress.lastSessionOn)) {
        patch['progress.lastSessionOn'] = latest;
      }
    }
    if (typeof f.rating === 'number') patch[`progress.ratings.${f.role}`] = f.rating;
    if (f.note) patch[`progress.notes.${f.role}`] = { on: today, text: f.note };
    if (f.fit) {
      patch[`progress.fit.${f.role}`] = f.fit;
      // A mentee's "not a good fit" reaches the coordinators as a re-match request, once per
      // pair: answering "good fit" and "not a good fit" again and again must not e-mail them
      // each time (the Pairs page shows the current answer).
      if (
        f.role === 'student' &&
        f.fit === 'not-a-good-fit' &&
        progress.fit.student !== f.fit &&
        !pair.doc.progress?.rematchRequestedAt
      ) {
        const to = coordinatorAddresses();
        patch['progress.rematchRequestedAt'] = now.toDate().toISOString();
        if (to.length > 0) {
          queueEmail(
            tx,
            to,
            rematchRequestEmail({
              studentName: pair.doc.studentName,
              mentorName: pair.doc.mentorName,
              pairId: pair.id,
              siteUrl: siteUrl(),
            }),
            { kind: 'rematch-request', subjectId: pair.id },
          );
        }
      }
    }
    tx.update(pairsCollection().doc(pair.id), withListing(pair, patch, today));
    addToTally(tx, pair.cohortId, tallied);
  };
  return Object.assign(write, { heldOn });
}

/**
 * "Report a problem" (My application): a record of its own (`problemReports`), so reports never
 * grow the pair's document; the pair is marked at risk and the coordinators are told. Reads
 * first (call with the transaction's reads), then answers the writes.
 *
 * Bounded twice: PROBLEM_REPORTS_PER_REPORTER reports per side of the pair (409 past it: each
 * side's own, so a partner cannot use up the other's), and the e-mail passes the mail gate.
 * Past the reporter's own e-mail allowance the report is refused before anything is saved (429,
 * naming when to try again). Past what the coordinators' addresses or the program
 * may receive (other pairs' reports filled it), the report is still saved and shown on the Pairs
 * page, only its e-mail is left out: refusing would lose a participant's report for others' doing.
 */
export async function prepareProblem(
  tx: Transaction,
  pair: Pair,
  reporter: { role: PersonKind; email: string },
  text: string,
  today: IsoDay,
  now = new Date(),
): Promise<() => void> {
  const reports = await tx.get(
    problemReports().where('pairId', '==', pair.id).where('role', '==', reporter.role),
  );
  countReads(reports.size);
  if (reports.size >= PROBLEM_REPORTS_PER_REPORTER) {
    throw new DomainError('failed-precondition', PROBLEM_MESSAGES.tooMany);
  }
  const to = coordinatorAddresses();
  const kind = 'problem-reported';
  const gate =
    to.length > 0
      ? await readMailGate(tx, { kind, sender: { account: reporter.email }, to }, now)
      : null;
  if (gate?.over?.axis === 'sender') refuseIfOver(gate, kind, null, now);
  return () => {
    const at = now.toISOString();
    const { role } = reporter;
    tx.create(problemReports().doc(), {
      pairId: pair.id,
      cohortId: pair.cohortId,
      role,
      personId: role === 'student' ? pair.doc.studentId : pair.doc.mentorId,
      on: today,
      at,
      text,
    } satisfies DocOf<'problemReports'>);
    tx.update(
      pairsCollection().doc(pair.id),
      withListing(
        pair,
        { 'progress.problemReportedAt': at, updatedAt: Timestamp.fromDate(now) },
        today,
      ),
    );
    if (!gate) return;
    if (gate.over) {
      logger.warn('Problem report saved; its e-mail left out (mail limit)', {
        pairId: pair.id,
        axis: gate.over.axis,
      });
      return;
    }
    gate.count();
    queueEmail(
      tx,
      to,
      problemReportedEmail({
        reporterName: role === 'student' ? pair.doc.studentName : pair.doc.mentorName,
        pairNames: pairNames(pair.doc),
        pairId: pair.id,
        siteUrl: siteUrl(),
      }),
      { kind, subjectId: pair.id },
    );
  };
}

export const todayOf = (now = new Date()) => isoDayOf(now);
