/** The closing event's page, by the token of the e-mailed link, and the participant's reply. */
import {
  programEventPaths,
  type ClosingEventPublicView,
  type ClosingEventReplied,
  type EventReply,
} from '@mentorship/domain';
import { apiRequest } from '../../lib/api-client';

export const getClosingEvent = (token: string) =>
  apiRequest<ClosingEventPublicView>(programEventPaths.view, { method: 'POST', body: { token } });

export const replyToClosingEvent = (token: string, answer: EventReply) =>
  apiRequest<ClosingEventReplied>(programEventPaths.reply, {
    method: 'POST',
    body: { token, answer },
  });
