import {
  decodeRfc6868,
  nodeIcalRawNames,
  readBothWays,
} from '../../../tests/support/calendar-read';
import { hasHiddenCharacters } from '@mentorship/domain';
import { escapeText, eventIcs, foldLines, paramValue } from './ics';
import { calendarFiles, threadAfter, type CalendarEventDetails } from './lifecycle';

const NOW = new Date('2031-03-01T09:00:00Z');

const details: CalendarEventDetails = {
  productId: 'program-events',
  startsAt: new Date('2031-03-11T15:30:00Z'),
  minutes: 90,
  title: 'Closing event; Spring, 2031 \\ "Bridge"',
  description: 'Closing event of Spring 2031.\nJoin: https://Zoom.us/j/123; bring a friend, or two',
  location: 'https://Zoom.us/j/123',
  url: 'https://Zoom.us/j/123',
  attendees: [
    { name: 'Dmitri "Dima" Ivanov', email: 'dima@example.org' },
    { name: 'Ann ^ Caret\nSecond line', email: 'ann@example.org' },
    { email: 'host@example.org', role: 'CHAIR' },
  ],
};

describe('the calendar lifecycle: one UID, a rising SEQUENCE, the METHOD of each step', () => {
  it('invites with a new UID at 0, then updates, cancels and re-invites the same UID, one higher each time', () => {
    const invited = threadAfter('invite', null, 'event');
    expect(invited.uid).toMatch(/^event-[0-9a-f-]{36}@bridgementorship\.org$/);
    expect(invited.sequence).toBe(0);
    const updated = threadAfter('update', invited);
    const cancelled = threadAfter('cancel', updated);
    const again = threadAfter('invite', cancelled);
    const revoked = threadAfter('revoke', again);
    expect([updated, cancelled, again, revoked].map((t) => t.uid)).toEqual(
      Array(4).fill(invited.uid),
    );
    expect([updated, cancelled, again, revoked].map((t) => t.sequence)).toEqual([1, 2, 3, 4]);
    expect(threadAfter('remind', revoked)).toEqual(revoked);
  });

  it("takes only UID and SEQUENCE from a feature's record, whatever else it holds", () => {
    const record = { uid: 'u-1@x', sequence: 2, startsAt: '2031-03-11T15:30:00.000Z', minutes: 5 };
    const [file] = calendarFiles('update', 'x', record, details, NOW);
    const [read] = readBothWays(file?.content ?? '');
    expect(read).toMatchObject({ uid: 'u-1@x', sequence: 2, end: '2031-03-11T17:00:00.000Z' });
  });

  it('refuses a change to an event never sent (no thread to follow)', () => {
    expect(() => threadAfter('update', null)).toThrow(/thread/);
    expect(() => threadAfter('cancel', undefined)).toThrow(/thread/);
  });

  it('gives REQUEST to invite and update, CANCEL to cancel and revoke, no file to a reminder', () => {
    const thread = threadAfter('invite', null, 'event');
    const method = (step: Parameters<typeof calendarFiles>[0]) =>
      calendarFiles(step, 'closing-event', thread, details, NOW).map((f) => [
        f.filename,
        f.contentType,
        readBothWays(f.content).map((r) => [r.method, r.status]),
      ]);
    const request = [
      ['REQUEST', 'CONFIRMED'],
      ['REQUEST', 'CONFIRMED'],
    ];
    const cancel = [
      ['CANCEL', 'CANCELLED'],
      ['CANCEL', 'CANCELLED'],
    ];
    expect(method('invite')).toEqual([
      ['closing-event.ics', 'text/calendar; charset=utf-8; method=REQUEST', request],
    ]);
    expect(method('update')).toEqual(method('invite'));
    expect(method('cancel')).toEqual([
      ['closing-event-cancelled.ics', 'text/calendar; charset=utf-8; method=CANCEL', cancel],
    ]);
    expect(method('revoke')).toEqual(method('cancel'));
    expect(method('remind')).toEqual([]);
  });
});

