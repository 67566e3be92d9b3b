import { JOIN_LINK_MESSAGE, isJoinLink, normaliseJoinLink } from './join-links';
import { interviewSlotSchema } from './interviews';
import { programEventSchema } from './program-events';

describe('the one rule of a join link (forms on the web and the server, and the calendar file)', () => {
  it('accepts a host in capitals and stores it in lower case, the path as written', () => {
    expect(normaliseJoinLink(' HTTPS://Zoom.US/j/AbC?pwd=X ')).toBe('https://zoom.us/j/AbC?pwd=X');
    expect(isJoinLink('https://Zoom.us/j/123')).toBe(true);
  });

  it('accepts any port from 1 to 65535, one digit included', () => {
    expect(
      ['https://a.example:8/x', 'https://a.example:65535', 'https://meet.example.org'].map(
        isJoinLink,
      ),
    ).toEqual([true, true, true]);
    expect(['https://a.example:0/x', 'https://a.example:65536/x'].map(isJoinLink)).toEqual([
      false,
      false,
    ]);
  });

  it('refuses a host label that starts or ends with a hyphen, a space, a missing top-level name, http', () => {
    expect(
      [
        'https://a-.example.org/x',
        'https://-a.example.org/x',
        'https://a.example.org/x y',
        'https://localhost/x',
        'http://zoom.us/j/1',
        'https://zoom.us\n/j/1',
      ].map(isJoinLink),
    ).toEqual([false, false, false, false, false, false]);
  });
});

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('the forms that take a join link use the rule', () => {
  it("an event's place: the link stored with its host in lower case; a bad host a clear field error", async () => {
    const input = {
      startsAt: future,
      minutes: 60,
      where: 'https://Zoom.us/j/123',
      timeZone: 'UTC',
    };
    expect((await programEventSchema.validate(input)).where).toBe('https://zoom.us/j/123');
    expect(
      (await programEventSchema.validate({ ...input, where: 'https://a.example:8/x' })).where,
    ).toBe('https://a.example:8/x');
    await expect(
      programEventSchema.validate({ ...input, where: 'https://a-.example.org/x' }),
    ).rejects.toMatchObject({ path: 'where', message: JOIN_LINK_MESSAGE });
    // A place that is not a link is kept as written.
    expect((await programEventSchema.validate({ ...input, where: 'Room 4, Main St.' })).where).toBe(
      'Room 4, Main St.',
    );
  });

  it("a slot's video link: the same rule, the same normalised host", async () => {
    const slot = { startsAt: future, minutes: 20, place: 'video', where: 'https://Zoom.us/j/123' };
    expect((await interviewSlotSchema.validate(slot)).where).toBe('https://zoom.us/j/123');
    await expect(
      interviewSlotSchema.validate({ ...slot, where: 'https://a-.example.org/x' }),
    ).rejects.toMatchObject({ path: 'where', message: JOIN_LINK_MESSAGE });
    // A phone number is not a link: left alone.
    expect(
      (await interviewSlotSchema.validate({ ...slot, place: 'phone', where: '+1 555 0100' })).where,
    ).toBe('+1 555 0100');
  });
});
