/** Public: POST /api/carry-forward { token } (the button on the page the e-mail links to). */
import { Router } from 'express';
import { API, carryForwardAnswerSchema } from '@mentorship/domain';
import type { RateLimiter } from '../abuse/rate-limit';
import { requireJsonBody } from '../http/request-guards';
import { withBody } from '../http/route';
import { answerCarryForward } from './carry-forward';

export function createCarryForwardRouter(limiter: RateLimiter): Router {
  const router = Router();
  router.post(
    API.carryForward.path,
    requireJsonBody,
    limiter,
    withBody(carryForwardAnswerSchema, async ({ token }, _req, res) => {
      res.json(await answerCarryForward(token));
    }),
  );
  return router;
}
