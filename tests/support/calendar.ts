/**
 * The calendar format check of an invitation's `.ics` (our own generator is not trusted to judge
 * its own output, so the file is parsed back by an independent parser): what a calendar
 * application requires of an iTIP invitation (RFC 5545 iCalendar, RFC 5546 REQUEST and CANCEL),
 * read with ical.js, which shares no code with the program's writer
 * (functions/src/calendar/ics.ts, reached through the lifecycle, calendar/lifecycle.ts).
 * calendar-read.ts reads every field back with ical.js and node-ical.
 *
 * `calendarFormatProblems` lists every rule a file breaks (none: it imports); `importedEvent` is
 * the event as a calendar reads it after a round trip through ical.js's Component and Event (parsed,
 * written out again, parsed again: the same event). The tests of every calendar file (interviews,
 * planned sessions, the program's events) read their files back with `importedEvent`.
 */
import ICAL from 'ical.js';
import type { QueuedMail } from './inbox';

const CRLF_LINES = /\r\n/;
/** RFC 5545 3.1: a content line is folded at 75 octets. */
const MAX_LINE_OCTETS = 75;

/** The event as a calendar imports it. */
export interface ImportedEvent {
  method: string;
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  /** ISO instant of the start. */
  start: string;
  /** The DTSTART line as written (a UTC time ends in Z). */
  dtstartRaw: string;
  /** Whether DTSTART is a UTC time (ends in Z, no TZID). */
  utc: boolean;
  /** The length in seconds. */
  duration: number;
  organizer: string;
  attendees: string[];
}

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);
const mailto = (value: unknown) => text(value).replace(/^mailto:/i, '');

/** Every rule of the calendar format the file breaks, in words (empty: it imports). */
export function calendarFormatProblems(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith('\r\n') || ics.split(CRLF_LINES).some((line) => line.includes('\n'))) {
    problems.push('lines must end in CRLF');
  }
  for (const line of ics.split(CRLF_LINES)) {
    if (Buffer.byteLength(line, 'utf8') > MAX_LINE_OCTETS) {
      problems.push(`line longer than ${MAX_LINE_OCTETS} octets: ${line.slice(0, 30)}…`);
    }
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch (error) {
    return [...problems, `not iCalendar: ${String(error)}`];
  }
  if (calendar.name !== 'vcalendar') problems.push('the file is not a VCALENDAR');
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION must be 2.0');
  if (!text(calendar.getFirstPropertyValue('prodid'))) problems.push('PRODID is missing');
  const method = text(calendar.getFirstPropertyValue('method'));
  if (!['REQUEST', 'CANCEL'].includes(method)) problems.push(`METHOD ${method || 'missing'}`);

  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) problems.push(`one VEVENT expected, found ${events.length}`);
  const vevent = events[0];
  if (!vevent) return problems;
  for (const required of ['dtstamp', 'uid', 'dtstart', 'sequence', 'organizer', 'summary']) {
    if (vevent.getAllProperties(required).length !== 1) {
      problems.push(`the VEVENT needs exactly one ${required.toUpperCase()}`);
    }
  }
  const hasEnd = vevent.hasProperty('dtend');
  const hasDuration = vevent.hasProperty('duration');
  if (hasEnd === hasDuration) problems.push('the VEVENT needs DTEND or DURATION, not both');
  if (vevent.getAllProperties('attendee').length === 0) problems.push('no ATTENDEE');
  const dtstamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
  if (dtstamp && dtstamp.zone?.tzid !== 'UTC') problems.push('DTSTAMP must be in UTC');
  if (method === 'CANCEL' && vevent.getFirstPropertyValue('status') !== 'CANCELLED') {
    problems.push('a CANCEL must carry STATUS:CANCELLED');
  }
  // The round trip: written out by ical.js and read again, the same event.
  try {
    const again = new ICAL.Component(ICAL.parse(calendar.toString()));
    const before = new ICAL.Event(vevent);
    const after = new ICAL.Event(again.getFirstSubcomponent('vevent') ?? undefined);
    if (
      before.uid !== after.uid ||
      before.sequence !== after.sequence ||
      before.startDate.compare(after.startDate) !== 0 ||
      before.endDate.compare(after.endDate) !== 0 ||
      before.summary !== after.summary
    ) {
      problems.push('the event changes in a round trip through ical.js');
    }
  } catch (error) {
    problems.push(`the round trip through ical.js fails: ${String(error)}`);
  }
  return problems;
}

/** The event as a calendar imports it (after the format check: call that first). */
export function importedEvent(ics: string): ImportedEvent {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart');
  return {
    method: text(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
    summary: event.summary,
    start: event.startDate.toJSDate().toISOString(),
    dtstartRaw: ics.split(/\r?\n/).find((line) => line.startsWith('DTSTART')) ?? '',
    utc: event.startDate.zone?.tzid === 'UTC' && !dtstart?.getParameter('tzid'),
    duration: event.duration.toSeconds(),
    organizer: mailto(vevent.getFirstPropertyValue('organizer')),
    attendees: event.attendees.map((p) => mailto(p.getFirstValue())),
  };
}

/** Each queued mail's attached `.ics` with its event as a calendar imports it; fails on a mail without one. */
export const attachedEvents = (mails: QueuedMail[]) =>
  mails.map((m) => {
    const file = m.message.attachments?.[0];
    if (!file) throw new Error(`no .ics on "${m.message.subject}"`);
    return { file, ics: importedEvent(file.content) };
  });

/**
 * The three files one person receives for an event that is invited, moved and cancelled:
 * REQUEST, REQUEST, CANCEL of one UID (`uid` its pattern) with SEQUENCE 0, 1, 2, the last
 * CANCELLED. Returns the three events, for what the caller checks of each.
 */
export function expectInvitedMovedCancelled(
  files: ReturnType<typeof attachedEvents>,
  uid: RegExp,
): (ImportedEvent | undefined)[] {
  const [a, b, c] = files.map((f) => f.ics);
  expect(files.map((f) => f.file.contentType)).toEqual([
    'text/calendar; charset=utf-8; method=REQUEST',
    'text/calendar; charset=utf-8; method=REQUEST',
    'text/calendar; charset=utf-8; method=CANCEL',
  ]);
  expect([a?.method, b?.method, c?.method]).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
  expect(a?.uid).toMatch(uid);
  expect(new Set([a?.uid, b?.uid, c?.uid]).size).toBe(1);
  expect([a?.sequence, b?.sequence, c?.sequence]).toEqual([0, 1, 2]);
  expect(c?.status).toBe('CANCELLED');
  return [a, b, c];
}
