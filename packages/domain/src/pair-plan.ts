/**
 * The months after matching, on a calendar: what the daily job owes one pair on one day
 * (check-in e-mails, nudges) and what coordinators are owed (the weekly digest). Pure, so the
 * job and the 14-day preview run the same code: the job plans a day and sends; the preview plans
 * each of the next 14 days, applying each day's plan to a copy of the pair's state, and sends
 * nothing.
 *
 * Calendar (days are UTC `YYYY-MM-DD`; "day N" of a pair is its start plus N-1 days):
 * - program month m (1..4) starts `m-1` calendar months after the cohort's `programStart`;
 * - the check-in of month m goes to each participant from 7 days before the month ends
 *   (CHECK_IN_LEAD_DAYS) to its last day, once (id `${assignmentId}_${role}_${m}`);
 * - a pair with no session logged gets a nudge on day 14 and on day 28 of the pair (its start is
 *   the later of the program's start and the day it was matched, so a re-matched pair gets its
 *   own two weeks), each once, while still without a session;
 * - a participant who has not answered a check-in 3 days after it was sent gets one reminder,
 *   until 7 days after the month ended;
 * - coordinators get a digest of the pairs at risk each Monday (only when there is one).
 *
 * The cap: at most one nudge (no-session or reminder) per participant per day; a nudge that
 * waits goes out on a later day of its window. So a pair gets at most 2 no-session nudges and 8
 * reminders (one per check-in) over the program: at most 6 nudges per person, plus the 4
 * check-ins themselves. Nothing is planned outside the program's dates or for an ended pair.
 */
import { isoDayOf, startOfDay, type IsoDay } from './cohort';
import { addDays, addMonths } from './applicant';
import { SESSIONS_PER_PAIR } from './pairs';
import type { PersonKind } from './people';
import { daysBetween } from './pair-health';

const CHECK_IN_LEAD_DAYS = 7;
/** A check-in e-mail's one-click links work for this many days after it is sent. */
export const CHECK_IN_LINK_DAYS = 30;
const NO_SESSION_NUDGE_DAYS = [14, 28] as const;
const CHECK_IN_REMINDER_AFTER_DAYS = 3;
/** A reminder is still sent this many days after the check-in's month ended. */
const CHECK_IN_REMINDER_GRACE_DAYS = 7;
/** The weekday of the coordinators' digest (0 Sunday .. 6 Saturday): Monday. */
const DIGEST_WEEKDAY = 1;
/** How far the coordinators' preview looks ahead. */
export const NUDGE_PREVIEW_DAYS = 14;

const ROLES: PersonKind[] = ['student', 'mentor'];
const plusDays = (day: IsoDay, days: number): IsoDay => isoDayOf(addDays(startOfDay(day), days));

/** The first day of program month `m` (1-based). */
const monthStartOn = (programStart: IsoDay, month: number): IsoDay =>
  isoDayOf(addMonths(startOfDay(programStart), month - 1));

/** The last day of program month `m` (month 4 ends on the cohort's `programEnd` at the latest). */
export function monthEndOn(programStart: IsoDay, programEnd: IsoDay, month: number): IsoDay {
  const end = plusDays(monthStartOn(programStart, month + 1), -1);
  return month >= SESSIONS_PER_PAIR || end > programEnd ? programEnd : end;
}

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
  if (day < programStart) return 0;
  if (day > programEnd) return SESSIONS_PER_PAIR + 1;
  for (let m = 1; m <= SESSIONS_PER_PAIR; m++) {
    if (day <= monthEndOn(programStart, programEnd, m)) return m;
  }
  return SESSIONS_PER_PAIR;
}

export const checkInDueOn = (programStart: IsoDay, programEnd: IsoDay, month: number): IsoDay =>
  plusDays(monthEndOn(programStart, programEnd, month), -(CHECK_IN_LEAD_DAYS - 1));

export const checkInId = (assignmentId: string, role: PersonKind, month: number) =>
  `${assignmentId}_${role}_${month}`;

/** Firestore map keys of a pair's check-ins in its progress: `${role}_${month}`. */
const checkInKey = (role: PersonKind, month: number) => `${role}_${month}`;

/** The state of one pair the plan reads (kept on the assignment, `progress`). */
export interface PairPlanState {
  assignmentId: string;
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
  | { kind: 'check-in'; key: string; role: PersonKind; month: number }
  | { kind: 'no-session'; key: string; roles: PersonKind[]; day: number }
  | { kind: 'check-in-reminder'; key: string; role: PersonKind; month: number };

export const pairStartOf = (programStart: IsoDay, matchedOn: IsoDay): IsoDay =>
  matchedOn > programStart ? matchedOn : programStart;

/** What the pair is owed on `day` (an active pair; the caller leaves ended ones out). */
export function planPairDay(state: PairPlanState, day: IsoDay): PlannedItem[] {
  const { programStart, programEnd, pairStart, assignmentId } = state;
  if (day < pairStart || day > plusDays(programEnd, CHECK_IN_REMINDER_GRACE_DAYS)) return [];
  const items: PlannedItem[] = [];
  const inProgram = day <= programEnd;

  // Check-ins: the month whose window holds `day`.
  const month = programMonthOf(programStart, programEnd, day);
  if (inProgram && month >= 1 && month <= SESSIONS_PER_PAIR) {
    if (day >= checkInDueOn(programStart, programEnd, month)) {
      for (const role of ROLES) {
        if (!state.checkIns[checkInKey(role, month)]) {
          items.push({ kind: 'check-in', key: checkInId(assignmentId, role, month), role, month });
        }
      }
    }
  }

  // Nudges, at most one per participant today.
  const nudged = new Set<PersonKind>();
  if (inProgram && state.sessionsHeld === 0) {
    const pairDay = daysBetween(pairStart, day) + 1;
    const due = [...NO_SESSION_NUDGE_DAYS].reverse().find((n) => pairDay >= n);
    const key = due ? `${assignmentId}_no-session_${due}` : null;
    if (due && key && !state.nudges[key]) {
      items.push({ kind: 'no-session', key, roles: [...ROLES], day: due });
      ROLES.forEach((r) => nudged.add(r));
    }
  }
  for (let m = 1; m <= SESSIONS_PER_PAIR; m++) {
    for (const role of ROLES) {
      const checkIn = state.checkIns[checkInKey(role, m)];
      if (!checkIn || checkIn.answeredOn !== null || nudged.has(role)) continue;
      const key = `${checkInId(assignmentId, role, m)}_reminder`;
      if (state.nudges[key]) continue;
      const from = plusDays(checkIn.sentOn, CHECK_IN_REMINDER_AFTER_DAYS);
      const until = plusDays(monthEndOn(programStart, programEnd, m), CHECK_IN_REMINDER_GRACE_DAYS);
      if (day >= from && day <= until) {
        items.push({ kind: 'check-in-reminder', key, role, month: m });
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
      next.checkIns[checkInKey(item.role, item.month)] = { sentOn: day, answeredOn: null };
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
