/** The Pairs page's API calls (admin): health of every pair, the nudges ahead, ending a pair. */
import {
  pairPaths,
  type EndPairInput,
  type PairsResponse,
  type PreviewResponse,
} from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';

/** `cohortId`: the cohort picker narrows the page to one cohort. */
const withCohort = (path: string, cohortId?: string | null) =>
  cohortId ? `${path}?cohort=${encodeURIComponent(cohortId)}` : path;

export const pairsKey = (cohortId?: string | null) =>
  ['admin', 'pairs', cohortId ?? 'all'] as const;

export const usePairs = (cohortId?: string | null) =>
  useQuery({
    queryKey: pairsKey(cohortId),
    queryFn: () => adminRequest<PairsResponse>(withCohort(pairPaths.pairs, cohortId)),
  });

export const usePreview = (cohortId?: string | null) =>
  useQuery({
    queryKey: [...pairsKey(cohortId), 'preview'],
    queryFn: () => adminRequest<PreviewResponse>(withCohort(pairPaths.preview, cohortId)),
  });

export const useEndPair = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EndPairInput }) =>
      adminRequest<{ message: string }>(pairPaths.end(id), { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'pairs'] }),
  });
};
