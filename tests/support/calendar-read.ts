/**
 * A calendar file read back by two parsers that share no code with the program's writer:
 * ical.js (Mozilla's, used by Thunderbird) and node-ical. Each gives the same shape, so a test
 * states once what a calendar must see and checks it with both.
 *
 * node-ical does not implement RFC 6868 (it hands a parameter's value over as written), so the
 * names it reads are decoded here by RFC 6868's three rules; ical.js decodes them itself. Without
 * this step node-ical's reading of `Dmitri ^'Dima^' Ivanov` is the raw text, which the tests
 * also check, so a writer that put anything else there still fails.
 */
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';

export interface ReadPerson {
  name: string;
  email: string;
}

export interface ReadEvent {
  method: string;
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  status: string | null;
  /** ISO instants. */
  start: string;
  end: string;
  organizer: ReadPerson;
  attendees: ReadPerson[];
}

const mailto = (value: unknown) => String(value ?? '').replace(/^mailto:/i, '');

/** RFC 6868: `^n` a line break, `^'` a double quote, `^^` a caret; any other `^` stays. */
export const decodeRfc6868 = (value: string): string =>
  value.replace(/\^(\^|n|')/g, (_, c: string) => (c === 'n' ? '\n' : c === "'" ? '"' : '^'));

export function readWithIcalJs(ics: string): ReadEvent {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('ical.js: no VEVENT');
  const event = new ICAL.Event(vevent);
  const person = (p: ICAL.Property | null): ReadPerson => ({
    name: String(p?.getParameter('cn') ?? ''),
    email: mailto(p?.getFirstValue()),
  });
  const text = (name: string) => {
    const v = vevent.getFirstPropertyValue(name);
    return v === null || v === undefined ? null : String(v);
  };
  return {
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    location: text('location'),
    url: text('url'),
    status: text('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: person(vevent.getFirstProperty('organizer')),
    attendees: vevent.getAllProperties('attendee').map(person),
  };
}

interface NodeIcalPerson {
  params?: { CN?: string };
  val?: string;
}

/** The raw CN parameters node-ical hands over (before RFC 6868 decoding). */
export function nodeIcalRawNames(ics: string): string[] {
  const vevent = Object.values(nodeIcal.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT');
  const list = (vevent as { attendee?: NodeIcalPerson | NodeIcalPerson[] } | undefined)?.attendee;
  return (Array.isArray(list) ? list : list ? [list] : []).map((a) => String(a.params?.CN ?? ''));
}

export function readWithNodeIcal(ics: string): ReadEvent {
  const parsed = nodeIcal.sync.parseICS(ics);
  const vevent = Object.values(parsed).find((c) => c?.type === 'VEVENT') as
    (Record<string, unknown> & { start: Date; end: Date }) | undefined;
  if (!vevent) throw new Error('node-ical: no VEVENT');
  const calendar = Object.values(parsed).find((c) => c?.type === 'VCALENDAR') as
    Record<string, unknown> | undefined;
  const person = (p: NodeIcalPerson | string | undefined): ReadPerson =>
    typeof p === 'string'
      ? { name: '', email: mailto(p) }
      : { name: decodeRfc6868(String(p?.params?.CN ?? '')), email: mailto(p?.val) };
  const attendees = vevent.attendee as NodeIcalPerson | NodeIcalPerson[] | undefined;
  const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return {
    method: String(calendar?.method ?? vevent.method ?? ''),
    uid: String(vevent.uid),
    sequence: Number(vevent.sequence),
    summary: String(vevent.summary ?? ''),
    description: String(vevent.description ?? ''),
    location: str(vevent.location),
    url: str(vevent.url),
    status: str(vevent.status),
    start: new Date(vevent.start).toISOString(),
    end: new Date(vevent.end).toISOString(),
    organizer: person(vevent.organizer as NodeIcalPerson),
    attendees: (Array.isArray(attendees) ? attendees : attendees ? [attendees] : []).map(person),
  };
}

/** The file read by both parsers: [ical.js, node-ical]. */
export const readBothWays = (ics: string): [ReadEvent, ReadEvent] => [
  readWithIcalJs(ics),
  readWithNodeIcal(ics),
];
