/**
 * The months after matching, on a calendar: what the daily job owes one pair on one day
 * (check-in e-mails, nudges) and what coordinators are owed (the weekly digest). Pure, so the
 * job and the 14-day preview run the same code: the job plans a day and sends; the preview plans
 * each of the next 14 days, applying each day's plan to a copy of the pair's state, and sends
 * nothing.
 *
 * Calendar (days are UTC `YYYY-MM-DD`; "day N" of a pair is its start plus N-1 days):
 * - program month m (1..4) starts `m-1` calendar months after the cohort's `programStart`; it is
 *   the session's slot and the session guide's key;
 * - check-in period p (1..CHECK_INS_PER_PAIR) is laid the same way with CHECK_IN_PERIOD's length
 *   (today one program month, so period p is month p);
 * - the check-in of period p goes to each participant from CHECK_IN_PERIOD.leadDays (7) before
 *   the period ends to its last day, once (id `${pairId}_${role}_${p}`);
 * - a pair with no session logged gets a nudge on day 14 and on day 28 of the pair (its start is
 *   the later of the program's start and the day it was matched, so a re-matched pair gets its
 *   own two weeks), each once, while still without a session;
 * - a participant who has not answered a check-in 3 days after it was sent gets one reminder,
 *   until CHECK_IN_PERIOD.reminderGraceDays (7) after the period ended;
 * - coordinators get a digest of the pairs at risk each Monday (only when there is one).
 *
 * The cap: at most one nudge (no-session or reminder) per participant per day; a nudge that
 * waits goes out on a later day of its window. So a pair gets at most 2 no-session nudges and one
 * reminder per check-in over the program (with monthly periods: at most 6 nudges per person, plus
 * the 4 check-ins themselves). Nothing is planned outside the program's dates or for an ended
 * pair.
 */
import { isoDayOf, startOfDay, type IsoDay } from './cohort';
import { addDays, addMonths } from './my-application';
import { CHECK_IN_PERIOD, SESSIONS_PER_PAIR, type CheckInPeriodDefinition } from './pairs';
import type { PersonKind } from './people';
import { daysBetween } from './pair-health';

/** A check-in e-mail's one-click links work for this many days after it is sent. */
export const CHECK_IN_LINK_DAYS = 30;
const NO_SESSION_NUDGE_DAYS = [14, 28] as const;
const CHECK_IN_REMINDER_AFTER_DAYS = 3;
/** The weekday of the coordinators' digest (0 Sunday .. 6 Saturday): Monday. */
const DIGEST_WEEKDAY = 1;
/** How far the coordinators' preview looks ahead. */
export const NUDGE_PREVIEW_DAYS = 14;
const ROLES: PersonKind[] = ['student', 'mentor'];
const plusDays = (day: IsoDay, days: number): IsoDay => isoDayOf(addDays(startOfDay(day), days));

/** Periods laid end to end from a program's start, the last one running to its end. */
type ProgramPeriods = Pick<CheckInPeriodDefinition, 'length' | 'count'>;

/** The program month: the session's slot, the session guide's key, the certificate's count. */
const PROGRAM_MONTHS: ProgramPeriods = { length: { months: 1 }, count: SESSIONS_PER_PAIR };

/** The first day of period `n` (1-based). */
function periodStartOn(periods: ProgramPeriods, programStart: IsoDay, n: number): IsoDay {
  const start = startOfDay(programStart);
  return 'months' in periods.length
    ? isoDayOf(addMonths(start, (n - 1) * periods.length.months))
    : isoDayOf(addDays(start, (n - 1) * periods.length.days));
}

/** The last day of period `n` (the last period ends on `programEnd`, and none after it). */
function periodEndOn(
  periods: ProgramPeriods,
  programStart: IsoDay,
  programEnd: IsoDay,
  n: number,
): IsoDay {
  const end = plusDays(periodStartOn(periods, programStart, n + 1), -1);
  return n >= periods.count || end > programEnd ? programEnd : end;
}

/** The period (1..count) a day falls in, 0 before the program, count + 1 after it. */
function periodOf(
  periods: ProgramPeriods,
  programStart: IsoDay,
  programEnd: IsoDay,
  day: IsoDay,
): number {
  if (day < programStart) return 0;
  if (day > programEnd) return periods.count + 1;
  for (let n = 1; n <= periods.count; n++) {
    if (day <= periodEndOn(periods, programStart, programEnd, n)) return n;
  }
  return periods.count;
}

