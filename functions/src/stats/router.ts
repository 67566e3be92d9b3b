/** GET /api/admin/stats (admin only). */
import { Router } from 'express';
import { COHORT_PARAM, apiPaths, isCohortId } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { getStats } from './service';

export const statsRouter = Router();

/** `?cohort=<id>` counts one cohort's people and pairs; without it, every cohort's. */
statsRouter.get(apiPaths.admin.stats, async (req, res) => {
  const cohort = req.query[COHORT_PARAM];
  if (cohort !== undefined && !isCohortId(cohort)) {
    throw new DomainError('invalid-argument', 'Choose a cohort from the list.', {
      [COHORT_PARAM]: 'Choose a cohort from the list.',
    });
  }
  res.set('Cache-Control', 'no-store').json(await getStats(cohort ?? null));
});
