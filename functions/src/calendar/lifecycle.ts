/**
 * The one lifecycle of everything the program puts in someone's calendar (screening interviews,
 * planned sessions, the cohort's events). A feature keeps a thread (UID and the SEQUENCE last
 * sent) with its own record and asks this module for each step; the module decides what the
 * calendar file says, so the rules hold for every feature at once:
 *
 * - invite: a new UID at SEQUENCE 0; inviting again after a cancellation keeps the UID and
 *   raises the SEQUENCE, so calendars restore the same event instead of holding two;
 * - update: the same UID, the next SEQUENCE, METHOD:REQUEST (calendars replace the event);
 * - cancel: the same UID, the next SEQUENCE, METHOD:CANCEL with STATUS:CANCELLED;
 * - revoke: a cancellation because the host or a guest left (access ended, pair ended): the
 *   same file as cancel, named apart so a feature states why in its message;
 * - remind: no file (the invitation already put the event in the calendar), the thread unchanged.
 *
 * Only this folder writes iCalendar text, and only this file calls ics.ts: `producers.test.ts`
 * fails on any other file of the functions that makes a calendar file.
 */
import { randomUUID } from 'node:crypto';
import { PROGRAM, type EmailAttachment } from '@mentorship/domain';
import { eventIcs, whenText, type CalendarEvent, type IcsMethod } from './ics';

export { whenText, type IcsMethod };
export type { CalendarAttendee } from './ics';

export type CalendarStep = 'invite' | 'update' | 'cancel' | 'revoke' | 'remind';

/** What a feature stores to keep one calendar event the same event for its whole life. */
export interface CalendarThread {
  uid: string;
  /** The SEQUENCE last sent (0 for the first invitation). */
  sequence: number;
}

/** An event as a feature describes it; the thread supplies UID and SEQUENCE. */
export type CalendarEventDetails = Omit<CalendarEvent, 'uid' | 'sequence'>;

const UID_DOMAIN = PROGRAM.mail.contact.split('@')[1] ?? 'bridgementorship.org';

/** A fresh UID (`<prefix>-<uuid>@<the program's domain>`), for an event never sent before. */
export const newCalendarUid = (prefix: string): string => `${prefix}-${randomUUID()}@${UID_DOMAIN}`;

/**
 * The thread a step sends. `previous`: the thread as last sent, or null when nothing was sent yet
 * (an invite then starts a new UID with `prefix`; any other step without a thread is a mistake).
 */
export function threadAfter(
  step: CalendarStep,
  previous: CalendarThread | null | undefined,
  prefix = 'event',
): CalendarThread {
  if (step === 'invite' && !previous) return { uid: newCalendarUid(prefix), sequence: 0 };
  if (!previous) throw new Error(`A calendar ${step} needs the event's thread`);
  if (step === 'remind') return { ...previous };
  return { uid: previous.uid, sequence: previous.sequence + 1 };
}

/** The METHOD a step's file carries; a reminder carries none. */
export const METHOD_OF: Record<CalendarStep, IcsMethod | null> = {
  invite: 'REQUEST',
  update: 'REQUEST',
  cancel: 'CANCEL',
  revoke: 'CANCEL',
  remind: null,
};

/**
 * The files a step's message carries (none for a reminder): `name` is the file's name without
 * `.ics`, `thread` the thread this step sends (`threadAfter`).
 */
export function calendarFiles(
  step: CalendarStep,
  name: string,
  thread: CalendarThread,
  event: CalendarEventDetails,
  now = new Date(),
): EmailAttachment[] {
  const method = METHOD_OF[step];
  if (!method) return [];
  return [
    {
      filename: method === 'CANCEL' ? `${name}-cancelled.ics` : `${name}.ics`,
      // Only the thread's UID and SEQUENCE: a feature's record may hold other fields by those names.
      content: eventIcs({ ...event, uid: thread.uid, sequence: thread.sequence }, method, now),
      contentType: `text/calendar; charset=utf-8; method=${method}`,
    },
  ];
}
