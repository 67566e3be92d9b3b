/**
 * Started the moment sign-in succeeds, while the dashboard's code is still loading. The counts
 * of the current cohort are asked for at once (`?scope=current`: the server works out which
 * cohort, so this needs neither the Firestore SDK nor the cohorts); meanwhile the cohorts are read
 * (the dashboard's scope), then the newest rows of the current cohort's three lists. The dashboard
 * then mounts onto answers that are there or on their way, instead of asking for each only after
 * the one before has answered (`npm run bench:admin`, sign-in to usable dashboard). Loaded with a
 * dynamic import, so the sign-in page paints without the Firestore SDK (it comes in once that page
 * is idle: login/preload-dashboard.ts). A failure here changes nothing: the dashboard asks again
 * and shows its errors.
 *
 * A returning coordinator's browser remembers which cohort was current at the last sign-in (its
 * id only: no personal data), so the newest rows of that cohort are asked for at once, beside the
 * cohorts read instead of after it. The dashboard still opens on the cohort the fresh read says
 * is current; when that is another one (the current cohort changed since), the guessed listeners
 * stop at once, having cost at most one page of rows per list.
 */
import { ALL_COHORTS, type CurrentStats } from '@mentorship/domain';
import type { QueryClient } from '@tanstack/react-query';
import { cohortsQuery } from '../../../lib/cohorts-api';
import { getStats, signInStats, statsQuery } from '../api/get-stats';
import { stopWarmFirstPages, warmFirstPages } from '../api/live-lists';

const LAST_CURRENT_KEY = 'mentorship.admin.lastCurrentCohort';

const lastCurrent = (): string | null => {
  try {
    return window.localStorage.getItem(LAST_CURRENT_KEY);
  } catch {
    return null; // storage blocked: no guess
  }
};

const rememberCurrent = (cohortId: string) => {
  try {
    window.localStorage.setItem(LAST_CURRENT_KEY, cohortId);
  } catch {
    // storage blocked or full: the next sign-in just does not guess
  }
};

export async function prefetchDashboard(
  client: QueryClient,
  currentStats: Promise<CurrentStats>,
): Promise<void> {
  const guess = lastCurrent();
  if (guess) warmFirstPages(guess);
  const cohorts = await client.fetchQuery(cohortsQuery());
  const cohortId = cohorts.currentId ?? ALL_COHORTS;
  if (guess && guess !== cohortId) stopWarmFirstPages(guess);
  rememberCurrent(cohortId);
  // The counts already on their way become this cohort's, if the server took the same cohort as
  // current (it may not, a second after midnight): else they are asked for again.
  void client.prefetchQuery({
    ...statsQuery(cohortId),
    queryFn: () =>
      currentStats.then((answer) =>
        (answer.cohortId ?? ALL_COHORTS) === cohortId
          ? signInStats(answer.stats)
          : getStats(cohortId),
      ),
  });
  warmFirstPages(cohortId);
}
