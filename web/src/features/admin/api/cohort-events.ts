/** A cohort's orientation(s) and closing event: read them, set or remove one, mark attendance. */
import {
  programEventPaths,
  type CohortEventsResponse,
  type EventSettings,
  type MessageResponse,
  type ProgramEventKind,
} from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const getCohortEvents = (cohortId: string) =>
  adminRequest<CohortEventsResponse>(programEventPaths.events(cohortId));

/** `input` sets or changes the event (invitations or updates follow); null removes it. */
export const setCohortEvent = (cohortId: string, kind: ProgramEventKind, input: unknown) =>
  adminRequest<MessageResponse>(programEventPaths.event(cohortId, kind), {
    method: input ? 'PUT' : 'DELETE',
    ...(input ? { body: input } : {}),
  });

export const markAttendance = (
  cohortId: string,
  kind: ProgramEventKind,
  body: { personKind: string; personId: string; attended: boolean },
) =>
  adminRequest<MessageResponse>(programEventPaths.attendance(cohortId, kind), {
    method: 'PUT',
    body,
  });

export const saveEventSettings = (cohortId: string, settings: EventSettings) =>
  adminRequest<MessageResponse>(programEventPaths.settings(cohortId), {
    method: 'PUT',
    body: settings,
  });