/** The last day of program month `m` (month 4 ends on the cohort's `programEnd` at the latest). */
export const monthEndOn = (programStart: IsoDay, programEnd: IsoDay, month: number): IsoDay =>
  periodEndOn(PROGRAM_MONTHS, programStart, programEnd, month);

/** The last day of check-in period `p` (the last one ends on the cohort's `programEnd`). */
export const checkInPeriodEndOn = (
  programStart: IsoDay,
  programEnd: IsoDay,
  period: number,
  definition: CheckInPeriodDefinition = CHECK_IN_PERIOD,
): IsoDay => periodEndOn(definition, programStart, programEnd, period);

/** The check-in period (1..count) a day falls in, 0 before the program, count + 1 after it. */
export const checkInPeriodOf = (
  programStart: IsoDay,
  programEnd: IsoDay,
  day: IsoDay,
  definition: CheckInPeriodDefinition = CHECK_IN_PERIOD,
): number => periodOf(definition, programStart, programEnd, day);

/**
 * The program's own time zone. A cohort's dates and the daily work's "today" are days of this
 * zone's calendar, and so are program months: an instant (a planned session's start) belongs to
 * one program month for both partners, though it may be another date where each of them lives.
 */
export const PROGRAM_TIME_ZONE = 'UTC';

/** The program day an instant falls on (in PROGRAM_TIME_ZONE). */
export const programDayOf = (instant: Date): IsoDay =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: PROGRAM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant) as IsoDay;

/** The program month (1..4) an instant falls in: its program day's (programMonthOf). */
export const programMonthAt = (programStart: IsoDay, programEnd: IsoDay, instant: Date): number =>
  programMonthOf(programStart, programEnd, programDayOf(instant));

/** The program month (1..4) a day falls in, 0 before the program, 5 after it. */
export function programMonthOf(programStart: IsoDay, programEnd: IsoDay, day: IsoDay): number {
  return periodOf(PROGRAM_MONTHS, programStart, programEnd, day);
}

/** The first day the check-in of period `p` goes out. */
export const checkInDueOn = (
  programStart: IsoDay,
  programEnd: IsoDay,
  period: number,
  definition: CheckInPeriodDefinition = CHECK_IN_PERIOD,
): IsoDay =>
  plusDays(
    checkInPeriodEndOn(programStart, programEnd, period, definition),
    -(definition.leadDays - 1),
  );

/**
 * Where a check-in of period `p` meets the months: the program month it asks about (the one its
 * period's last day falls in: the session that month, planned or logged), and whether it is that
 * month's last check-in (then the next month's session guide comes with it, before that month).
 */
export function checkInMonthOf(
  programStart: IsoDay,
  programEnd: IsoDay,
  period: number,
  definition: CheckInPeriodDefinition = CHECK_IN_PERIOD,
): { month: number; lastOfMonth: boolean } {
  const end = checkInPeriodEndOn(programStart, programEnd, period, definition);
  const month = programMonthOf(programStart, programEnd, end);
  // The next period ends in a later month, or it is no period of its own (past the program's
  // end it ends on the same last day).
  const next = checkInPeriodEndOn(programStart, programEnd, period + 1, definition);
  const lastOfMonth = next === end || programMonthOf(programStart, programEnd, next) > month;
  return { month, lastOfMonth };
}

/**
 * The id of a check-in, `checkIns/{id}`: a stored form (ids already written must keep naming
 * their check-in), so its last part is the period's number whatever the period's length.
 */
export const checkInId = (pairId: string, role: PersonKind, period: number) =>
  `${pairId}_${role}_${period}`;

/** Firestore map keys of a pair's check-ins in its progress: `${role}_${period}` (stored). */
export const checkInKey = (role: PersonKind, period: number) => `${role}_${period}`;

