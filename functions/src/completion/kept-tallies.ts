/**
 * The cohort report's kept tallies (report.ts): `reportTallies/kept` holds, per settled cohort,
 * its tally and the generation it was worked out at. Every write that changes a settled cohort's
 * records calls `forgetKeptTallies` in the same transaction or batch; the next opening of the
 * report tallies that cohort again. Its own module, with no imports of the app's services, so any
 * of them can call it.
 */
import { FieldValue, Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  REPORT_TALLIES_COLLECTION,
  cohortSettled,
  type CohortTally,
} from '@mentorship/domain';
import { db } from '../firebase';

export const keptRef = () => db.collection(REPORT_TALLIES_COLLECTION).doc('kept');

export interface KeptDoc {
  /** Per cohort id: its tally, and the generation it was worked out at. */
  tallies?: Record<string, CohortTally & { generation: number }>;
  /** Per cohort id: bumped by every change that forgets its tally. */
  generations?: Record<string, number>;
}

/**
 * Forgets the kept tallies of these cohorts, in the write that changes their records (a final
 * survey, an erasure, deleting or ending a pair, survey retention): the next opening of the
 * report tallies them again. A cohort whose tally is not kept costs the same one write.
 */
export function forgetKeptTallies(
  writer: Transaction | WriteBatch,
  cohortIds: Iterable<string | null | undefined>,
): void {
  const ids = [...new Set([...cohortIds].map((id) => id || FOUNDING_COHORT_ID))];
  if (ids.length === 0) return;
  const tallies: Record<string, FieldValue> = {};
  const generations: Record<string, FieldValue> = {};
  for (const id of ids) {
    tallies[id] = FieldValue.delete();
    generations[id] = FieldValue.increment(1);
  }
  // set + merge: works whether or not the document exists yet.
  (writer as Transaction).set(keptRef(), { tallies, generations }, { merge: true });
}

/**
 * For a write that adds to a cohort's records where that is rare after its end (a new pair in
 * an old cohort): reads the cohort (one document, in the transaction) and forgets its kept tally
 * only if it is settled, so everyday writes do not all touch the one kept document.
 */
export async function forgetIfSettled(
  tx: Transaction,
  cohortId: string | null | undefined,
  now = Timestamp.now(),
): Promise<() => void> {
  if (!cohortId) return () => undefined;
  const cohort = await tx.get(db.collection(COHORTS_COLLECTION).doc(cohortId));
  const programEnd = cohort.get('programEnd') as unknown;
  const settled = typeof programEnd === 'string' && cohortSettled({ programEnd }, now.toDate());
  return () => {
    if (settled) forgetKeptTallies(tx, [cohortId]);
  };
}
