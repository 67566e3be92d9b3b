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
import { allCohorts } from '../cohorts/service';
import { DomainError } from '../shared/errors';
import { getStats } from './service';

export const statsRouter = Router();

/**
 * `?cohort=<id>` counts one cohort's people and pairs; without it, every cohort's;
 * `?scope=current` the current cohort's, with its id (CurrentStats).
 */
statsRouter.get(apiPaths.admin.stats, async (req, res) => {
  if (req.query[CURRENT_SCOPE.param] === CURRENT_SCOPE.value) {
    const cohortId = currentCohort(await allCohorts(), new Date())?.id ?? null;
    const body: CurrentStats = { cohortId, stats: await getStats(cohortId) };
    res.set('Cache-Control', 'no-store').json(body);
    return;
  }
  const cohort = req.query[COHORT_PARAM];
  if (cohort !== undefined && !isCohortId(cohort)) {
    throw new DomainError('invalid-argument', 'Choose a cohort from the list.', {
      [COHORT_PARAM]: 'Choose a cohort from the list.',
    });
  }
  res.set('Cache-Control', 'no-store').json(await getStats(cohort ?? null));
});
