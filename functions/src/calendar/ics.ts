/**
 * The iCalendar text (RFC 5545) of one event, written here line by line. Only the lifecycle
 * (lifecycle.ts) calls it: every feature asks the lifecycle, never this file.
 *
 * Written by hand rather than by the `ics` library, because the library broke the program's
 * promises in two ways that post-processing could not repair safely: it wrote a double quote in a
 * name as `\"` inside a quoted parameter (RFC 5545 forbids a quote there; RFC 6868 writes `^'`),
 * so one parser cut the name short and another dropped the attendee; and it validated URLs with a
 * regular expression of its own, throwing on links the forms accept (a host in capitals, a
 * one-digit port), which turned a saved event into a 500 and no invitations. The handful of
 * properties the program needs fit in a few lines, each encoded as the RFCs say:
 * text values escaped (RFC 5545 3.3.11), parameter values quoted with RFC 6868's caret escapes,
 * every line folded at 75 octets of UTF-8 (RFC 5545 3.1).
 */
import { PROGRAM, formatInterviewTime, isIanaZone, isStrictEmail } from '@mentorship/domain';

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

/** 20310311T153000Z: a UTC date-time (RFC 5545 3.3.5, form 2). */
const utcStamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** C0 and C1 controls and DEL. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

/**
 * Every way a reader may end a line: CRLF, a lone CR, and NEL, LS and PS, which some parsers
 * split lines on. Each becomes one `\n`, written escaped, so no value can start a new line.
 */
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

/** The text without control characters (a line break kept when `keepLineBreaks`). */
const withoutControls = (value: string, keepLineBreaks: boolean): string =>
  [...value].filter((c) => !isControl(c) || (keepLineBreaks && c === '\n')).join('');

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, a line break written
 * `\n`; other control characters cannot appear in a content line and are dropped.
 */
export function escapeText(value: string): string {
  return withoutControls(value.replace(LINE_BREAKS, '\n'), true)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/**
 * A parameter value, always quoted (RFC 5545 3.2), with RFC 6868's escapes: `^` as `^^`, a line
 * break as `^n`, a double quote as `^'`. Other control characters are dropped.
 */
export function paramValue(value: string): string {
  const encoded = withoutControls(value.replace(LINE_BREAKS, '\n'), true)
    .replace(/\^/g, '^^')
    .replace(/\n/g, '^n')
    .replace(/"/g, "^'");
  return `"${encoded}"`;
}

/**
 * A URI value (RFC 5545 3.3.13) is written as it is, unescaped; a line break or a control
 * character would end the content line, so a URI holding one is not written at all.
 */
const safeUri = (value: string): string | null =>
  withoutControls(value, false) === value && !value.includes(' ') ? value : null;

/**
 * An organizer's or attendee's address (a CAL-ADDRESS: a URI, written unescaped). A line break in
 * it would end the line and start another attendee or property of the sender's choosing, and
 * `; : , "` would be read as parameters or values, so only a plain address (the strict syntax
 * every form checks, `isStrictEmail`) is written. The forms refuse anything else; an attendee
 * stored before them or by other means is left out of the file (`eventIcs`), so one such record
 * never stops the invitations, reminders and cancellations of everyone else in a daily run.
 */
const mailto = (email: string): string => `mailto:${email}`;

/** The `.ics` text of an event's invitation (REQUEST) or its cancellation (CANCEL). */
export function eventIcs(event: CalendarEvent, method: IcsMethod, now = new Date()): string {
  const end = new Date(event.startsAt.getTime() + event.minutes * 60_000);
  const url = event.url ? safeUri(event.url) : null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(`-//bridge-mentorship//${event.productId}//EN`)}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(url ? [`URL:${url}`] : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${paramValue(PROGRAM.name)}:${mailto(PROGRAM.mail.contact)}`,
    ...event.attendees
      .filter((a) => isStrictEmail(a.email))
      .map(
        (a) =>
          // Without a name the address is what calendars show, so it is the name.
          `ATTENDEE;CN=${paramValue(a.name || a.email)};ROLE=${a.role ?? 'REQ-PARTICIPANT'};PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(a.email)}`,
      ),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return foldLines(`${lines.join('\r\n')}\r\n`);
}

/** RFC 5545 3.1: content lines are folded at 75 octets. */
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

/**
 * "Tue, Dec 1, 2026, 10:00 AM UTC, 20 minutes": the time a message states, in the site's one
 * date locale (dates.ts), in the reader's own IANA time zone when it is known (then named, e.g.
 * "GMT+9"), else in UTC.
 */
export function whenText(startsAt: Date, minutes: number, timeZone?: string | null): string {
  const zone = timeZone && isIanaZone(timeZone) ? timeZone : 'UTC';
  return `${formatInterviewTime(startsAt.toISOString(), zone)}, ${minutes} minutes`;
}
