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
import { handle } from '../http/handler';
import {
  TOASTS,
  linkedinAutofillSchema,
  mentorApplicationSchema,
  studentApplicationSchema,
  type CreatedResponse,
  type MentorApplication,
  type StudentApplication,
} from '@mentorship/domain';
import { honeypot } from '../abuse/honeypot';
import type { RateLimiter } from '../abuse/rate-limit';
import { ApiError } from '../http/errors';
import { requireJsonBody } from '../http/request-guards';
import { validate } from '../http/validate';
import { registerMentor, registerStudent } from './service';

export function createRegistrationsRouter(rateLimiter: RateLimiter): Router {
  const registrationsRouter = Router();

  registrationsRouter.post(
    '/mentor-registration',
    requireJsonBody,
    honeypot,
    validate(mentorApplicationSchema),
    handle(async (req, res) => {
      const application = req.body as MentorApplication;
      const id = await rateLimiter.inTransaction(req, res, (counter) =>
        registerMentor(application, counter),
      );
      const body: CreatedResponse = { id };
      res.status(201).json(body);
    }),
  );

  registrationsRouter.post(
    '/student-registration',
    requireJsonBody,
    honeypot,
    validate(studentApplicationSchema),
    handle(async (req, res) => {
      const application = req.body as StudentApplication;
      const id = await rateLimiter.inTransaction(req, res, (counter) =>
        registerStudent(application, counter),
      );
      const body: CreatedResponse = { id };
      res.status(201).json(body);
    }),
  );

  registrationsRouter.post(
    '/linkedin-autofill',
    rateLimiter,
    requireJsonBody,
    validate(linkedinAutofillSchema),
    () => {
      throw new ApiError('not-implemented', TOASTS.linkedinIntegrationRequired.description);
    },
  );

  return registrationsRouter;
}