describe('the calendar file, encoded as RFC 5545 and RFC 6868 say', () => {
  const thread = { uid: 'event-fixed@bridgementorship.org', sequence: 3 };
  const [file] = calendarFiles('update', 'closing-event', thread, details, NOW);
  const ics = file?.content ?? '';

  it('is read back exactly, every field, by ical.js and by node-ical', () => {
    for (const read of readBothWays(ics)) {
      expect(read).toEqual({
        method: 'REQUEST',
        uid: thread.uid,
        sequence: 3,
        summary: details.title,
        description: details.description,
        location: 'https://Zoom.us/j/123',
        url: 'https://Zoom.us/j/123',
        status: 'CONFIRMED',
        start: '2031-03-11T15:30:00.000Z',
        end: '2031-03-11T17:00:00.000Z',
        organizer: { name: 'Bridge Mentorship Program', email: 'hello@bridgementorship.org' },
        attendees: [
          { name: 'Dmitri "Dima" Ivanov', email: 'dima@example.org' },
          { name: 'Ann ^ Caret\nSecond line', email: 'ann@example.org' },
          { name: 'host@example.org', email: 'host@example.org' },
        ],
      });
    }
  });

  it("writes a quote in a name as RFC 6868's ^' (a caret as ^^, a line break as ^n), never a backslash", () => {
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`ATTENDEE;CN="Dmitri ^'Dima^' Ivanov";`);
    expect(unfolded).toContain('ATTENDEE;CN="Ann ^^ Caret^nSecond line";');
    expect(unfolded).not.toContain('\\"');
    // node-ical keeps the raw text; RFC 6868 decoding gives the name back.
    expect(nodeIcalRawNames(ics)[0]).toBe(`Dmitri ^'Dima^' Ivanov`);
    expect(decodeRfc6868(`Dmitri ^'Dima^' Ivanov`)).toBe('Dmitri "Dima" Ivanov');
  });

  it('escapes text values: backslash, semicolon, comma and line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(paramValue('x"y^z\nw')).toBe(`"x^'y^^z^nw"`);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Closing event\\; Spring\\, 2031 \\\\ "Bridge"');
  });

  it('writes an https link as it is, whatever the letter case of its host or its port', () => {
    for (const url of [
      'https://Zoom.us/j/123',
      'https://a.example:8/x',
      'https://a-.example.org/x',
    ]) {
      const text = eventIcs({ ...details, ...thread, url, location: url }, 'REQUEST', NOW);
      for (const read of readBothWays(text)) expect([read.url, read.location]).toEqual([url, url]);
    }
  });

  it('keeps every line within 75 octets of UTF-8, never splitting a character', () => {
    const long = eventIcs(
      {
        ...details,
        ...thread,
        attendees: [{ name: 'José Ñúñez-Çelik Øresund Åkesson "Pepe"', email: 'jose@example.org' }],
        description: `Vidéo — ${'é'.repeat(120)}`,
      },
      'REQUEST',
      NOW,
    );
    expect(long.split('\r\n').filter((l) => Buffer.byteLength(l, 'utf8') > 75)).toEqual([]);
    expect(long).not.toContain('\uFFFD');
    for (const read of readBothWays(long)) {
      expect(read.attendees[0]?.name).toBe('José Ñúñez-Çelik Øresund Åkesson "Pepe"');
      expect(read.description).toBe(`Vidéo — ${'é'.repeat(120)}`);
    }
  });

  it('folds a long line of two-octet characters at 75 octets: 31 of them after the name, then 37 a line', () => {
    const folded = foldLines(`DESCRIPTION:${'é'.repeat(100)}\r\nEND:VEVENT\r\n`);
    const lines = folded.split('\r\n');
    expect(lines.map((l) => Buffer.byteLength(l, 'utf8'))).toEqual([74, 75, 65, 10, 0]);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(100)}\r\nEND:VEVENT\r\n`);
  });
});

describe('who is named in the calendar file: one line each, nothing added', () => {
  const thread = { uid: 'event-fixed@bridgementorship.org', sequence: 1 };
  const withAttendees = (attendees: CalendarEventDetails['attendees']) =>
    calendarFiles('invite', 'closing-event', thread, { ...details, attendees }, NOW);

  it('leaves out an address that is not a plain single-line e-mail address, rather than write it', () => {
    for (const email of [
      'eve@example.org\r\nATTENDEE:mailto:mallory@example.org',
      'eve@example.org\nATTENDEE:mailto:mallory@example.org',
      'eve@example.org\rX-INJECTED:1',
      'eve@example.org\u2028ATTENDEE:mailto:mallory@example.org',
      'eve@example.org;RSVP=TRUE',
      'eve@example.org:mallory@example.org',
      '"eve"@example.org',
      'eve @example.org',
      'eve@example.org,mallory@example.org',
      '',
    ]) {
      // The file is still written for the others, with nothing of the bad address in it.
      const [file] = withAttendees([
        { name: 'Eve', email },
        { name: 'Ann', email: 'ann@example.org' },
      ]);
      const ics = file?.content ?? '';
      expect(ics).not.toContain('mallory');
      expect(ics).not.toContain('X-INJECTED');
      for (const read of readBothWays(ics)) {
        expect(read.attendees).toEqual([{ name: 'Ann', email: 'ann@example.org' }]);
      }
    }
    // An address with nothing of the kind is written as it is.
    const [file] = withAttendees([{ name: 'Ann', email: "o'neil+cal@Example.org" }]);
    for (const read of readBothWays(file?.content ?? '')) {
      expect(read.attendees).toEqual([{ name: 'Ann', email: "o'neil+cal@Example.org" }]);
    }
  });

  it('keeps a name on its own line, whatever line break or control character it holds', () => {
    const names = [
      'Eve\r\nATTENDEE:mailto:mallory@example.org',
      'Eve\rX-INJECTED:1',
      'Eve\u2028ATTENDEE:mailto:mallory@example.org',
      'Eve\u2029END:VEVENT',
      'Eve\u0085X-INJECTED:1',
      'Eve\u0000\u001b[2K\u009b "E" \u007f',
    ];
    const [file] = withAttendees(names.map((name, i) => ({ name, email: `eve${i}@example.org` })));
    const ics = file?.content ?? '';
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    // Only CRLF ends a line (no lone CR or LF, NEL, LS, PS or other control character is left
    // in one), and nothing but the writer's own properties starts one.
    expect(ics.split('\r\n').filter((line) => hasHiddenCharacters(line))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(names.length);
    expect(lines.filter((l) => /^(X-INJECTED|END:VEVENT)/.test(l))).toEqual(['END:VEVENT']);
    for (const read of readBothWays(ics)) {
      expect(read.attendees.map((a) => a.email)).toEqual(
        names.map((_, i) => `eve${i}@example.org`),
      );
      expect(read.attendees.map((a) => a.name)).toEqual([
        'Eve\nATTENDEE:mailto:mallory@example.org',
        'Eve\nX-INJECTED:1',
        'Eve\nATTENDEE:mailto:mallory@example.org',
        'Eve\nEND:VEVENT',
        'Eve\nX-INJECTED:1',
        'Eve[2K "E" ',
      ]);
    }
  });
});
