/**
 * Recommend a classmate, on the participant's own door: GET where their one invitation
 * stands, POST { email } sends it. Signed in with an e-mail link (requireApplicant), like the rest
 * of /api/me; the POST also counts on a per-network limit.
 */
import { Router, type RequestHandler } from 'express';
import { API, recommendationSchema } from '@mentorship/domain';
import { applicantOf, requireApplicant } from '../http/authenticate-applicant';
import { requireJsonBody } from '../http/request-guards';
import { respondWith, withBody } from '../http/route';
import { myRecommendation, recommendClassmate } from './service';

export function createRecommendationsRouter(limiter: RequestHandler): Router {
  const router = Router();
  router.get(
    API.myRecommendation.path,
    requireApplicant,
    respondWith((req) => myRecommendation(applicantOf(req).email)),
  );
  router.post(
    API.myRecommendation.path,
    requireApplicant,
    requireJsonBody,
    limiter,
    ...withBody(recommendationSchema, async ({ email }, req, res) => {
      res.status(201).json(await recommendClassmate(applicantOf(req).email, email));
    }),
  );
  return router;
}
