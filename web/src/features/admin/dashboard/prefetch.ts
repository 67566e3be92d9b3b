/**
 * Started the moment sign-in succeeds, while the dashboard's code is still loading: the cohorts
 * (the dashboard's scope), then at once the current cohort's counts and the newest rows of its
 * three lists. The dashboard then mounts onto answers that are there or on their way, instead of
 * asking for each only after the one before it has answered (`npm run bench:admin`, sign-in to
 * usable dashboard). Loaded with a dynamic import, so the sign-in page still carries no
 * Firestore SDK. A failure here changes nothing: the dashboard asks again and shows its errors.
 */
import { ALL_COHORTS } from '@mentorship/domain';
import type { QueryClient } from '@tanstack/react-query';
import { cohortsQuery } from '../../../lib/cohorts-api';
import { statsQuery } from '../api/get-stats';
import { warmFirstPages } from '../api/live-lists';

export async function prefetchDashboard(client: QueryClient): Promise<void> {
  const cohorts = await client.fetchQuery(cohortsQuery());
  const cohortId = cohorts.currentId ?? ALL_COHORTS;
  void client.prefetchQuery(statsQuery(cohortId));
  warmFirstPages(cohortId);
}
