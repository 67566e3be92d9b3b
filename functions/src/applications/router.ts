/**
 * Public routes: the two application forms and the (not integrated) LinkedIn auto-fill, under one
 * per-client allowance and the program-wide caps (abuse/public-caps.ts).
 *
 * A form post is checked first (JSON, honeypot, schema) and counted only when it reaches
 * Firestore: the client's counter and the caps are read and written in the transaction that
 * stores the application (applications/submit.ts). Posts refused before that (415, 400, a
 * filled honeypot's fake 201) write nothing and are not counted. A second application for an
 * address is answered exactly as a new one (201, an id, the same headers): the address's owner
 * is told by e-mail instead, so the answer never reveals who has applied. The auto-fill is
 * counted by the middleware.
 */
import { Router, type Request, type Response } from 'express';
import {
  TOASTS,
  API,
  linkedinAutofillSchema,
  mentorApplicationSchema,
  studentApplicationSchema,
  type CreatedResponse,
} from '@mentorship/domain';
import { honeypot } from '../abuse/honeypot';
import type { CapsConfig } from '../abuse/public-caps';
import type { RateLimiter } from '../abuse/rate-limit';
import type { TransactionStep } from '../application-locks/repository';
import { DomainError } from '../shared/errors';
import { requireJsonBody } from '../http/request-guards';
import { withBody } from '../http/route';
import { validate } from '../http/validate';
import { CapReached } from './submit';
import { registerMentor, registerStudent } from './service';

export function createApplicationsRouter(rateLimiter: RateLimiter, caps: CapsConfig): Router {
  const applicationsRouter = Router();

  /** Runs one application and answers 201 with its id (a made-up one for a duplicate). */
  const register =
    <T>(store: (application: T, counter: TransactionStep, caps: CapsConfig) => Promise<string>) =>
    async (application: T, req: Request, res: Response) => {
      try {
        const id = await rateLimiter.inTransaction(req, res, (counter) =>
          store(application, counter, caps),
        );
        const body: CreatedResponse = { id };
        res.status(201).json(body);
      } catch (error) {
        if (error instanceof CapReached) res.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    };

  applicationsRouter.post(
    API.mentorApplication.path,
    requireJsonBody,
    honeypot,
    withBody(mentorApplicationSchema, register(registerMentor)),
  );

  applicationsRouter.post(
    API.studentApplication.path,
    requireJsonBody,
    honeypot,
    withBody(studentApplicationSchema, register(registerStudent)),
  );

  applicationsRouter.post(
    API.linkedinAutofill.path,
    rateLimiter,
    requireJsonBody,
    validate(linkedinAutofillSchema),
    () => {
      throw new DomainError('not-implemented', TOASTS.linkedinIntegrationRequired.description);
    },
  );

  return applicationsRouter;
}
