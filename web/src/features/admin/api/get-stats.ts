import {
  ALL_COHORTS,
  COHORT_PARAM,
  CURRENT_SCOPE,
  apiPaths,
  type CurrentStats,
  type Stats,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminRequest } from '../../../lib/admin-request';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The server's counts: one cohort's, or every cohort's (ALL_COHORTS). */
export const getStats = (cohortId: string = ALL_COHORTS): Promise<Stats> =>
  adminRequest<Stats>(
    cohortId === ALL_COHORTS
      ? apiPaths.admin.stats
      : `${apiPaths.admin.stats}?${COHORT_PARAM}=${encodeURIComponent(cohortId)}`,
  );

/**
 * The current cohort's counts and which cohort the server took as current. Given the token just
 * minted at sign-in, the request leaves at once, ahead of the dashboard's code (the browser's
 * few connections per host would otherwise queue it behind those downloads).
 */
export const getCurrentStats = (token: string): Promise<CurrentStats> =>
  apiRequest<CurrentStats>(
    `${apiPaths.admin.stats}?${CURRENT_SCOPE.param}=${CURRENT_SCOPE.value}`,
    {
      token,
    },
  );

/** The counts query of one cohort, shared by the hook and the dashboard's prefetch. */
export const statsQuery = (cohortId: string = ALL_COHORTS) => ({
  queryKey: [...adminKeys.stats, cohortId],
  queryFn: () => getStats(cohortId),
});

/** Counts the sign-in's prefetch got a moment before the dashboard mounts (dashboard/prefetch.ts). */
const fromSignIn = new WeakSet<Stats>();

/** Marks counts as the sign-in's: the dashboard's first mount takes them as they are. */
export const signInStats = (stats: Stats): Stats => {
  fromSignIn.add(stats);
  return stats;
};

/**
 * The server's counts; the dashboard stops asking once it counts its whole live lists. Never
 * fresh (the admin query rules): every mount asks again, except the first mount after sign-in,
 * which takes the counts the sign-in fetched for it a moment before (once).
 */
export function useStats(enabled = true, cohortId: string = ALL_COHORTS) {
  const result = useQuery({
    ...statsQuery(cohortId),
    enabled,
    refetchOnMount: (query) => !(query.state.data && fromSignIn.has(query.state.data)),
  });
  // Taken once: from now on, a mount asks again.
  useEffect(() => {
    if (result.data) fromSignIn.delete(result.data);
  }, [result.data]);
  return result;
}
