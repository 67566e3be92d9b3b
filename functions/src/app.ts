/**
 * The Express app behind the `api` function:
 * origin check -> size limit -> json -> public routes (rate limit, honeypot) | admin routes
 * (auth -> JSON content type -> routes) -> 404 -> errors.
 * With emulator variables outside the emulator it refuses to serve (see deployment-guard.ts).
 */
import compression from 'compression';
import express from 'express';
import { constants } from 'node:zlib';
import { API_PREFIX, MAX_BODY_BYTES } from '@mentorship/domain';

import { readHostingHops } from './abuse/client-key';
import { readCapsConfig } from './abuse/public-caps';
import { linkIsKnown, rateLimit, readRateLimitConfig } from './abuse/rate-limit';
import { linkKey, type LinkScope, type RateLimitScope } from './abuse/rate-window';
import { adminExportRouter, createMyApplicationRouter } from './my-application';
import { certificatesRouter, createPublicCertificatesRouter, reportsRouter } from './program-end';
import { activityRouter } from './audit/router';
import {
  createCarryForwardRouter,
  cohortEventsRouter,
  createClosingEventRouter,
  cohortsRouter,
  createOpeningAlertsRouter,
  publicCohortsRouter,
} from './cohorts';
import { outboxRouter } from './email/undelivered';
import { healthRouter } from './health/router';
import { requireAdmin } from './http/authenticate';
import { passkeyAdminRouter, passkeySessionRouter, relatedOriginsRouter } from './passkeys';
import { emulatorMisconfiguration, misconfiguredApp } from './http/deployment-guard';
import { errorHandler, notFoundRoute } from './http/errors';
import { allowedOrigins, projectId, sameSiteOnly } from './http/origin-guard';
import { limitBodySize, requireJsonBody } from './http/request-guards';
import { interviewsAdminRouter, interviewsApplicantRouter } from './interviews';
import { matchingRouter } from './matching';
import { createNominationsPublicRouter, nominationsAdminRouter } from './nominations';
import { createRecommendationsRouter } from './recommendations';
import { peopleRouter } from './people';
import { createPairsPublicRouter, pairsAdminRouter, pairsDashboardRouter } from './pairs';
import { createApplicationsRouter } from './applications';
import { statsRouter } from './stats';
import { createPublicTeamRouter, teamRouter } from './team';

export function createApp(env: NodeJS.ProcessEnv = process.env) {
  const misconfigured = emulatorMisconfiguration(env);
  if (misconfigured) return misconfiguredApp(misconfigured);

  const app = express();
  app.disable('x-powered-by');
  // Nothing reads X-Forwarded-* through Express (req.ip, req.protocol): the one place that
  // needs the client's address reads the platform's hops itself (abuse/client-key.ts).
  app.set('trust proxy', false);
  // The function, not firebase.json, says how each answer may be cached (a Hosting header rule
  // would replace the function's own): nothing by default, so personal data and one-time links
  // are never kept by the CDN or a browser; the one public answer meant for the CDN (GET
  // /api/cohorts/current) says so itself.
  app.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use(sameSiteOnly(allowedOrigins(env), projectId(env)));
  app.use(limitBodySize);
  app.use(express.json({ limit: MAX_BODY_BYTES }));
  // Large answers (the admin lists) are gzipped when the client accepts it, about tenfold smaller;
  // single records stay under the threshold and pay nothing. Hosting passes the encoding through.
  app.use(compression({ threshold: 8 * 1024, level: constants.Z_BEST_SPEED }));

  // The public doors' limits: counted per client network, or per link where a link is the key
  // (a campus behind one address answers its check-ins like anyone else).
  const perClient = (scope: RateLimitScope) =>
    rateLimit(scope, readRateLimitConfig(env), readHostingHops(env));
  // A link is checked first: a token nobody was sent is answered without a counter.
  const perLink = (scope: LinkScope) =>
    rateLimit(scope, readRateLimitConfig(env), readHostingHops(env), linkKey, linkIsKnown(scope));

  // Every router states its full paths (the domain's path table, API); the admin checks run for
  // all of API_PREFIX.admin.
  app.use(healthRouter);
  app.use(publicCohortsRouter);
  app.use(
    createOpeningAlertsRouter(
      perClient('opening-alerts'),
      readCapsConfig(env),
      perLink('opening-alert-confirm'),
    ),
  );
  app.use(createCarryForwardRouter(perLink('carry-forward')));
  // The closing event's page and reply (limited per link, like the check-ins).
  app.use(createClosingEventRouter(perLink('closing-event')));
  // The nominator's one-click answer (limited per link, like the check-ins).
  app.use(createNominationsPublicRouter(perLink('nominations')));
  app.use(createApplicationsRouter(perClient('applications'), readCapsConfig(env)));
  app.use(
    createPublicTeamRouter(
      {
        invitations: perLink('invitation-accept'),
        passwordReset: perClient('password-reset'),
      },
      readCapsConfig(env),
    ),
  );
  // A participant's one classmate invitation (signed in, before the /api/me router).
  app.use(createRecommendationsRouter(perClient('recommendations')));
  // The applicant's door: "Check my application" (public, rate-limited) and /api/me/* (signed in).
  app.use(createMyApplicationRouter(perClient('sign-in-links'), readCapsConfig(env)));
  app.use(interviewsApplicantRouter);
  // The months after matching: one-click check-ins (public, limited per link, never per
  // network) and My application's pair section.
  app.use(createPairsPublicRouter(perLink('check-ins')));
  // Certificates: public verification by id (rate-limited), and the participant's own (signed in).
  app.use(createPublicCertificatesRouter(perClient('certificates')));
  app.use(certificatesRouter);
  // The second step of a coordinator's sign-in (a passkey), before the admin gate that needs it,
  // and the passkeys' related origins (at the fixed address browsers fetch).
  app.use(passkeySessionRouter);
  app.use(relatedOriginsRouter);
  app.use(API_PREFIX.admin, requireAdmin, requireJsonBody);
  app.use(
    statsRouter,
    pairsDashboardRouter,
    matchingRouter,
    activityRouter,
    adminExportRouter,
    peopleRouter,
    passkeyAdminRouter,
    teamRouter,
    cohortsRouter,
    cohortEventsRouter,
    pairsAdminRouter,
    reportsRouter,
    outboxRouter,
    interviewsAdminRouter,
    nominationsAdminRouter,
  );
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
