/**
 * The program's events on each cohort: the orientation for mentors (and one for
 * students when the coordinators set one) and the closing event. Each is stored on the cohort
 * (`cohorts/{id}.events.{kind}`) as a UTC instant chosen in the coordinator's own time zone (the
 * zone is kept to state the time in e-mails), a length and a place or an https link. Every person
 * invited has one `eventInvitations` document per event (one calendar UID for its whole life;
 * SEQUENCE rises on each change, a removal cancels), with their reply (the closing event) and
 * whether they attended.
 *
 * Who is invited:
 * - mentor orientation: every approved mentor of the cohort who has not attended it (a mentor
 *   approved later is invited in the approval's transaction);
 * - student orientation: every approved student of the cohort who has not attended it;
 * - closing event: the students and mentors of the cohort's pairs, except pairs ended for a
 *   reason other than "goals met" (an ended pair whose goals were met has finished the program).
 */
import { boolean, mixed, object, string, type InferType } from 'yup';
import { wholeNumber } from './schemas';
import { JOIN_LINK_MESSAGE, isJoinLink, normaliseJoinLink } from './join-links';
import { API, apiUrl } from './api-paths';
import { LINK_TOKEN_PATTERN } from './links';
import type { PersonKind } from './people';
import { PROGRAM } from './program';
import { hasHiddenCharacters } from './text-safety';
import { isIanaZone } from './time-zones';

export const PROGRAM_EVENT_KINDS = [
  'closing',
  'mentor-orientation',
  'student-orientation',
] as const;
export type ProgramEventKind = (typeof PROGRAM_EVENT_KINDS)[number];
export const isProgramEventKind = (value: unknown): value is ProgramEventKind =>
  typeof value === 'string' && (PROGRAM_EVENT_KINDS as readonly string[]).includes(value);

export const PROGRAM_EVENT_LABELS: Record<ProgramEventKind, string> = {
  closing: 'Closing event',
  'mentor-orientation': 'Orientation for mentors',
  'student-orientation': 'Orientation for students',
};

const EVENT_MINUTES = { min: 15, max: 480 } as const;
const EVENT_WHERE_MAX = 300;

export const PROGRAM_EVENT_MESSAGES = {
  startsAtRequired: 'Enter a date and time in the future.',
  minutesInvalid: `Enter a length between ${EVENT_MINUTES.min} and ${EVENT_MINUTES.max} minutes.`,
  whereRequired: 'Enter a place, or a link starting with https://.',
  whereNotHttps: 'A link must start with https://.',
  whereTooLong: `At most ${EVENT_WHERE_MAX} characters.`,
  whereHidden: 'Remove the line breaks and invisible characters.',
  timeZoneInvalid: 'Choose a time zone.',
  saved: (label: string) => `${label} saved. Invitations are on their way.`,
  removed: (label: string) => `${label} removed. Cancellations are on their way.`,
  settingsSaved: 'Settings saved.',
  attendanceSaved: 'Attendance saved.',
  orientationRequired:
    'Left out: this cohort requires the orientation for mentors, and they have not attended it.',
  notInvited: 'This person is not invited to this event.',
  unknownEvent: 'There is no such event.',
  replyInvalid: 'This link is not valid. Use the latest e-mail about the closing event.',
  replyGone: 'This invitation no longer stands: the event was removed or has passed.',
  coming: "Thank you: you're coming. See you there!",
  notComing: "Thank you for letting us know you can't come.",
} as const;

/** A link only if it starts with http(s); a place otherwise. A link must be https. */
export const looksLikeLink = (where: string): boolean => /^https?:\/\//i.test(where.trim());

/** PUT /api/admin/cohorts/:id/events/:kind, and the cohort's Events form. */
export const programEventSchema = object({
  /** The UTC instant (ISO 8601), chosen in the coordinator's zone. */
  startsAt: string()
    .trim()
    .required(PROGRAM_EVENT_MESSAGES.startsAtRequired)
    .typeError(PROGRAM_EVENT_MESSAGES.startsAtRequired)
    .test('instant', PROGRAM_EVENT_MESSAGES.startsAtRequired, (v) => {
      if (!v) return true;
      const t = Date.parse(v);
      return !Number.isNaN(t) && /Z$|[+-]\d{2}:\d{2}$/.test(v) && t > Date.now();
    }),
  minutes: wholeNumber(EVENT_MINUTES.min, EVENT_MINUTES.max, PROGRAM_EVENT_MESSAGES.minutesInvalid),
  where: string()
    .trim()
    .required(PROGRAM_EVENT_MESSAGES.whereRequired)
    .typeError(PROGRAM_EVENT_MESSAGES.whereRequired)
    .max(EVENT_WHERE_MAX, PROGRAM_EVENT_MESSAGES.whereTooLong)
    .test('one-line', PROGRAM_EVENT_MESSAGES.whereHidden, (v) => !v || !hasHiddenCharacters(v))
    // A link follows the one rule of a join link (join-links.ts), its host stored in lower case.
    .transform((v: unknown) =>
      typeof v === 'string' && looksLikeLink(v) ? normaliseJoinLink(v) : v,
    )
    .test('https', PROGRAM_EVENT_MESSAGES.whereNotHttps, (v) => !v || !/^http:/i.test(v.trim()))
    .test('join-link', JOIN_LINK_MESSAGE, (v) => !v || !/^https:/i.test(v) || isJoinLink(v)),
  /** The coordinator's IANA zone, to state the time in e-mails. */
  timeZone: string()
    .trim()
    .default('UTC')
    .test('zone', PROGRAM_EVENT_MESSAGES.timeZoneInvalid, (v) => !v || isIanaZone(v)),
});
export type ProgramEventInput = InferType<typeof programEventSchema>;

