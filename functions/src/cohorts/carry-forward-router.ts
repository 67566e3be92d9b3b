/** Public: POST /api/carry-forward { token } (the button on the page the e-mail links to). */
import { Router } from 'express';
import { API, carryForwardAnswerSchema } from '@mentorship/domain';
import type { RateLimiter } from '../abuse/rate-limit';
import { linkRoute } from '../http/route';
import { answerCarryForward } from './carry-forward';

export function createCarryForwardRouter(limiter: RateLimiter): Router {
  const router = Router();
  linkRoute(router, API.carryForward.path, limiter, carryForwardAnswerSchema, ({ token }) =>
    answerCarryForward(token),
  );
  return router;
}
