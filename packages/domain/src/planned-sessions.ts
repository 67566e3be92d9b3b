/**
 * Sessions planned, not only logged: either side of a pair proposes a date and time,
 * entered in their own time zone; the other accepts or suggests another time. On acceptance both
 * get a calendar invitation (one UID per planned session for its whole life, SEQUENCE one higher
 * on each change, METHOD:CANCEL on a cancellation) and, the day before, a reminder. Cancelling
 * inside 24 hours is allowed, and the partner's message says it came at short notice (the Code of
 * Conduct asks for 24 hours' notice). A planned session that was not logged afterwards becomes
 * the month's check-in question ("did it happen?"), answered with one click.
 *
 * "The day before" (the daily work runs once a day, at 03:00 UTC): each run reminds, once, every
 * accepted session starting after the run and less than 48 hours after it (REMINDER_WINDOW_HOURS)
 * that was accepted at least 24 hours before its start. With runs a day apart that is the last run
 * at least 24 hours before the session (the reminder arrives 24 to 48 hours ahead); a session
 * accepted later than that has its invitation as its notice and gets no reminder.
 *
 * Times are stored as UTC instants (ISO strings); the e-mails state them in each person's own
 * zone (the zone they entered a time in, else the zone on their application, else UTC) and the
 * site in the browser's zone.
 */
import { Temporal } from 'temporal-polyfill';
import { object, string, type InferType } from 'yup';
import { isIsoDay, type IsoDay } from './cohort';
import type { PersonKind } from './people';

export const PLANNED_SESSION_MINUTES = 60;
/** The Code of Conduct's notice for a cancellation. */
const SHORT_NOTICE_HOURS = 24;
/** A run reminds the accepted sessions starting within this many hours after it. */
const REMINDER_WINDOW_HOURS = 48;
/** How many planned sessions a pair may have coming up (proposed or accepted) at once. */
export const MAX_UPCOMING_PLANNED = 3;

export const PLANNED_STATUSES = ['proposed', 'accepted', 'cancelled'] as const;
export type PlannedStatus = (typeof PLANNED_STATUSES)[number];

/** `plannedSessions/{id}`: one planned session of a pair, as stored. */
export interface PlannedSessionDoc {
  pairId: string;
  cohortId: string;
  studentId: string;
  mentorId: string;
  /** The start, a UTC instant (ISO). */
  startsAt: string;
  minutes: number;
  status: PlannedStatus;
  /** Who proposed the time now on the table (the other side accepts). */
  proposedBy: PersonKind;
  /** The IANA zone each side last entered or accepted a time in (their e-mails use it). */
  zones: { student: string | null; mentor: string | null };
  /** The calendar UID, stable for the planned session's whole life. */
  uid: string;
  /** The SEQUENCE of the last calendar file sent (0 for the first invitation). */
  sequence: number;
  /** Whether a calendar invitation was ever sent (a later change or cancel updates it). */
  invited: boolean;
  acceptedAt: string | null;
  remindedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: PersonKind | null;
  /** Cancelled less than SHORT_NOTICE_HOURS before its start. */
  shortNotice: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A planned session on My application (the participant's view). */
export interface PlannedSessionView {
  id: string;
  startsAt: string;
  minutes: number;
  status: Exclude<PlannedStatus, 'cancelled'>;
  proposedBy: PersonKind;
  /** This person may accept it (their partner proposed the time). */
  canAccept: boolean;
  /** It has started (no longer accepted, moved or cancelled, but logged). */
  past: boolean;
  /** A session is logged for its program month. */
  logged: boolean;
  /**
   * Its program day (pair-plan.ts `programDayOf`, the program's zone, UTC): the check-in asks
   * about it and "log it" logs it on this day, so both partners count it in one program month.
   */
  dayUtc: IsoDay;
}

export const PLANNED_MESSAGES = {
  proposed: 'Your proposal is sent. We will e-mail you when your partner answers.',
  accepted: 'Accepted. The calendar invitation is on its way to both of you.',
  countered: 'Your new time is sent to your partner.',
  cancelled: 'The session is cancelled and your partner is told.',
  cancelledShortNotice:
    'The session is cancelled. It starts in less than 24 hours, so your partner is told it was cancelled at short notice.',
  notYours: 'Your partner proposed this time: accept it or suggest another.',
  ownProposal: 'You proposed this time: your partner accepts it or suggests another.',
  gone: 'This planned session was cancelled or has already started.',
  notFound: 'We could not find this planned session.',
  tooMany: `A pair can have at most ${MAX_UPCOMING_PLANNED} sessions planned ahead. Hold or cancel one first.`,
  past: 'Choose a time that has not passed yet.',
  afterProgram: (lastDay: string) => `Choose a day on or before ${lastDay}, the program's end.`,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether an IANA time zone name is known to this runtime. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = string()
  .required('Your time zone is missing: reload the page.')
  .test('zone', 'Your time zone is not recognised: reload the page.', (v) => isTimeZone(v));

/** The body of a proposal or a counter-proposal: a day and a time in the sender's zone. */
export const proposeSessionSchema = object({
  date: string()
    .required('Enter the date of the session.')
    .test('day', 'Enter the date as YYYY-MM-DD.', (v) => isIsoDay(v)),
  time: string()
    .required('Enter the time of the session.')
    .matches(TIME, 'Enter the time as HH:MM (24-hour clock).'),
  timeZone,
});
export type ProposeSessionInput = InferType<typeof proposeSessionSchema>;

/** The body of an acceptance or a cancellation: the zone of the person acting. */
export const plannedActionSchema = object({ timeZone });
export type PlannedActionInput = InferType<typeof plannedActionSchema>;

/**
 * The instant a wall-clock day and time mean in a zone (`2026-12-01`, `10:00`, `Asia/Tokyo` ->
 * 01:00 UTC), by RFC 5545's rule for clock changes (Temporal's `compatible`): a time the clock
 * skips is read with the offset before the change, so it lands as far after the gap's start as it
 * was written (New York 02:30 on the spring-forward night is 03:30 EDT); a time the clock goes
 * through twice is its first occurrence.
 */
export function zonedTimeToUtc(day: IsoDay, time: string, zone: string): Date {
  const wall = Temporal.PlainDateTime.from(`${day}T${time}`);
  return new Date(wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
}

/** The day an instant falls on in a zone (`YYYY-MM-DD`). */
export function dayInZone(instant: Date, zone: string): IsoDay {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant) as IsoDay;
}

/** Cancelled less than SHORT_NOTICE_HOURS before the start. */
export const isShortNotice = (startsAt: string, now: Date): boolean =>
  new Date(startsAt).getTime() - now.getTime() < SHORT_NOTICE_HOURS * 3_600_000;

/**
 * Whether the run at `now` reminds an accepted session (see the file's comment): it starts after
 * `now` and within REMINDER_WINDOW_HOURS, was accepted at least 24 hours before its start, and was
 * not reminded yet.
 */
export function reminderDue(
  doc: Pick<PlannedSessionDoc, 'status' | 'startsAt' | 'acceptedAt' | 'remindedAt'>,
  now: Date,
): boolean {
  if (doc.status !== 'accepted' || doc.remindedAt || !doc.acceptedAt) return false;
  const start = new Date(doc.startsAt).getTime();
  if (start <= now.getTime() || start >= now.getTime() + REMINDER_WINDOW_HOURS * 3_600_000) {
    return false;
  }
  return start - new Date(doc.acceptedAt).getTime() >= SHORT_NOTICE_HOURS * 3_600_000;
}
