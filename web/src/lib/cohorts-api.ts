/**
 * The cohort records in the admin area. Read straight from Firestore (`cohorts`, admin-readable
 * under firestore.rules: a handful of documents), so the dashboard's cohort scope is known one
 * Firestore round trip after it mounts, without waiting for the function; the phases and the
 * current cohort are worked out here with the domain's rules (the API's GET answers the same).
 * Create and edit go through the API (validated, audited).
 */
import {
  COHORTS_COLLECTION,
  cohortPaths,
  cohortFromData,
  cohortPhase,
  currentCohort,
  newestCohortsFirst,
  type CohortInput,
  type CohortView,
  type CohortsResponse,
  type MessageResponse,
} from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collection, getDocs } from 'firebase/firestore';
import { adminRequest } from './admin-request';
import { firestore } from './firestore';

export const cohortsKey = ['admin', 'cohorts'] as const;

async function readCohorts(now = new Date()): Promise<CohortsResponse> {
  const snapshot = await getDocs(collection(firestore, COHORTS_COLLECTION));
  const cohorts = snapshot.docs.map((doc) => cohortFromData(doc.id, doc.data()));
  return {
    cohorts: newestCohortsFirst(cohorts).map((c) => ({ ...c, phase: cohortPhase(c, now) })),
    currentId: currentCohort(cohorts, now)?.id ?? null,
  };
}

/** The cohorts query, shared by the hook and the dashboard's prefetch at sign-in. */
export const cohortsQuery = () => ({ queryKey: cohortsKey, queryFn: () => readCohorts() });

export const useCohorts = () => useQuery(cohortsQuery());

export const useSaveCohort = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CohortInput }) =>
      adminRequest<{ cohort: CohortView } & MessageResponse>(
        id ? cohortPaths.cohort(id) : cohortPaths.list,
        { method: id ? 'PUT' : 'POST', body: input },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: cohortsKey }),
  });
};
