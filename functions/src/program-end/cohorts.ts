/**
 * The cohorts, read for the completion and the report (a pair's cohort: pairs/store.ts
 * `cohortIdsOf`).
 */
import { COHORTS_COLLECTION, type Cohort, type CohortRecord } from '@mentorship/domain';
import { db } from '../firebase';

export async function readCohorts(): Promise<Cohort[]> {
  const snapshot = await db.collection(COHORTS_COLLECTION).get();
  return snapshot.docs.map((d) => ({ id: d.id, ...(d.data() as CohortRecord) }));
}
