/**
 * The Express app behind the `api` function:
 * origin check -> size limit -> json -> public routes (rate limit, honeypot) | admin routes
 * (auth -> JSON content type -> routes) -> 404 -> errors.
 * With emulator variables outside the emulator it refuses to serve (see deployment-guard.ts).
 */
import express from 'express';
import { MAX_BODY_BYTES } from '@mentorship/domain';
import { rateLimit, readRateLimitConfig } from './abuse/rate-limit';
import { assignmentsRouter } from './assignments/router';
import { healthRouter } from './health/router';
import { requireAdmin } from './http/authenticate';
import { compressLargeJson } from './http/compress';
import { emulatorMisconfiguration, misconfiguredApp } from './http/deployment-guard';
import { errorHandler, notFoundRoute } from './http/errors';
import { allowedOrigins, sameSiteOnly } from './http/origin-guard';
import { limitBodySize, requireJsonBody } from './http/request-guards';
import { matchingRouter } from './matching/router';
import { mentorsRouter } from './mentors/router';
import { createRegistrationsRouter } from './registrations/router';
import { statsRouter } from './stats/router';
import { studentsRouter } from './students/router';

export function createApp(env: NodeJS.ProcessEnv = process.env) {
  const misconfigured = emulatorMisconfiguration(env);
  if (misconfigured) return misconfiguredApp(misconfigured);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(sameSiteOnly(allowedOrigins(env)));
  app.use(limitBodySize);
  app.use(express.json({ limit: MAX_BODY_BYTES }));
  app.use(compressLargeJson);

  const publicRoutes = express.Router();
  publicRoutes.use(healthRouter);
  publicRoutes.use(createRegistrationsRouter(rateLimit('applications', readRateLimitConfig(env))));

  const adminRoutes = express.Router();
  adminRoutes.use(requireAdmin, requireJsonBody, (_req, res, next) => {
    // Personal data: never cached by the CDN or the browser.
    res.set('Cache-Control', 'no-store');
    next();
  });
  adminRoutes.use(statsRouter);
  adminRoutes.use(studentsRouter);
  adminRoutes.use(mentorsRouter);
  adminRoutes.use(assignmentsRouter);
  adminRoutes.use('/matching', matchingRouter);

  app.use('/api', publicRoutes);
  app.use('/api/admin', adminRoutes);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
