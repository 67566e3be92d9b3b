/**
 * The program's calendar invitations: `.ics` attachments, which every calendar application
 * imports, one UID per event, updated or cancelled in place rather than sent anew, so nobody's
 * calendar holds a stale copy. An iCalendar file (RFC 5545) made by the `ics` library. An event
 * keeps one UID for its whole life; a change sends the same UID with a higher SEQUENCE (calendars
 * replace the event), a cancellation METHOD:CANCEL with STATUS:CANCELLED (calendars remove it).
 * Times are written in UTC; calendars show them in each person's own zone, and the message's
 * text states the time in the reader's zone when it is known (`whenText`).
 *
 * Every feature that invites (screening interviews, orientation, planned sessions, the closing
 * event) describes its event here and sends the file through the outbox like any message.
 */
import { createEvent, type EventAttributes } from 'ics';
import { PROGRAM, formatInterviewTime, isIanaZone, type EmailAttachment } from '@mentorship/domain';

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface CalendarAttendee {
  name?: string;
  email: string;
  /** CHAIR for the coordinator who hosts, REQ-PARTICIPANT otherwise. */
  role?: 'CHAIR' | 'REQ-PARTICIPANT' | 'OPT-PARTICIPANT';
}

export interface CalendarEvent {
  /** Stable for the event's whole life (moves keep it). */
  uid: string;
  /** 0 when first sent; one more on each change. */
  sequence: number;
  startsAt: Date;
  minutes: number;
  title: string;
  description: string;
  /** A place or a link (shown as the event's location). */
  location?: string;
  /** An https link to join, when there is one. */
  url?: string;
  attendees: CalendarAttendee[];
  /** Which feature made it (the file's PRODID). */
  productId: string;
}

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

/** The `.ics` text of an event's invitation (REQUEST) or its cancellation (CANCEL). */
export function eventIcs(event: CalendarEvent, method: IcsMethod): string {
  const attributes: EventAttributes = {
    productId: `bridge-mentorship/${event.productId}`,
    method,
    uid: event.uid,
    sequence: event.sequence,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.minutes },
    title: event.title,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    ...(event.url ? { url: event.url } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: PROGRAM.name, email: PROGRAM.mail.contact },
    attendees: event.attendees.map((a) => ({
      // Without a name the library writes "Unnamed attendee"; the address is what calendars show.
      name: a.name ?? a.email,
      email: a.email,
      role: a.role ?? 'REQ-PARTICIPANT',
      partstat: 'ACCEPTED' as const,
    })),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return foldLines(value);
}

/** RFC 5545 3.1: content lines are folded at 75 octets (the `ics` library counts characters). */
const MAX_LINE_OCTETS = 75;

/**
 * The file with every content line folded at 75 octets of UTF-8, never inside a character: a
 * name like "José" or a dash in a description keeps a line within what calendars expect.
 */
export function foldLines(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const folded = lines.map((line) => {
    const parts: string[] = [];
    let part = '';
    let octets = 0;
    for (const char of line) {
      const size = Buffer.byteLength(char, 'utf8');
      // The first line holds 75 octets; each continuation line 74 after its leading space.
      if (octets + size > (parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1)) {
        parts.push(part);
        part = '';
        octets = 0;
      }
      part += char;
      octets += size;
    }
    parts.push(part);
    return parts.join('\r\n ');
  });
  return folded.join('\r\n');
}

/** The attachment a message carries for an event (`name`: the file's name without `.ics`). */
export const icsAttachment = (
  name: string,
  event: CalendarEvent,
  method: IcsMethod,
): EmailAttachment => ({
  filename: method === 'CANCEL' ? `${name}-cancelled.ics` : `${name}.ics`,
  content: eventIcs(event, method),
  contentType: `text/calendar; charset=utf-8; method=${method}`,
});

/**
 * "Tue, Dec 1, 2026, 10:00 AM UTC, 20 minutes": the time a message states, in the site's one
 * date locale (dates.ts), in the reader's own IANA time zone when it is known (then named, e.g.
 * "GMT+9"), else in UTC.
 */
export function whenText(startsAt: Date, minutes: number, timeZone?: string | null): string {
  const zone = timeZone && isIanaZone(timeZone) ? timeZone : 'UTC';
  return `${formatInterviewTime(startsAt.toISOString(), zone)}, ${minutes} minutes`;
}
