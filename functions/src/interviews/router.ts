/**
 * Screening interviews. Admin (behind requireAdmin, like all /api/admin): the slots (publish,
 * remove an unbooked one, cancel a booked one's interview), the coming days' interviews, a mentor's interview and its outcome. The applicant's door
 * (signed in by an e-mail link): GET their booking and the open slots, PUT `{ slotId }` books or
 * moves, DELETE cancels.
 */
import { Router, type RequestHandler } from 'express';
import {
  isDocumentId,
  INTERVIEW_MESSAGES,
  bookInterviewSchema,
  interviewOutcomeSchema,
  API,
  interviewSlotSchema,
} from '@mentorship/domain';
// `req.admin`: the admin gate sets it and declares its type.
import type {} from '../http/authenticate';
import { applicantOf, requireApplicant } from '../http/authenticate-applicant';
import { requireJsonBody } from '../http/request-guards';
import { idOf, respondWith, routerWithIds, withBody } from '../http/route';
import { DomainError } from '../shared/errors';
import {
  bookInterview,
  cancelBookedSlot,
  cancelInterview,
  deleteSlot,
  listSlots,
  mentorInterview,
  myInterview,
  publishSlot,
  recordOutcome,
  upcomingInterviews,
} from './service';

export const interviewsAdminRouter = routerWithIds('Interview slot');

interviewsAdminRouter.get(
  API.interviewSlots.path,
  respondWith(async () => ({ slots: await listSlots() })),
);

interviewsAdminRouter.post(
  API.interviewSlots.path,
  ...withBody(interviewSlotSchema, async (input, req, res) => {
    const admin = req.admin;
    if (!admin?.email) throw new DomainError('permission-denied', 'Sign in again.');
    const slot = await publishSlot(input, { uid: admin.uid, email: admin.email });
    res.status(201).json({ slot, message: INTERVIEW_MESSAGES.published });
  }),
);

interviewsAdminRouter.delete(API.interviewSlot.path, async (req, res) => {
  await deleteSlot(idOf(req));
  res.json({ message: INTERVIEW_MESSAGES.deleted });
});

interviewsAdminRouter.post(API.interviewSlotCancel.path, async (req, res) => {
  await cancelBookedSlot(idOf(req));
  res.json({ message: INTERVIEW_MESSAGES.slotCancelled });
});

interviewsAdminRouter.get(
  API.interviewsUpcoming.path,
  respondWith(async () => ({ interviews: await upcomingInterviews() })),
);

interviewsAdminRouter.get(
  API.mentorInterview.path,
  respondWith((req) => mentorInterview(idOf(req))),
);

interviewsAdminRouter.post(
  API.mentorInterviewOutcome.path,
  ...withBody(interviewOutcomeSchema, async (input, req, res) => {
    res.json({
      ...(await recordOutcome(idOf(req), input)),
      message: INTERVIEW_MESSAGES.outcomeSaved,
    });
  }),
);

/** The applicant router already signed the request in for all of /api/me; alone, this does. */
const signedIn: RequestHandler = (req, res, next) => {
  if (req.applicant) next();
  else requireApplicant(req, res, next);
};

export const interviewsApplicantRouter = Router();

interviewsApplicantRouter.get(
  API.myInterview.path,
  signedIn,
  respondWith((req) => myInterview(applicantOf(req).email)),
);

interviewsApplicantRouter.put(
  API.myInterview.path,
  signedIn,
  requireJsonBody,
  ...withBody(bookInterviewSchema, async ({ slotId }, req, res) => {
    if (!isDocumentId(slotId)) {
      throw new DomainError('not-found', INTERVIEW_MESSAGES.slotGone);
    }
    res.json(await bookInterview(applicantOf(req).email, slotId));
  }),
);

interviewsApplicantRouter.delete(
  API.myInterview.path,
  signedIn,
  respondWith((req) => cancelInterview(applicantOf(req).email)),
);
