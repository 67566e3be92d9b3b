/**
 * Public routes: the two application forms and the (not integrated) LinkedIn auto-fill, under one
 * per-client allowance.
 *
 * A form post is checked first (JSON, honeypot, schema) and counted only when it reaches
 * Firestore: the counter is read and written in the transaction that stores the application
 * (see rate-limit.ts), so an accepted application costs one read and one commit. Posts refused
 * before that (415, 400, a filled honeypot's fake 201) write nothing and are not counted; an
 * answer that reveals stored data (409: this e-mail has applied) is counted, so the allowance
 * still caps how many addresses a client can probe. The auto-fill is counted by the middleware.
 */
import { Router } from 'express';
import {
  TOASTS,
  apiPaths,
  linkedinAutofillSchema,
  mentorApplicationSchema,
  studentApplicationSchema,
  type CreatedResponse,
} from '@mentorship/domain';
import { honeypot } from '../abuse/honeypot';
import type { RateLimiter } from '../abuse/rate-limit';
import { DomainError } from '../shared/errors';
import { requireJsonBody } from '../http/request-guards';
import { withBody } from '../http/route';
import { validate } from '../http/validate';
import { registerMentor, registerStudent } from './service';

export function createRegistrationsRouter(rateLimiter: RateLimiter): Router {
  const registrationsRouter = Router();

  registrationsRouter.post(
    apiPaths.mentorRegistration,
    requireJsonBody,
    honeypot,
    withBody(mentorApplicationSchema, async (application, req, res) => {
      const id = await rateLimiter.inTransaction(req, res, (counter) =>
        registerMentor(application, counter),
      );
      const body: CreatedResponse = { id };
      res.status(201).json(body);
    }),
  );

  registrationsRouter.post(
    apiPaths.studentRegistration,
    requireJsonBody,
    honeypot,
    withBody(studentApplicationSchema, async (application, req, res) => {
      const id = await rateLimiter.inTransaction(req, res, (counter) =>
        registerStudent(application, counter),
      );
      const body: CreatedResponse = { id };
      res.status(201).json(body);
    }),
  );

  registrationsRouter.post(
    apiPaths.linkedinAutofill,
    rateLimiter,
    requireJsonBody,
    validate(linkedinAutofillSchema),
    () => {
      throw new DomainError('not-implemented', TOASTS.linkedinIntegrationRequired.description);
    },
  );

  return registrationsRouter;
}
