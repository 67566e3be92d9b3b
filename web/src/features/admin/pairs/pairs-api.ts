/** The Pairs page's API calls (admin): health of every pair, the nudges ahead, ending a pair. */
import {
  pairPaths,
  type EndPairInput,
  type PairListFilter,
  type PairsResponse,
  type PreviewResponse,
} from '@mentorship/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';

/** `cohortId`: the cohort picker narrows the page to one cohort. */
const withCohort = (path: string, cohortId?: string | null) =>
  cohortId ? `${path}?cohort=${encodeURIComponent(cohortId)}` : path;

export const pairsKey = (cohortId?: string | null) =>
  ['admin', 'pairs', cohortId ?? 'all'] as const;

/** The list, a page at a time from the server (its counts come with every page). */
export const usePairs = (cohortId: string | null, show: PairListFilter) =>
  useInfiniteQuery({
    queryKey: [...pairsKey(cohortId), show],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ show });
      if (cohortId) query.set('cohort', cohortId);
      if (pageParam) query.set('after', pageParam);
      return adminRequest<PairsResponse>(`${pairPaths.pairs}?${query.toString()}`);
    },
    getNextPageParam: (last) => last.next,
    // Another filter keeps the list (and the filter's own control) on screen until it loads.
    placeholderData: keepPreviousData,
  });

/** `enabled`: asked for by the coordinator (it reads every running pair of the cohort). */
export const usePreview = (cohortId: string | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...pairsKey(cohortId), 'preview'],
    queryFn: () => adminRequest<PreviewResponse>(withCohort(pairPaths.preview, cohortId)),
    enabled,
  });

export const useEndPair = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EndPairInput }) =>
      adminRequest<{ message: string }>(pairPaths.end(id), { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'pairs'] }),
  });
};
