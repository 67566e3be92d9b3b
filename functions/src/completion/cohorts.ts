/**
 * A pair's cohort (pairs.ts): `assignment.cohortId`, else the student's `cohortId`, else the
 * founding cohort; its dates from `cohorts/{id}`. Read loosely: cohort ids arrive with issue 26.
 */
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  type Cohort,
  type CohortRecord,
} from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

export async function readCohorts(): Promise<Cohort[]> {
  const snapshot = await db.collection(COHORTS_COLLECTION).get();
  return snapshot.docs.map((d) => ({ id: d.id, ...(d.data() as CohortRecord) }));
}

const cohortIdOf = (data: unknown): string | null => {
  const id = (data as { cohortId?: unknown } | undefined)?.cohortId;
  return typeof id === 'string' && id ? id : null;
};

/**
 * The cohort of each assignment: its own `cohortId`, else its student's (one batched read of the
 * students that lack it), else the founding cohort.
 */
export async function cohortsOfAssignments(
  assignments: { id: string; data: Record<string, unknown> }[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const missing: { id: string; studentId: string }[] = [];
  for (const a of assignments) {
    const own = cohortIdOf(a.data);
    if (own) result.set(a.id, own);
    else missing.push({ id: a.id, studentId: String(a.data.studentId) });
  }
  const studentIds = [...new Set(missing.map((m) => m.studentId))];
  const studentCohort = new Map<string, string | null>();
  for (let i = 0; i < studentIds.length; i += 300) {
    const refs = studentIds
      .slice(i, i + 300)
      .map((id) => db.collection(COLLECTIONS.students).doc(id));
    if (refs.length === 0) continue;
    for (const s of await db.getAll(...refs)) studentCohort.set(s.id, cohortIdOf(s.data()));
  }
  for (const m of missing) {
    result.set(m.id, studentCohort.get(m.studentId) ?? FOUNDING_COHORT_ID);
  }
  return result;
}
