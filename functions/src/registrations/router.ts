/**
 * Public routes: the two application forms and the (not integrated) LinkedIn auto-fill. Each
 * POST passes the per-client rate limit first; the forms then drop honeypot posts.
 */
import { Router, type RequestHandler } from 'express';
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
import { ApiError } from '../http/errors';
import { requireJsonBody } from '../http/request-guards';
import { validate } from '../http/validate';
import { registerMentor, registerStudent } from './service';

export function createRegistrationsRouter(rateLimiter: RequestHandler): Router {
  const registrationsRouter = Router();

  registrationsRouter.post(
    '/mentor-registration',
    rateLimiter,
    requireJsonBody,
    honeypot,
    validate(mentorApplicationSchema),
    handle(async (req, res) => {
      const body: CreatedResponse = { id: await registerMentor(req.body as MentorApplication) };
      res.status(201).json(body);
    }),
  );

  registrationsRouter.post(
    '/student-registration',
    rateLimiter,
    requireJsonBody,
    honeypot,
    validate(studentApplicationSchema),
    handle(async (req, res) => {
      const body: CreatedResponse = { id: await registerStudent(req.body as StudentApplication) };
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
