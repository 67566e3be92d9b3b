import fc from 'fast-check';
import {
  isListedTimeZone,
  listedZoneOrNull,
  readTimeZone,
  TIME_ZONE_OPTIONS,
  TIME_ZONES,
  timeZoneLabel,
} from '../time-zones';
import {
  formatHours,
  overlapClass,
  overlapRankKey,
  overlapReason,
  workingHoursOverlap,
} from './working-hours';

describe('time zones', () => {
  it('lists each zone once, every one known to the runtime, west to east', () => {
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect(TIME_ZONE_OPTIONS.map((o) => o.value).sort()).toEqual([...TIME_ZONES].sort());
    for (const zone of TIME_ZONES) {
      expect(readTimeZone(zone)).toEqual(zone === 'UTC' ? { offsetMinutes: 0 } : { iana: zone });
    }
    expect(TIME_ZONE_OPTIONS[0]?.value).toBe('Pacific/Honolulu');
  });

  it('labels a zone with its offsets on the reference days', () => {
    expect(timeZoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo (UTC+9)');
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America/Los_Angeles (UTC-8 / UTC-7)');
    expect(timeZoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (UTC+5:30)');
    expect(timeZoneLabel('Australia/Sydney')).toBe('Australia/Sydney (UTC+10 / UTC+11)');
  });

  it('keeps a browser zone only when it is listed', () => {
    expect(listedZoneOrNull('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(listedZoneOrNull('Asia/Chita')).toBeNull();
    expect(listedZoneOrNull(undefined)).toBeNull();
    expect(isListedTimeZone('asia/tokyo')).toBe(false);
  });

  it.each([
    ['Asia/Tokyo', { iana: 'Asia/Tokyo' }],
    ['UTC+9', { offsetMinutes: 540 }],
    ['GMT-5', { offsetMinutes: -300 }],
    ['Eastern Time (UTC-5)', { offsetMinutes: -300 }],
    ['UTC +05:30', { offsetMinutes: 330 }],
    ['gmt+5:45', { offsetMinutes: 345 }],
    ['UTC', { offsetMinutes: 0 }],
    ['Eastern', null],
    ['UTC+15', null],
    ['UTC+5:17', null],
    ['Not/AZone', null],
    ['', null],
    [null, null],
  ])("reads a mentor's %j as %j", (text, zone) => {
    expect(readTimeZone(text)).toEqual(zone);
  });
});

describe('workingHoursOverlap: 09:00-21:00 on each clock, the smaller of January and July', () => {
  it.each([
    // Same clock: the whole window.
    ['Asia/Tokyo', 'Asia/Tokyo', 12],
    // One hour apart all year.
    ['Asia/Tokyo', 'Asia/Singapore', 11],
    // Tokyo 09:00-14:00 is Los Angeles 16:00-21:00 in January (PST), 17:00-21:00 in July (PDT).
    ['Asia/Tokyo', 'America/Los_Angeles', 4],
    ['Asia/Tokyo', 'UTC-8', 5],
    ['America/New_York', 'Europe/London', 7],
    ['America/New_York', 'Asia/Tokyo', 1],
    ['Asia/Kolkata', 'Europe/London', 6.5],
    // Twelve hours apart: the windows touch at one instant, nothing in common.
    ['UTC+0', 'UTC+12', 0],
    ['UTC-12', 'UTC+12', 12],
  ])('%s and %s: %d h', (a, b, hours) => {
    expect(workingHoursOverlap(a, b)).toBe(hours);
  });

  it('is unknown when either zone is unknown', () => {
    expect(workingHoursOverlap('Asia/Tokyo', 'Eastern')).toBeNull();
    expect(workingHoursOverlap(null, 'Asia/Tokyo')).toBeNull();
    expect(overlapClass(null)).toBe('unknown');
  });

  const zone = fc.oneof(
    fc.constantFrom(...TIME_ZONES),
    fc
      .tuple(fc.integer({ min: -11, max: 13 }), fc.constantFrom(0, 30, 45))
      .map(([h, m]) => `UTC${h < 0 ? '-' : '+'}${Math.abs(h)}:${String(m).padStart(2, '0')}`),
  );

  it('is symmetric, between 0 and 12, 12 with itself, and 12 h less the clocks\u2019 distance', () => {
    fc.assert(
      fc.property(zone, zone, (a, b) => {
        const hours = workingHoursOverlap(a, b) as number;
        expect(hours).toBe(workingHoursOverlap(b, a));
        expect(hours).toBeGreaterThanOrEqual(0);
        expect(hours).toBeLessThanOrEqual(12);
        expect(workingHoursOverlap(a, a)).toBe(12);
      }),
      { numRuns: 300, seed: 38 },
    );
    // Fixed offsets: 12 h less the clocks' distance around the day (never below 0).
    fc.assert(
      fc.property(fc.integer({ min: -12, max: 14 }), fc.integer({ min: -12, max: 14 }), (a, b) => {
        const d = Math.abs(a - b) % 24;
        const expected = Math.max(0, 12 - Math.min(d, 24 - d));
        const name = (h: number) => `UTC${h < 0 ? '-' : '+'}${Math.abs(h)}`;
        expect(workingHoursOverlap(name(a), name(b))).toBe(expected);
      }),
      { numRuns: 300, seed: 9 },
    );
  });
});

describe('how the overlap reads and ranks', () => {
  it('states the reason beside the score', () => {
    expect(overlapReason(11)).toBe('Working hours overlap: 11 h');
    expect(overlapReason(6)).toBe('Working hours overlap: 6 h');
    expect(overlapReason(4)).toBe('Little working-hours overlap (4 h)');
    expect(overlapReason(5.5)).toBe('Little working-hours overlap (5 h 30 min)');
    expect(overlapReason(null)).toBe('Working hours not compared: time zone not given');
    expect(formatHours(6.75)).toBe('6 h 45 min');
  });

  it('ranks enough overlap above little within 1 point, never across 2, unknown neutral', () => {
    const key = overlapRankKey;
    // Enough, 1 point less, beats little.
    expect(key(3, 11)).toBeGreaterThan(key(4, 4));
    // A gap of 2 wins.
    expect(key(2, 11)).toBeLessThan(key(4, 4));
    // Unknown neither gains nor loses across a point.
    expect(key(3, null)).toBeLessThan(key(4, 4));
    expect(key(3, 11)).toBeLessThan(key(4, null));
    // Equal score: enough, unknown, little.
    expect(key(4, 11)).toBeGreaterThan(key(4, null));
    expect(key(4, null)).toBeGreaterThan(key(4, 0));
    // Nothing in common stays below any shared item.
    expect(key(0, 12)).toBeLessThan(key(1, 0));
    // Never prefer lower overlap at a score that is not lower.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 0, max: 12 })),
        fc.option(fc.integer({ min: 0, max: 12 })),
        (s1, s2, h1, h2) => {
          const c1 = overlapClass(h1);
          const c2 = overlapClass(h2);
          const order = { little: 0, unknown: 1, enough: 2 };
          if (key(s1, h1) > key(s2, h2)) {
            // The first ranks higher: a higher score, or a better class within 1 point.
            expect(s1 > s2 || (order[c1] > order[c2] && s1 >= s2 - 1)).toBe(true);
          }
        },
      ),
      { numRuns: 500, seed: 5 },
    );
  });
});
