/** GET /api/admin/stats (admin only). */
import { Router } from 'express';
import {
  COHORT_PARAM,
  CURRENT_SCOPE,
  apiPaths,
  currentCohort,
  isCohortId,
  type CurrentStats,
} from '@mentorship/domain';
import { allCohorts } from '../cohorts';
import { DomainError } from '../shared/errors';
import { getStats } from './service';

export const statsRouter = Router();

/**
 * `?cohort=<id>` counts one cohort's people and pairs; without it, every cohort's;
 * `?scope=current` the current cohort's, with its id (CurrentStats).
 */
statsRouter.get(apiPaths.admin.stats, async (req, res) => {
  // Where the answer's time went, for the browser's network panel (and bench:admin --trace).
  const timing: string[] = [];
  const timed = async <T>(name: string, work: Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work;
    timing.push(`${name};dur=${(performance.now() - start).toFixed(1)}`);
    return result;
  };
  const answer = (body: unknown) => res.set('Server-Timing', timing.join(', ')).json(body);
  if (req.query[CURRENT_SCOPE.param] === CURRENT_SCOPE.value) {
    const cohorts = await timed('cohorts', allCohorts());
    const cohortId = currentCohort(cohorts, new Date())?.id ?? null;
    const body: CurrentStats = { cohortId, stats: await timed('counts', getStats(cohortId)) };
    answer(body);
    return;
  }
  const cohort = req.query[COHORT_PARAM];
  if (cohort !== undefined && !isCohortId(cohort)) {
    throw new DomainError('invalid-argument', 'Choose a cohort from the list.', {
      [COHORT_PARAM]: 'Choose a cohort from the list.',
    });
  }
  answer(await timed('counts', getStats(cohort ?? null)));
});