/** An event as stored on the cohort. `revision` rises on each change. */
export interface ProgramEvent {
  startsAt: string;
  minutes: number;
  where: string;
  timeZone: string;
  revision: number;
}

export type ProgramEvents = Partial<Record<ProgramEventKind, ProgramEvent>>;

export const CERTIFICATES_AFTER = ['program-end', 'closing-event'] as const;
export type CertificatesAfter = (typeof CERTIFICATES_AFTER)[number];
export const CERTIFICATES_AFTER_LABELS: Record<CertificatesAfter, string> = {
  'program-end': "At the program's end",
  'closing-event': 'After the closing event',
};

/** PUT /api/admin/cohorts/:id/event-settings. */
export const eventSettingsSchema = object({
  proposalRequiresOrientation: boolean().required().typeError('Choose yes or no.').default(false),
  certificatesAfter: mixed<CertificatesAfter>()
    .oneOf([...CERTIFICATES_AFTER], 'Choose when certificates are sent.')
    .required('Choose when certificates are sent.')
    .default('program-end'),
});
export type EventSettings = InferType<typeof eventSettingsSchema>;
export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  proposalRequiresOrientation: false,
  certificatesAfter: 'program-end',
};

const EVENT_REPLIES = ['coming', 'not-coming'] as const;
export type EventReply = (typeof EVENT_REPLIES)[number];
export const EVENT_REPLY_LABELS: Record<EventReply, string> = {
  coming: "I'm coming",
  'not-coming': "I can't come",
};

/** PUT .../events/:kind/attendance. */
export const attendanceSchema = object({
  personKind: mixed<PersonKind>().oneOf(['student', 'mentor']).required(),
  personId: string().trim().required().max(128),
  attended: boolean().required().typeError('Choose yes or no.'),
});
export type AttendanceInput = InferType<typeof attendanceSchema>;

/** POST /api/closing-event/view and /reply (the token of the e-mailed link, in the body). */
export const closingEventTokenSchema = object({
  token: string()
    .trim()
    .required(PROGRAM_EVENT_MESSAGES.replyInvalid)
    .matches(LINK_TOKEN_PATTERN, PROGRAM_EVENT_MESSAGES.replyInvalid),
});
export const closingEventReplySchema = closingEventTokenSchema.shape({
  answer: mixed<EventReply>()
    .oneOf([...EVENT_REPLIES], 'Choose a reply.')
    .required('Choose a reply.'),
});

/** The page a closing-event e-mail links to (`#token=` in the fragment). */
export const CLOSING_EVENT_PAGE = '/closing-event';

export const programEventPaths = {
  events: (cohortId: string) => apiUrl(API.cohortEvents, { id: cohortId }),
  event: (cohortId: string, kind: ProgramEventKind) =>
    apiUrl(API.cohortEvent, { id: cohortId, kind }),
  attendance: (cohortId: string, kind: ProgramEventKind) =>
    apiUrl(API.cohortEventAttendance, { id: cohortId, kind }),
  settings: (cohortId: string) => apiUrl(API.cohortEventSettings, { id: cohortId }),
  view: API.closingEventView.path,
  reply: API.closingEventReply.path,
} as const;

// --- Views ---------------------------------------------------------------------------------

export interface EventInviteeView {
  personKind: PersonKind;
  personId: string;
  fullName: string;
  reply: EventReply | null;
  attended: boolean | null;
  /** invited: on their calendar; cancelled/dropped: no longer invited. */
  state: 'invited' | 'cancelled' | 'dropped';
}

export interface EventCounts {
  coming: number;
  notComing: number;
  notAnswered: number;
  attended: number;
}

export interface ProgramEventView {
  kind: ProgramEventKind;
  event: ProgramEvent | null;
  invitees: EventInviteeView[];
  counts: EventCounts;
  /** The invitations (or cancellations) of the last change are still going out. */
  sending: boolean;
}

export interface CohortEventsResponse {
  cohortId: string;
  cohortName: string;
  settings: EventSettings;
  events: ProgramEventView[];
}

/** What the public page shows (POST /api/closing-event/view). */
export interface ClosingEventPublicView {
  cohortName: string;
  startsAt: string;
  minutes: number;
  where: string;
  isLink: boolean;
  reply: EventReply | null;
}

export interface ClosingEventReplied {
  message: string;
  reply: EventReply;
}

/** The counts of an event's invitations (only those still invited). */
export function eventCounts(
  invitees: readonly Pick<EventInviteeView, 'reply' | 'attended' | 'state'>[],
): EventCounts {
  const counts: EventCounts = { coming: 0, notComing: 0, notAnswered: 0, attended: 0 };
  for (const i of invitees) {
    if (i.attended) counts.attended += 1;
    if (i.state !== 'invited') continue;
    if (i.reply === 'coming') counts.coming += 1;
    else if (i.reply === 'not-coming') counts.notComing += 1;
    else counts.notAnswered += 1;
  }
  return counts;
}

/** The title of the calendar event. */
export const eventTitle = (kind: ProgramEventKind, cohortName: string): string =>
  `${PROGRAM.name}: ${PROGRAM_EVENT_LABELS[kind].toLowerCase()} (${cohortName})`;
