/** GET /api/admin/stats (admin only). */
import { Router } from 'express';
import { handle } from '../http/handler';
import { getStats } from './service';

export const statsRouter = Router();

statsRouter.get(
  '/stats',
  handle(async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await getStats());
  }),
);
