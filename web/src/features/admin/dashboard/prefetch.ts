/**
 * Started the moment sign-in succeeds, while the dashboard's code is still loading. The counts
 * of the current cohort are asked for at once (`?scope=current`: the server works out which
 * cohort, so this needs neither the Firestore SDK nor the cohorts); meanwhile the cohorts are read
 * (the dashboard's scope), then the newest rows of the current cohort's three lists. The dashboard
 * then mounts onto answers that are there or on their way, instead of asking for each only after
 * the one before has answered (`npm run bench:admin`, sign-in to usable dashboard). Loaded with a
 * dynamic import, so the sign-in page itself carries no Firestore SDK. A failure here changes
 * nothing: the dashboard asks again and shows its errors.
 */
import { ALL_COHORTS, type CurrentStats } from '@mentorship/domain';
import type { QueryClient } from '@tanstack/react-query';
import { cohortsQuery } from '../../../lib/cohorts-api';
import { getStats, statsQuery } from '../api/get-stats';
import { warmFirstPages } from '../api/live-lists';

export async function prefetchDashboard(
  client: QueryClient,
  currentStats: Promise<CurrentStats>,
): Promise<void> {
  const cohorts = await client.fetchQuery(cohortsQuery());
  const cohortId = cohorts.currentId ?? ALL_COHORTS;
  // The counts already on their way become this cohort's, if the server took the same cohort as
  // current (it may not, a second after midnight): else they are asked for again.
  void client.prefetchQuery({
    ...statsQuery(cohortId),
    queryFn: () =>
      currentStats.then((answer) =>
        (answer.cohortId ?? ALL_COHORTS) === cohortId ? answer.stats : getStats(cohortId),
      ),
  });
  warmFirstPages(cohortId);
}