/** The state of one pair the plan reads (kept on the pair, `progress`). */
export interface PairPlanState {
  pairId: string;
  programStart: IsoDay;
  programEnd: IsoDay;
  /** The later of programStart and the day the pair was matched. */
  pairStart: IsoDay;
  sessionsHeld: number;
  /** By checkInKey: the day sent and the day answered. */
  checkIns: Record<string, { sentOn: IsoDay; answeredOn: IsoDay | null }>;
  /** Nudge keys already sent, with the day. */
  nudges: Record<string, IsoDay>;
}

export type PlannedItem =
  | { kind: 'check-in'; key: string; role: PersonKind; period: number }
  | { kind: 'no-session'; key: string; roles: PersonKind[]; day: number }
  | { kind: 'check-in-reminder'; key: string; role: PersonKind; period: number };

export const pairStartOf = (programStart: IsoDay, matchedOn: IsoDay): IsoDay =>
  matchedOn > programStart ? matchedOn : programStart;

/**
 * What the pair is owed on `day` (an active pair; the caller leaves ended ones out), with check-ins
 * every `period` (CHECK_IN_PERIOD unless another cadence is being tried).
 */
export function planPairDay(
  state: PairPlanState,
  day: IsoDay,
  period: CheckInPeriodDefinition = CHECK_IN_PERIOD,
): PlannedItem[] {
  const { programStart, programEnd, pairStart, pairId } = state;
  if (day < pairStart || day > plusDays(programEnd, period.reminderGraceDays)) return [];
  const items: PlannedItem[] = [];
  const inProgram = day <= programEnd;

  // Check-ins: the period whose window holds `day`.
  const current = checkInPeriodOf(programStart, programEnd, day, period);
  if (inProgram && current >= 1 && current <= period.count) {
    if (day >= checkInDueOn(programStart, programEnd, current, period)) {
      for (const role of ROLES) {
        if (!state.checkIns[checkInKey(role, current)]) {
          items.push({
            kind: 'check-in',
            key: checkInId(pairId, role, current),
            role,
            period: current,
          });
        }
      }
    }
  }

  // Nudges, at most one per participant today.
  const nudged = new Set<PersonKind>();
  if (inProgram && state.sessionsHeld === 0) {
    const pairDay = daysBetween(pairStart, day) + 1;
    const due = [...NO_SESSION_NUDGE_DAYS].reverse().find((n) => pairDay >= n);
    const key = due ? `${pairId}_no-session_${due}` : null;
    if (due && key && !state.nudges[key]) {
      items.push({ kind: 'no-session', key, roles: [...ROLES], day: due });
      ROLES.forEach((r) => nudged.add(r));
    }
  }
  for (let p = 1; p <= period.count; p++) {
    for (const role of ROLES) {
      const checkIn = state.checkIns[checkInKey(role, p)];
      if (!checkIn || checkIn.answeredOn !== null || nudged.has(role)) continue;
      const key = `${checkInId(pairId, role, p)}_reminder`;
      if (state.nudges[key]) continue;
      const from = plusDays(checkIn.sentOn, CHECK_IN_REMINDER_AFTER_DAYS);
      const until = plusDays(
        checkInPeriodEndOn(programStart, programEnd, p, period),
        period.reminderGraceDays,
      );
      if (day >= from && day <= until) {
        items.push({ kind: 'check-in-reminder', key, role, period: p });
        nudged.add(role);
      }
    }
  }
  return items;
}

/** The state after a day's plan went out (the job writes the same; the preview keeps a copy). */
export function applyPlan(state: PairPlanState, items: PlannedItem[], day: IsoDay): PairPlanState {
  const next: PairPlanState = {
    ...state,
    checkIns: { ...state.checkIns },
    nudges: { ...state.nudges },
  };
  for (const item of items) {
    if (item.kind === 'check-in') {
      next.checkIns[checkInKey(item.role, item.period)] = { sentOn: day, answeredOn: null };
    } else {
      next.nudges[item.key] = day;
    }
  }
  return next;
}

/** The coordinators' digest of pairs at risk: its key on its day, or null on other days. */
export const digestKeyOn = (day: IsoDay): string | null =>
  startOfDay(day).getUTCDay() === DIGEST_WEEKDAY ? `digest_${day}` : null;

/** The days from `from` (included) for `count` days. */
export const nextDays = (from: IsoDay, count: number): IsoDay[] =>
  Array.from({ length: count }, (_, i) => plusDays(from, i));

export { plusDays };
