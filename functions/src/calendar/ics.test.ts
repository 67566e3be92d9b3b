import ICAL from 'ical.js';
import { eventIcs, foldLines } from './ics';

const event = {
  uid: 'interview-fold@bridgementorship.org',
  sequence: 0,
  startsAt: new Date('2031-03-11T15:30:00Z'),
  minutes: 20,
  title: 'Bridge Mentorship Program: screening interview',
  description: 'Vidéo — https://meet.example.org/a-rather-long-room-name-for-the-screening',
  attendees: [{ name: 'José Ñúñez-Çelik Øresund Åkesson', email: 'jose.nunez@example.org' }],
  productId: 'interviews',
};

describe('the calendar file, folded as RFC 5545 says (75 octets, not characters)', () => {
  it('keeps every line within 75 octets of UTF-8 and never splits a character', () => {
    const ics = eventIcs(event, 'REQUEST');
    const lines = ics.split('\r\n');
    expect(lines.filter((l) => Buffer.byteLength(l, 'utf8') > 75)).toEqual([]);
    expect(ics).not.toContain('\uFFFD');
    // Read back by another parser: the name and the description whole.
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstProperty('attendee')?.getParameter('cn')).toBe(
      'José Ñúñez-Çelik Øresund Åkesson',
    );
    expect(vevent?.getFirstPropertyValue('description')).toBe(event.description);
  });

  it('folds a long line of two-octet characters at 75 octets: 31 of them after the name, then 37 a line', () => {
    const folded = foldLines(`DESCRIPTION:${'é'.repeat(100)}\r\nEND:VEVENT\r\n`);
    const lines = folded.split('\r\n');
    expect(lines.map((l) => Buffer.byteLength(l, 'utf8'))).toEqual([74, 75, 65, 10, 0]);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(100)}\r\nEND:VEVENT\r\n`);
  });

  it('names an attendee without a name by their address, never "Unnamed attendee"', () => {
    const ics = eventIcs(
      { ...event, attendees: [{ email: 'host@example.org', role: 'CHAIR' as const }] },
      'REQUEST',
    );
    expect(ics).not.toContain('Unnamed');
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstProperty('attendee')?.getParameter('cn')).toBe('host@example.org');
  });
});
