/**
 * The cohort report's figures, kept as they change, so opening the report costs the same in a
 * program's fifth year as in its first. `reportTallies/{cohortId}` holds
 * one cohort's tally (domain `CohortTally`: counts and sums, nobody's words), whether it is
 * `valid`, and a `generation` that every change raises.
 * - What adds to a cohort's figures (a pair made, ended or completed, a session held or taken
 *   back, a check-in's rating, a survey answered) adds to its tally in the transaction of that
 *   change (`addToTally`), so opening the report reads one document per cohort shown.
 * - What takes records away (deleting pairs, an erasure, retention of survey answers) marks the
 *   tally not valid (`forgetTallies`): the next
 *   opening counts that cohort again from its records (report.ts) and keeps the count, unless a
 *   change came in meanwhile (its generation moved).
 * Its own module, with no imports of the app's services, so any of them can call it.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  FOUNDING_COHORT_ID,
  REPORT_TALLIES_COLLECTION,
  type CohortTally,
  type PairEndReason,
} from '@mentorship/domain';
import { db, runTransaction } from '../firebase';

export interface TallyDoc {
  /** Complete only while `valid`; partial sums of changes while it is not. */
  tally?: Partial<CohortTally>;
  valid?: boolean;
  generation?: number;
  countedAt?: Timestamp;
}

/** The cohort a record counts under: its own, else the founding cohort (report.ts). */
const cohortOf = (cohortId: string | null | undefined) => cohortId || FOUNDING_COHORT_ID;

export const tallyRef = (cohortId: string | null | undefined): DocumentReference =>
  db.collection(REPORT_TALLIES_COLLECTION).doc(cohortOf(cohortId));

/** A change to a cohort's figures: numbers to add (negative to take away). */
export type TallyChange = Partial<Omit<CohortTally, 'rematchReasons'>> & {
  /** A pair ended for this reason ("goals met" is not a re-match and is not counted). */
  endedFor?: PairEndReason;
};

/** Adds a change to a cohort's kept tally, in the write (transaction or batch) that makes it. */
export function addToTally(
  writer: Transaction | WriteBatch,
  cohortId: string | null | undefined,
  change: TallyChange,
): void {
  const { endedFor, ...numbers } = change;
  const tally: Record<string, unknown> = {};
  for (const [field, n] of Object.entries(numbers)) {
    if (typeof n === 'number' && n !== 0) tally[field] = FieldValue.increment(n);
  }
  if (endedFor && endedFor !== 'goals-met') {
    tally.rematchReasons = { [endedFor]: FieldValue.increment(1) };
  }
  if (Object.keys(tally).length === 0) return;
  // set + merge: works whether or not the document exists yet (then it is not valid).
  (writer as Transaction).set(
    tallyRef(cohortId),
    { tally, generation: FieldValue.increment(1) },
    { merge: true },
  );
}

/**
 * Marks these cohorts' tallies not valid, in the write that takes records away: the next opening
 * of the report counts them again.
 */
export function forgetTallies(
  writer: Transaction | WriteBatch,
  cohortIds: Iterable<string | null | undefined>,
): void {
  for (const id of new Set([...cohortIds].map(cohortOf))) {
    (writer as Transaction).set(
      tallyRef(id),
      { valid: false, generation: FieldValue.increment(1) },
      { merge: true },
    );
  }
}

/** Keeps a count worked out at `generation`, unless a change came in meanwhile. */
export async function keepTally(
  cohortId: string,
  tally: CohortTally,
  generation: number,
): Promise<boolean> {
  return runTransaction(async (tx) => {
    const ref = tallyRef(cohortId);
    const now = ((await tx.get(ref)).data() ?? {}) as TallyDoc;
    if ((now.generation ?? 0) !== generation) return false;
    tx.set(ref, { tally, valid: true, generation, countedAt: Timestamp.now() });
    return true;
  });
}
