/** The Express app behind the `api` function: json -> routes (admin routes behind auth) -> 404 -> errors. */
import express from 'express';
import { MAX_BODY_BYTES } from '@mentorship/domain';
import { healthRouter } from './health/router';
import { requireAdmin } from './http/authenticate';
import { errorHandler, notFoundRoute } from './http/errors';

export function createApp() {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(express.json({ limit: MAX_BODY_BYTES }));

  const publicRoutes = express.Router();
  publicRoutes.use(healthRouter);

  const adminRoutes = express.Router();
  adminRoutes.use(requireAdmin);

  app.use('/api', publicRoutes);
  app.use('/api/admin', adminRoutes);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
