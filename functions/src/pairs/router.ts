/**
 * The months after matching over HTTP: one-click check-ins (public, by token, rate-limited like
 * the other public doors), the participant's pair on My application (/api/me/pairs/*, behind the
 * applicant router's sign-in), and the coordinators' Pairs page (/api/admin/pairs*, behind
 * requireAdmin).
 */
import { Router, type Request, type RequestHandler } from 'express';
import {
  API,
  checkInLinkAnswerSchema,
  checkInTokenSchema,
  endPairSchema,
  fitSchema,
  logSessionSchema,
  pairPaths,
  plannedActionSchema,
  proposeSessionSchema,
  reportProblemSchema,
  sessionGuideSchema,
  type SessionGuidesResponse,
} from '@mentorship/domain';
import { actors } from '../audit/audit';
import { applicantOf } from '../http/authenticate-applicant';
import { checkIdParam, isDocumentId, requireJsonBody } from '../http/request-guards';
import { idOf, withBody } from '../http/route';
import { DomainError } from '../shared/errors';
import { endPair, listPairHealth } from './admin';
import { answerCheckIn, viewCheckIn } from './check-ins';
import { previewNudges } from './daily';
import { monthOf, readGuides, resetGuide, saveGuide } from './guides';
import {
  acceptMySession,
  answerFit,
  cancelMySession,
  counterMySession,
  logSession,
  myPairsResponse,
  proposeMySession,
  reportProblem,
} from './participant';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** `?cohort=<id>`: one cohort's pairs (issue 26's picker passes it). */
function cohortOf(req: Request): string | null {
  const raw = req.query.cohort;
  if (raw === undefined || raw === '') return null;
  if (!isDocumentId(raw)) {
    throw new DomainError('invalid-argument', 'cohort must be a cohort id.', {
      cohort: 'cohort must be a cohort id.',
    });
  }
  return raw;
}

/**
 * `linkLimiter` counts per link (the token's hash), never per client network: a campus behind
 * one address answers its check-ins like anyone else.
 */
export function createPairsPublicRouter(linkLimiter: RequestHandler): Router {
  const router = Router();
  router.post(
    pairPaths.checkInView,
    noStore,
    requireJsonBody,
    linkLimiter,
    ...withBody(checkInTokenSchema, async ({ token }, _req, res) => {
      res.json(await viewCheckIn(token));
    }),
  );
  router.post(
    pairPaths.checkInAnswer,
    noStore,
    requireJsonBody,
    linkLimiter,
    ...withBody(checkInLinkAnswerSchema, async ({ token, ...input }, _req, res) => {
      res.json(await answerCheckIn(token, input));
    }),
  );

  // Signed in: the applicant router's gate ran for every /api/me path before this one.
  router.param('id', checkIdParam('Pair'));
  router.param('plannedId', checkIdParam('Planned session'));
  router.get(pairPaths.myPairs, async (req, res) => {
    res.json(await myPairsResponse(applicantOf(req).email));
  });
  // Issue 39: planned sessions (pairs/planned-sessions.ts).
  router.post(
    API.myPairPlanned.path,
    requireJsonBody,
    ...withBody(proposeSessionSchema, async (input, req, res) => {
      res.json(await proposeMySession(applicantOf(req).email, idOf(req), input));
    }),
  );
  router.post(
    API.myPairPlannedAccept.path,
    requireJsonBody,
    ...withBody(plannedActionSchema, async (input, req, res) => {
      const plannedId = String(req.params.plannedId);
      res.json(await acceptMySession(applicantOf(req).email, idOf(req), plannedId, input));
    }),
  );
  router.post(
    API.myPairPlannedCounter.path,
    requireJsonBody,
    ...withBody(proposeSessionSchema, async (input, req, res) => {
      const plannedId = String(req.params.plannedId);
      res.json(await counterMySession(applicantOf(req).email, idOf(req), plannedId, input));
    }),
  );
  router.post(
    API.myPairPlannedCancel.path,
    requireJsonBody,
    ...withBody(plannedActionSchema, async (input, req, res) => {
      const plannedId = String(req.params.plannedId);
      res.json(await cancelMySession(applicantOf(req).email, idOf(req), plannedId, input));
    }),
  );
  router.post(
    API.myPairSessions.path,
    requireJsonBody,
    ...withBody(logSessionSchema, async (input, req, res) => {
      res.json({ pairs: await logSession(applicantOf(req).email, idOf(req), input) });
    }),
  );
  router.post(
    API.myPairFit.path,
    requireJsonBody,
    ...withBody(fitSchema, async ({ fit }, req, res) => {
      res.json({ pairs: await answerFit(applicantOf(req).email, idOf(req), fit) });
    }),
  );
  router.post(
    API.myPairProblem.path,
    requireJsonBody,
    ...withBody(reportProblemSchema, async ({ note }, req, res) => {
      res.json({ pairs: await reportProblem(applicantOf(req).email, idOf(req), note) });
    }),
  );
  return router;
}

export const pairsAdminRouter = Router();
pairsAdminRouter.param('id', checkIdParam('Pair'));
pairsAdminRouter.get(pairPaths.pairs, async (req, res) => {
  res.json(await listPairHealth(new Date(), cohortOf(req)));
});
pairsAdminRouter.get(pairPaths.preview, async (req, res) => {
  res.json(await previewNudges(new Date(), cohortOf(req)));
});
pairsAdminRouter.post(
  API.pairEnd.path,
  ...withBody(endPairSchema, async (input, req, res) => {
    res.json(await endPair(idOf(req), input));
  }),
);

// Issue 39: the session guides (pairs/guides.ts).
pairsAdminRouter.get(API.sessionGuides.path, async (_req, res) => {
  const body: SessionGuidesResponse = { guides: await readGuides() };
  res.json(body);
});
pairsAdminRouter.put(
  API.sessionGuide.path,
  ...withBody(sessionGuideSchema, async (input, req, res) => {
    const month = monthOf(String(req.params.month));
    const body: SessionGuidesResponse = {
      guides: await saveGuide(month, input, { uid: actors.getStore()?.uid ?? 'unknown' }),
    };
    res.json(body);
  }),
);
pairsAdminRouter.delete(API.sessionGuide.path, async (req, res) => {
  const body: SessionGuidesResponse = {
    guides: await resetGuide(monthOf(String(req.params.month))),
  };
  res.json(body);
});
