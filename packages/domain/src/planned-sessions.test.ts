/**
 * Wall time to instant (`zonedTimeToUtc`) across clock changes, checked against an oracle built
 * on Intl alone: among the offsets a zone has around a wall time, the instants that really show
 * that wall time there; the first of them when there are two (a time the clock goes through
 * twice), and the offset before the change when there is none (a time the clock skips), which
 * is RFC 5545's rule.
 */
import fc from 'fast-check';
import type { IsoDay } from './cohort';
import { PROGRAM_TIME_ZONE } from './pair-plan';
import { zonedTimeToUtc } from './planned-sessions';

const ZONES = [
  'America/New_York',
  'America/Santiago', // changes at midnight: a skipped time can fall on the day before
  'Europe/London',
  'Australia/Lord_Howe', // a half-hour change
  'Asia/Kathmandu', // +05:45, no change
  PROGRAM_TIME_ZONE,
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a zone's clock shows at an instant, as if it were UTC (milliseconds, whole minutes). */
function wallAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}

const offsetAt = (instant: number, zone: string) => wallAt(instant, zone) - instant;

/** The oracle: see the file's comment. No zone here changes its clock twice within 36 hours. */
function expectedInstant(wall: number, zone: string): number {
  const before = offsetAt(wall - 36 * HOUR, zone);
  const after = offsetAt(wall + 36 * HOUR, zone);
  const shown = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => wallAt(instant, zone) === wall)
    .sort((a, b) => a - b);
  return shown[0] ?? wall - before;
}

const pad = (n: number) => String(n).padStart(2, '0');
function asDayAndTime(wall: number): [IsoDay, string] {
  const d = new Date(wall);
  return [
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` as IsoDay,
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  ];
}

/** Every clock change of each zone in 2026-2027: the first instant of each new offset. */
function changesOf(zone: string): number[] {
  const changes: number[] = [];
  const end = Date.UTC(2028, 0, 1);
  for (let t = Date.UTC(2026, 0, 1); t < end; t += HOUR) {
    if (offsetAt(t, zone) === offsetAt(t + HOUR, zone)) continue;
    let low = t;
    let high = t + HOUR;
    while (high - low > MINUTE) {
      const mid = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
      if (offsetAt(mid, zone) === offsetAt(t, zone)) low = mid;
      else high = mid;
    }
    changes.push(high);
  }
  return changes;
}

const CHANGES = ZONES.flatMap((zone) => changesOf(zone).map((at) => ({ zone, at })));

it('knows the clock changes the property walks around', () => {
  // New York, Santiago, London and Lord Howe change twice a year; Kathmandu and UTC never.
  expect(CHANGES.filter((c) => c.zone === 'America/New_York')).toHaveLength(4);
  expect(CHANGES.filter((c) => c.zone === 'Australia/Lord_Howe')).toHaveLength(4);
  expect(CHANGES.filter((c) => c.zone === 'Asia/Kathmandu')).toHaveLength(0);
});

it('reads the documented clock-change cases by the rule', () => {
  // Spring forward in New York: 02:30 does not exist, it is 03:30 EDT.
  expect(zonedTimeToUtc('2026-03-08' as IsoDay, '02:30', 'America/New_York').toISOString()).toBe(
    '2026-03-08T07:30:00.000Z',
  );
  // Fall back in New York: 01:30 happens twice, the first (EDT) is meant.
  expect(zonedTimeToUtc('2026-11-01' as IsoDay, '01:30', 'America/New_York').toISOString()).toBe(
    '2026-11-01T05:30:00.000Z',
  );
  // Santiago skips 00:00-01:00 on 2026-09-06: 00:30 is 01:30 -03, on the same day.
  expect(zonedTimeToUtc('2026-09-06' as IsoDay, '00:30', 'America/Santiago').toISOString()).toBe(
    '2026-09-06T04:30:00.000Z',
  );
  // An ordinary time: Tokyo 10:00 is 01:00 UTC.
  expect(zonedTimeToUtc('2026-12-01' as IsoDay, '10:00', 'Asia/Tokyo').toISOString()).toBe(
    '2026-12-01T01:00:00.000Z',
  );
});

it('agrees with the oracle on every wall time within three hours of a clock change', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CHANGES),
      fc.integer({ min: -180, max: 180 }),
      ({ zone, at }, minutes) => {
        const wall = wallAt(at, zone) + minutes * MINUTE;
        const [day, time] = asDayAndTime(wall);
        expect(zonedTimeToUtc(day, time, zone).getTime()).toBe(expectedInstant(wall, zone));
      },
    ),
    { numRuns: 2_000 },
  );
});

it('agrees with the oracle on any minute of 2026-2027 in each zone', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ZONES),
      fc.integer({ min: Date.UTC(2026, 0, 2) / MINUTE, max: Date.UTC(2027, 11, 30) / MINUTE }),
      (zone, minute) => {
        const wall = minute * MINUTE;
        const [day, time] = asDayAndTime(wall);
        expect(zonedTimeToUtc(day, time, zone).getTime()).toBe(expectedInstant(wall, zone));
      },
    ),
    { numRuns: 2_000 },
  );
});
