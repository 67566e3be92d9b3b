/**
 * Pair health, stated once, so coordinators see a pair in trouble before it is lost: the admin
 * Pairs page, the coordinators' weekly digest and the nudges' preview all call `pairHealth`.
 *
 * - at risk: no session for 45 days, a rating of 2 or less, a mentee's "not a good fit", or a
 *   reported problem;
 * - needs a check-in: no session logged for 35 days, or a monthly check-in unanswered for 7 days;
 * - on track: none of these.
 *
 * "Days without a session" count from the last session logged, or from the pair's start (the
 * later of the program's start and the day they were matched) while none is logged; before the
 * start they are 0. The reasons are returned with the state, at-risk ones first.
 */
import type { IsoDay } from './cohort';
import { startOfDay } from './cohort';
import { PAIR_HEALTH, type FitAnswer, type PairHealthState } from './pairs';
import type { PersonKind } from './people';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDay, to: IsoDay): number =>
  Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);

export interface PairHealthInput {
  /** The day it is judged on. */
  today: IsoDay;
  /** The later of the program's start and the day the pair was matched. */
  pairStartedOn: IsoDay;
  lastSessionOn: IsoDay | null;
  /** Each monthly check-in sent to either participant: the day sent, the day answered. */
  checkIns: { sentOn: IsoDay; answeredOn: IsoDay | null }[];
  /** The latest rating (1-5) each participant gave, if any. */
  ratings: Partial<Record<PersonKind, number | null>>;
  /** The mentee's (student's) answer to the fit question. */
  studentFit: FitAnswer | null;
  /** A participant used "Report a problem". */
  problemReported: boolean;
}

export interface PairHealth {
  state: PairHealthState;
  /** Why, in words (empty when on track). */
  reasons: string[];
  /** Days since the last session (or the pair's start). */
  daysWithoutSession: number;
}

const ROLE_WORDS: Record<PersonKind, string> = {
  student: 'The student',
  mentor: 'The mentor',
};

export function pairHealth(input: PairHealthInput): PairHealth {
  const since = input.lastSessionOn ?? input.pairStartedOn;
  const daysWithoutSession = Math.max(0, daysBetween(since, input.today));
  const atRisk: string[] = [];
  const needsCheckIn: string[] = [];
  const noSession = input.lastSessionOn ? 'No session for' : 'No session logged in';

  if (daysWithoutSession >= PAIR_HEALTH.atRiskAfterDaysWithoutSession) {
    atRisk.push(`${noSession} ${daysWithoutSession} days`);
  } else if (daysWithoutSession >= PAIR_HEALTH.needsCheckInAfterDaysWithoutSession) {
    needsCheckIn.push(`${noSession} ${daysWithoutSession} days`);
  }
  for (const role of ['student', 'mentor'] as const) {
    const rating = input.ratings[role];
    if (typeof rating === 'number' && rating <= PAIR_HEALTH.lowRating) {
      atRisk.push(`${ROLE_WORDS[role]} rated it ${rating} of 5`);
    }
  }
  if (input.studentFit === 'not-a-good-fit') atRisk.push('The student said: not a good fit');
  if (input.problemReported) atRisk.push('A problem was reported');

  const unanswered = input.checkIns
    .filter((c) => c.answeredOn === null)
    .map((c) => daysBetween(c.sentOn, input.today))
    .filter((days) => days >= PAIR_HEALTH.checkInUnansweredDays);
  if (unanswered.length > 0) {
    const oldest = Math.max(...unanswered);
    needsCheckIn.push(
      unanswered.length === 1
        ? `A check-in unanswered for ${oldest} days`
        : `${unanswered.length} check-ins unanswered (the oldest for ${oldest} days)`,
    );
  }

  const state: PairHealthState =
    atRisk.length > 0 ? 'at-risk' : needsCheckIn.length > 0 ? 'needs-check-in' : 'on-track';
  return { state, reasons: [...atRisk, ...needsCheckIn], daysWithoutSession };
}

/** Orders states from best to worst (for sorting and "never better" properties). */
export const PAIR_HEALTH_RANK: Record<PairHealthState, number> = {
  'on-track': 0,
  'needs-check-in': 1,
  'at-risk': 2,
};

/** Where a pair stands in the coordinators' list: its health while running, else why not. */
export type PairListState = PairHealthState | 'ended' | 'paused';

/**
 * A pair's place in the Pairs page's list, kept on the pair (`listing`) so the page reads one
 * page of pairs in its order (worst health first, then by the student's name) and counts each
 * state with the database's count, whatever the cohort's size. Written with every change that
 * moves it, and judged again each day by the daily job (health worsens with time alone).
 */
export interface PairListing {
  /** The cohort it is listed under: its own, else its student's, else the founding cohort. */
  cohortId: string;
  state: PairListState;
  /** Running pairs by health, worst highest (at risk 3, needs a check-in 2, on track 1); else 0. */
  rank: number;
  /** The student's name in lower case: the order within a rank. */
  name: string;
  /** The day the health was judged on. */
  on: IsoDay;
}

export function pairListing(input: {
  cohortId: string;
  running: boolean;
  ended: boolean;
  health: PairHealthState;
  studentName: string | undefined;
  today: IsoDay;
}): PairListing {
  const state: PairListState = input.running ? input.health : input.ended ? 'ended' : 'paused';
  return {
    cohortId: input.cohortId,
    state,
    rank: input.running ? PAIR_HEALTH_RANK[input.health] + 1 : 0,
    // A pair written around the API may lack the name: it sorts first rather than failing.
    name: (input.studentName ?? '').toLowerCase(),
    on: input.today,
  };
}
