/** Public routes: the two application forms and the (not integrated) LinkedIn auto-fill. */
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
import { ApiError } from '../http/errors';
import { requireJsonBody } from '../http/request-guards';
import { validate } from '../http/validate';
import { registerMentor, registerStudent } from './service';

export const registrationsRouter = Router();

registrationsRouter.post(
  '/mentor-registration',
  requireJsonBody,
  validate(mentorApplicationSchema),
  handle(async (req, res) => {
    const body: CreatedResponse = { id: await registerMentor(req.body as MentorApplication) };
    res.status(201).json(body);
  }),
);

registrationsRouter.post(
  '/student-registration',
  requireJsonBody,
  validate(studentApplicationSchema),
  handle(async (req, res) => {
    const body: CreatedResponse = { id: await registerStudent(req.body as StudentApplication) };
    res.status(201).json(body);
  }),
);

registrationsRouter.post(
  '/linkedin-autofill',
  requireJsonBody,
  validate(linkedinAutofillSchema),
  () => {
    throw new ApiError('not-implemented', TOASTS.linkedinIntegrationRequired.description);
  },
);
