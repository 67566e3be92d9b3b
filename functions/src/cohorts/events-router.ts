/**
 * The program's events on a cohort. Admin (behind requireAdmin):
 * GET /api/admin/cohorts/:id/events, PUT|DELETE /api/admin/cohorts/:id/events/:kind,
 * PUT .../events/:kind/attendance, PUT /api/admin/cohorts/:id/event-settings. Public (limited per
 * link): POST /api/closing-event/view and /reply, by the e-mailed link's token in the body.
 */
import { Router, type Request } from 'express';
import {
  API,
  PROGRAM_EVENT_MESSAGES,
  attendanceSchema,
  closingEventReplySchema,
  closingEventTokenSchema,
  eventSettingsSchema,
  isProgramEventKind,
  programEventSchema,
  type MessageResponse,
  type ProgramEventKind,
} from '@mentorship/domain';
import type { RateLimiter } from '../abuse/rate-limit';
import { idOf, linkRoute, respondWith, routerWithIds, withBody } from '../http/route';
import { DomainError } from '../shared/errors';
import {
  cohortEvents,
  replyClosingEvent,
  saveEvent,
  saveEventSettings,
  setAttendance,
  viewClosingEvent,
} from './events';

const kindOf = (req: Request): ProgramEventKind => {
  const kind = req.params.kind;
  if (!isProgramEventKind(kind))
    throw new DomainError('not-found', PROGRAM_EVENT_MESSAGES.unknownEvent);
  return kind;
};

export const cohortEventsRouter = routerWithIds('Cohort');

cohortEventsRouter.get(
  API.cohortEvents.path,
  respondWith((req) => cohortEvents(idOf(req))),
);

cohortEventsRouter.put(
  API.cohortEvent.path,
  withBody(programEventSchema, async (input, req, res) => {
    const { message } = await saveEvent(idOf(req), kindOf(req), input);
    const body: MessageResponse = { message };
    res.json(body);
  }),
);

cohortEventsRouter.delete(API.cohortEvent.path, async (req, res) => {
  const { message } = await saveEvent(idOf(req), kindOf(req), null);
  const body: MessageResponse = { message };
  res.json(body);
});

cohortEventsRouter.put(
  API.cohortEventAttendance.path,
  withBody(attendanceSchema, async (input, req, res) => {
    await setAttendance(idOf(req), kindOf(req), input);
    const body: MessageResponse = { message: PROGRAM_EVENT_MESSAGES.attendanceSaved };
    res.json(body);
  }),
);

cohortEventsRouter.put(
  API.cohortEventSettings.path,
  withBody(eventSettingsSchema, async (input, req, res) => {
    await saveEventSettings(idOf(req), input);
    const body: MessageResponse = { message: PROGRAM_EVENT_MESSAGES.settingsSaved };
    res.json(body);
  }),
);

export function createClosingEventRouter(limiter: RateLimiter): Router {
  const router = Router();
  linkRoute(router, API.closingEventView.path, limiter, closingEventTokenSchema, ({ token }) =>
    viewClosingEvent(token),
  );
  linkRoute(
    router,
    API.closingEventReply.path,
    limiter,
    closingEventReplySchema,
    ({ token, answer }) => replyClosingEvent(token, answer),
  );
  return router;
}
