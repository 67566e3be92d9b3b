/** The cohort records' API calls (admin: list, create, edit). */
import {
  cohortPaths,
  type CohortInput,
  type CohortView,
  type CohortsResponse,
  type MessageResponse,
} from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

export const cohortsKey = ['admin', 'cohorts'] as const;

export const useCohorts = () =>
  useQuery({
    queryKey: cohortsKey,
    queryFn: () => adminRequest<CohortsResponse>(cohortPaths.list),
  });

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
