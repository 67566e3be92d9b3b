/**
 * The months after matching over HTTP: one-click check-ins (public, by token, rate-limited like
 * the other public doors), the participant's pair on My application (/api/me/pairs/*, behind the
 * applicant router's sign-in), and the coordinators' Pairs page (/api/admin/pairs*, behind
 * requireAdmin).
 */
import { Router, type Request, type RequestHandler } from 'express';
import {
  isDocumentId,
  API,
  type AnyObjectSchema,
  checkInLinkAnswerSchema,
  checkInTokenSchema,
  endPairSchema,
  fitSchema,
  logSessionSchema,
  pairPaths,
  PAIR_LIST_FILTERS,
  type PairListFilter,
  plannedActionSchema,
  proposeSessionSchema,
  reportProblemSchema,
  sessionGuideSchema,
  type InferType,
  type SessionGuidesResponse,
} from '@mentorship/domain';
import { actors } from '../audit/audit';
import { applicantOf } from '../http/authenticate-applicant';
import { checkIdParam, requireJsonBody } from '../http/request-guards';
import { idOf, linkRoute, respondWith, routerWithIds, withBody } from '../http/route';
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

/** `?cohort=<id>`: one cohort's pairs (the admin area's cohort picker passes it). */
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

/** `?show=`: which pairs the Pairs page lists (all running ones unless given). */
function showOf(req: Request): PairListFilter {
  const raw = req.query.show;
  if (raw === undefined || raw === '') return 'all';
  if (!(PAIR_LIST_FILTERS as readonly unknown[]).includes(raw)) {
    const message = `show must be one of ${PAIR_LIST_FILTERS.join(', ')}.`;
    throw new DomainError('invalid-argument', message, { show: message });
  }
  return raw as PairListFilter;
}

/**
 * `linkLimiter` counts per link (the token's hash), never per client network: a campus behind
 * one address answers its check-ins like anyone else.
 */
export function createPairsPublicRouter(linkLimiter: RequestHandler): Router {
  const router = Router();
  linkRoute(router, pairPaths.checkInView, linkLimiter, checkInTokenSchema, ({ token }) =>
    viewCheckIn(token),
  );
  linkRoute(
    router,
    pairPaths.checkInAnswer,
    linkLimiter,
    checkInLinkAnswerSchema,
    ({ token, ...input }) => answerCheckIn(token, input),
  );

  // Signed in: the applicant router's gate ran for every /api/me path before this one.
  router.param('id', checkIdParam('Pair'));
  router.param('plannedId', checkIdParam('Planned session'));
  router.get(
    pairPaths.myPairs,
    respondWith((req) => myPairsResponse(applicantOf(req).email)),
  );
  // Planned sessions (pairs/planned-sessions.ts).
  const onMyPair = <S extends AnyObjectSchema>(
    path: string,
    schema: S,
    act: (email: string, pairId: string, input: InferType<S>, req: Request) => Promise<unknown>,
  ) =>
    router.post(
      path,
      requireJsonBody,
      ...withBody(schema, async (input, req, res) => {
        res.json(await act(applicantOf(req).email, idOf(req), input, req));
      }),
    );
  const plannedIdOf = (req: Request) => String(req.params.plannedId);
  // Planned sessions (pairs/planned-sessions.ts).
  onMyPair(API.myPairPlanned.path, proposeSessionSchema, proposeMySession);
  onMyPair(API.myPairPlannedAccept.path, plannedActionSchema, (email, pairId, input, req) =>
    acceptMySession(email, pairId, plannedIdOf(req), input),
  );
  onMyPair(API.myPairPlannedCounter.path, proposeSessionSchema, (email, pairId, input, req) =>
    counterMySession(email, pairId, plannedIdOf(req), input),
  );
  onMyPair(API.myPairPlannedCancel.path, plannedActionSchema, (email, pairId, input, req) =>
    cancelMySession(email, pairId, plannedIdOf(req), input),
  );
  onMyPair(API.myPairSessions.path, logSessionSchema, async (email, pairId, input) => ({
    pairs: await logSession(email, pairId, input),
  }));
  onMyPair(API.myPairFit.path, fitSchema, async (email, pairId, { fit }) => ({
    pairs: await answerFit(email, pairId, fit),
  }));
  onMyPair(API.myPairProblem.path, reportProblemSchema, async (email, pairId, { note }) => ({
    pairs: await reportProblem(email, pairId, note),
  }));
  return router;
}

export const pairsAdminRouter = routerWithIds('Pair');
pairsAdminRouter.get(
  pairPaths.pairs,
  respondWith((req) =>
    listPairHealth(new Date(), {
      cohortId: cohortOf(req),
      show: showOf(req),
      after: typeof req.query.after === 'string' && req.query.after ? req.query.after : null,
    }),
  ),
);
pairsAdminRouter.get(
  pairPaths.preview,
  respondWith((req) => previewNudges(new Date(), cohortOf(req))),
);
pairsAdminRouter.post(
  API.pairEnd.path,
  ...withBody(endPairSchema, async (input, req, res) => {
    res.json(await endPair(idOf(req), input));
  }),
);

// The session guides (pairs/guides.ts).
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
