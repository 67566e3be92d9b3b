/**
 * Cohorts. Admin (behind requireAdmin): GET /api/admin/cohorts, POST /api/admin/cohorts, PUT
 * /api/admin/cohorts/:id. Public: GET /api/cohorts/current (the open cohort and the next
 * opening, what the wizards and the public pages say; cached by Hosting's CDN for a few minutes, so
 * a coordinator's edit shows within them, without a redeploy).
 */
import { Router } from 'express';
import {
  COHORT_MESSAGES,
  API,
  cohortPhase,
  cohortSchema,
  OPENING_ALERT_MESSAGES,
  openingAlertConfirmSchema,
  openingAlertSchema,
  PUBLIC_COHORTS_CACHE_CONTROL,
  type Cohort,
  type CohortView,
  type MessageResponse,
} from '@mentorship/domain';
import { admitDoorRequest, withRetryAfter } from '../abuse/door-caps';
import { mailSenderOf } from '../abuse/rate-limit';
import type { CapsConfig } from '../abuse/public-caps';
import type { RateLimiter } from '../abuse/rate-limit';
import { requireJsonBody } from '../http/request-guards';
import { confirmOpeningAlert, saveOpeningAlert } from './opening-alerts';
import { idOf, linkRoute, respondWith, routerWithIds, withBody } from '../http/route';
import { createCohort, getPublicCohorts, listCohorts, updateCohort } from './service';

/** A saved cohort as the page shows it (with today's phase), and the toast's words. */
const savedCohort = (
  cohort: Cohort,
  message: string,
): { cohort: CohortView } & MessageResponse => ({
  cohort: { ...cohort, phase: cohortPhase(cohort, new Date()) },
  message,
});

export const cohortsRouter = routerWithIds('Cohort');

cohortsRouter.get(
  API.cohorts.path,
  respondWith(() => listCohorts()),
);

cohortsRouter.post(
  API.cohorts.path,
  withBody(cohortSchema, async (input, _req, res) => {
    const cohort = await createCohort(input);
    res.status(201).json(savedCohort(cohort, COHORT_MESSAGES.created(cohort.name)));
  }),
);

cohortsRouter.put(
  API.cohort.path,
  withBody(cohortSchema, async (input, req, res) => {
    const cohort = await updateCohort(idOf(req), input);
    res.json(savedCohort(cohort, COHORT_MESSAGES.updated(cohort.name)));
  }),
);

/**
 * Public: "Tell me when applications open" (rate-limited per client like the forms, and under the
 * door caps; the same answer whether or not the address already asked).
 */
export function createOpeningAlertsRouter(
  limiter: RateLimiter,
  caps: CapsConfig,
  confirmLimiter: RateLimiter,
): Router {
  const router = Router();
  // The button on the confirmation link's page (limited per link, like every e-mailed link).
  linkRoute(
    router,
    API.openingAlertConfirm.path,
    confirmLimiter,
    openingAlertConfirmSchema,
    ({ token }) => confirmOpeningAlert(token),
  );
  router.post(
    API.openingAlerts.path,
    requireJsonBody,
    limiter,
    withBody(openingAlertSchema, async ({ email }, _req, res) => {
      // Under the door caps (abuse/door-caps.ts); past the mail gate's limits nothing is
      // stored and the answer says when to try again.
      const mail = {
        kind: 'opening-alert-confirm',
        sender: mailSenderOf(res),
        past: 'refuse',
      } as const;
      await withRetryAfter(res, () =>
        admitDoorRequest('opening-alert', email, caps, mail, (tx) => saveOpeningAlert(tx, email)),
      );
      const body: MessageResponse = { message: OPENING_ALERT_MESSAGES.saved };
      res.status(202).json(body);
    }),
  );
  return router;
}

/**
 * Public: no personal data, the same for everyone, read on every public page load. Hosting's CDN
 * keeps it PUBLIC_COHORTS_CACHE_SECONDS (a busy home page costs one call per edge location every
 * few minutes), browsers ask the CDN again each time; a coordinator's edit shows within that time.
 * Set only on success: an error stays `no-store` (app.ts).
 */
export const publicCohortsRouter = Router();
publicCohortsRouter.get(API.currentCohort.path, async (_req, res) => {
  const answer = await getPublicCohorts();
  res.set('Cache-Control', PUBLIC_COHORTS_CACHE_CONTROL);
  res.json(answer);
});
