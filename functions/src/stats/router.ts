/** GET /api/admin/stats (admin only). */
import { Router } from 'express';
import { apiPaths } from '@mentorship/domain';
import { getStats } from './service';

export const statsRouter = Router();

statsRouter.get(apiPaths.admin.stats, async (_req, res) => {
  res.set('Cache-Control', 'no-store').json(await getStats());
});
