/**
 * Public routes: the two application forms and the (not integrated) LinkedIn auto-fill, under one
 * per-client allowance.
 *
 * A form post is checked first (JSON, honeypot, schema) and counted only when it passes: posts
 * refused before that (415, 400, a filled honeypot's fake 201) write nothing and are not
 * counted; an answer that reveals stored data (409: this e-mail has applied) is counted, so the
 * allowance still caps how many addresses a client can probe.
 */
import { Router } from 'express';
import {
  TOASTS,
  apiPaths,
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
    apiPaths.mentorRegistration,
    requireJsonBody,
    honeypot,
    validate(mentorApplicationSchema),
    rateLimiter,
    async (req, res) => {
      const body: CreatedResponse = { id: await registerMentor(req.body as MentorApplication) };
      res.status(201).json(body);
    },
  );

  registrationsRouter.post(
    apiPaths.studentRegistration,
    requireJsonBody,
    honeypot,
    validate(studentApplicationSchema),
    rateLimiter,
    async (req, res) => {
      const body: CreatedResponse = { id: await registerStudent(req.body as StudentApplication) };
      res.status(201).json(body);
    },
  );

  registrationsRouter.post(
    apiPaths.linkedinAutofill,
    rateLimiter,
    requireJsonBody,
    validate(linkedinAutofillSchema),
    () => {
      throw new ApiError('not-implemented', TOASTS.linkedinIntegrationRequired.description);
    },
  );

  return registrationsRouter;
}
