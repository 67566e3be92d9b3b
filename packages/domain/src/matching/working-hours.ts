/**
 * TIME-ZONE RULE, stated once here and tested (working-hours.test.ts,
 * time-zone-preference.test.ts). The spec's Match Score (shared disciplines + shared topics) is
 * never changed; working-hours overlap is a separate reason, so a student and mentor who can
 * hardly meet in waking hours are not proposed when a near-equal mentor fits their clock.
 *
 * Overlap: each person's working hours are 09:00-21:00 on their own clock. The overlap of two
 * zones is the number of hours both windows have in common, taken on each of the two reference
 * days (15 January and 15 July 2026, time-zones.ts REFERENCE_INSTANTS, so daylight saving time
 * counts and today's date does not) and the smaller of the two kept: 0 to 12 hours.
 * A zone is known when it is a listed/IANA name or a "UTC+9"-style offset (time-zones.ts
 * readTimeZone); if either person's zone is unknown the overlap is unknown.
 *
 * Classes: ENOUGH (overlap >= 6 h, half the window), LITTLE (< 6 h), UNKNOWN (neutral).
 *
 * The proposal (time-zone-preference.ts): a proposed pair whose overlap is LITTLE moves the
 * student to another mentor with ENOUGH overlap who scores at most 1 point less (and more than
 * 0), has a place left in the proposal, and was never paired with the student; among several,
 * the highest score, then the most overlap, then the lowest mentor id. A pair with ENOUGH or
 * UNKNOWN overlap never moves, and no one moves to a mentor whose zone is unknown or whose overlap
 * is LITTLE: a lower-overlap mentor is never preferred, and a score gap of 2 or more always wins.
 *
 * The ranked suggestions (suggest.ts) order by the same rule: a person with ENOUGH overlap ranks
 * above one with LITTLE overlap who scores at most 1 more; at equal score ENOUGH comes before
 * UNKNOWN before LITTLE; otherwise the higher score first (a score of 0 stays below every
 * positive score).
 */
import { readTimeZone, REFERENCE_INSTANTS, offsetMinutesAt, type KnownZone } from '../time-zones';

/** Working hours on each person's own clock, in hours from midnight. */
const WORKING_HOURS = { start: 9, end: 21 } as const;
/** At least this many hours in common is ENOUGH overlap. */
const ENOUGH_OVERLAP_HOURS = 6;
/** The most score the proposal gives up for ENOUGH overlap instead of LITTLE. */
export const OVERLAP_SCORE_ALLOWANCE = 1;

export type OverlapClass = 'enough' | 'little' | 'unknown';

const DAY = 24 * 60;

/** Minutes in common of the two zones' working windows on the day of `at`. */
function overlapOn(a: KnownZone, b: KnownZone, at: Date): number {
  const start = WORKING_HOURS.start * 60;
  const end = WORKING_HOURS.end * 60;
  // Windows in minutes from the reference day's 00:00 UTC.
  const offsetA = offsetMinutesAt(a, at);
  const offsetB = offsetMinutesAt(b, at);
  const aStart = start - offsetA;
  const aEnd = end - offsetA;
  let total = 0;
  // b's windows of the day before, the day itself and the day after (12 h windows, 24 h apart,
  // never overlap each other, so their shares add up).
  for (const shift of [-DAY, 0, DAY]) {
    const bStart = start - offsetB + shift;
    const bEnd = end - offsetB + shift;
    total += Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
  }
  return total;
}

/**
 * Hours of overlap of the two zones' 09:00-21:00 windows (the smaller of the two reference days),
 * or null when either zone is unknown. Takes stated zones as people wrote them (readTimeZone).
 */
export function workingHoursOverlap(
  zoneA: string | null | undefined,
  zoneB: string | null | undefined,
): number | null {
  const a = readTimeZone(zoneA);
  const b = readTimeZone(zoneB);
  if (!a || !b) return null;
  return Math.min(...REFERENCE_INSTANTS.map((at) => overlapOn(a, b, at))) / 60;
}

export const overlapClass = (hours: number | null): OverlapClass =>
  hours === null ? 'unknown' : hours >= ENOUGH_OVERLAP_HOURS ? 'enough' : 'little';

/** "6 h", "5 h 30 min". */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${whole} h ${rest} min` : `${whole} h`;
}

/** The reason shown beside the score (proposal rows and suggestions). */
export function overlapReason(hours: number | null): string {
  if (hours === null) return 'Working hours not compared: time zone not given';
  return overlapClass(hours) === 'enough'
    ? `Working hours overlap: ${formatHours(hours)}`
    : `Little working-hours overlap (${formatHours(hours)})`;
}

/** A moved pair's extra line: which mentor the score alone would have given. */
export const movedReason = (moved: { mentorName: string; score: number; overlapHours: number }) =>
  `Preferred for working hours over ${moved.mentorName} (score ${moved.score}, ${formatHours(moved.overlapHours)} overlap)`;

/** The rule as the proposal and suggestions screens state it. */
export const TIME_ZONE_RULE_TEXT =
  `Working hours are ${String(WORKING_HOURS.start).padStart(2, '0')}:00-${WORKING_HOURS.end}:00 ` +
  `on each person's clock. A mentor with at least ${ENOUGH_OVERLAP_HOURS} h overlap is preferred ` +
  `to one with less who scores at most ${OVERLAP_SCORE_ALLOWANCE} point more; a larger score ` +
  `gap wins, and an unknown time zone counts neither way.`;

/** Sort key of the suggestions (higher first): score, moved by the overlap class (see above). */
export const overlapRankKey = (score: number, hours: number | null): number => {
  const shift = { enough: 0.75, unknown: 0, little: -0.75 }[overlapClass(hours)];
  // Nothing in common: below every positive score whatever the overlap (as in the proposal).
  return score > 0 ? score + shift : score - 1 + shift / 10;
};
