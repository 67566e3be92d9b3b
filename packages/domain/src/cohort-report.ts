/**
 * The cohort report: the figures coordinators and sponsors read for a cohort, beside
 * earlier cohorts, computed from the records in one place (the admin page, its CSV and the tests
 * all use `cohortReport`). Pure: the function reads the collections and hands them in.
 *
 * Definitions (stated once, shown on the page):
 * - pairs made: every pair of the cohort, active, ended or completed;
 * - sessions held: `sessions` documents of the cohort's pairs;
 * - completion rate: pairs marked completed / pairs made (null with no pairs);
 * - re-matches: pairs ended for any reason but "goals met" (the student went back to matching),
 *   counted by reason;
 * - satisfaction: the mean check-in rating (1-5, answered check-ins with a rating), the mean final
 *   survey rating (1-5) and the share of survey answers that would recommend the program.
 * Means are rounded to 2 decimals, rates are fractions (0..1) rounded to 4 decimals.
 */
import { object, string } from 'yup';
import { wholeNumber } from './schemas';
import { type Cohort, type IsoDay } from './cohort';
import {
  PAIR_END_REASONS,
  PAIR_END_REASON_LABELS,
  SURVEY_IMPROVE_MAX,
  SURVEY_MESSAGES,
  SURVEY_RECOMMEND,
  type PairEndReason,
  type SurveyRecommend,
} from './pairs';
import { API } from './api-paths';
import { COLLECTIONS } from './registry';
import { csvText } from './csv';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text-safety';

export interface ReportPair {
  cohortId: string;
  endReason: PairEndReason | null;
  completed: boolean;
}
export interface ReportSession {
  cohortId: string;
}
export interface ReportCheckIn {
  cohortId: string;
  rating: number | null;
}
export interface ReportSurvey {
  cohortId: string;
  rating: number;
  wouldRecommend: SurveyRecommend;
}

export interface ReportInput {
  cohorts: Pick<Cohort, 'id' | 'name' | 'programStart' | 'programEnd'>[];
  pairs: ReportPair[];
  sessions: ReportSession[];
  checkIns: ReportCheckIn[];
  surveys: ReportSurvey[];
}

export interface CohortFigures {
  cohortId: string;
  cohortName: string;
  programStart: IsoDay;
  programEnd: IsoDay;
  pairsMade: number;
  sessionsHeld: number;
  pairsCompleted: number;
  completionRate: number | null;
  rematches: number;
  rematchReasons: Record<PairEndReason, number>;
  checkInRatings: number;
  averageCheckInRating: number | null;
  surveyAnswers: number;
  averageSurveyRating: number | null;
  wouldRecommendRate: number | null;
}

/** GET the report (`?cohort=<id>`, coordinators) and one cohort's as CSV. */
export const reportPaths = {
  report: API.reports.path,
  csv: API.reportsCsv.path,
} as const;

export interface CohortReport {
  cohort: CohortFigures;
  /** Cohorts whose program started before this one's, oldest first. */
  earlier: CohortFigures[];
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};
const rate = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4));

const zeroReasons = (): Record<PairEndReason, number> =>
  Object.fromEntries(PAIR_END_REASONS.map((r) => [r, 0])) as Record<PairEndReason, number>;

/**
 * What the figures of a cohort are made of: counts and sums, which add up record by record, so
 * they can be kept as records change and worked out by the database (aggregation queries;
 * functions/src/program-end/) as well as counted from the records here.
 */
export interface CohortTally {
  pairsMade: number;
  pairsCompleted: number;
  /** Pairs ended for each reason other than "goals met". */
  rematchReasons: Record<PairEndReason, number>;
  sessionsHeld: number;
  checkInRatings: number;
  checkInRatingSum: number;
  surveyAnswers: number;
  surveyRatingSum: number;
  wouldRecommend: number;
}

/** The tally of one cohort, counted from the records (`input`). */
export function cohortTally(cohortId: string, input: Omit<ReportInput, 'cohorts'>): CohortTally {
  const mine = <T extends { cohortId: string }>(rows: T[]) =>
    rows.filter((r) => r.cohortId === cohortId);
  const pairs = mine(input.pairs);
  const rematchReasons = zeroReasons();
  for (const a of pairs) {
    if (a.endReason && a.endReason !== 'goals-met') rematchReasons[a.endReason]++;
  }
  const ratings = mine(input.checkIns)
    .map((c) => c.rating)
    .filter((r): r is number => typeof r === 'number');
  const surveys = mine(input.surveys);
  return {
    pairsMade: pairs.length,
    pairsCompleted: pairs.filter((a) => a.completed).length,
    rematchReasons,
    sessionsHeld: mine(input.sessions).length,
    checkInRatings: ratings.length,
    checkInRatingSum: ratings.reduce((a, b) => a + b, 0),
    surveyAnswers: surveys.length,
    surveyRatingSum: surveys.reduce((a, s) => a + s.rating, 0),
    wouldRecommend: surveys.filter((s) => s.wouldRecommend === 'yes').length,
  };
}

/** The figures the report shows, from a cohort's tally (definitions: this file's comment). */
export function figuresOfTally(
  cohort: ReportInput['cohorts'][number],
  tally: CohortTally,
): CohortFigures {
  const rematchReasons = { ...zeroReasons(), ...tally.rematchReasons, 'goals-met': 0 };
  const rematches = PAIR_END_REASONS.reduce((n, r) => n + rematchReasons[r], 0);
  const meanOf = (sum: number, count: number) => (count === 0 ? null : round(sum / count, 2));
  return {
    cohortId: cohort.id,
    cohortName: cohort.name,
    programStart: cohort.programStart,
    programEnd: cohort.programEnd,
    pairsMade: tally.pairsMade,
    sessionsHeld: tally.sessionsHeld,
    pairsCompleted: tally.pairsCompleted,
    completionRate: rate(tally.pairsCompleted, tally.pairsMade),
    rematches,
    rematchReasons,
    checkInRatings: tally.checkInRatings,
    averageCheckInRating: meanOf(tally.checkInRatingSum, tally.checkInRatings),
    surveyAnswers: tally.surveyAnswers,
    averageSurveyRating: meanOf(tally.surveyRatingSum, tally.surveyAnswers),
    wouldRecommendRate: rate(tally.wouldRecommend, tally.surveyAnswers),
  };
}

/**
 * Where the report keeps each cohort's tally as it changes (server only): `reportTallies/{id}`
 * (functions/src/pairs/kept-tallies.ts).
 */
export const REPORT_TALLIES_COLLECTION = COLLECTIONS.reportTallies;

/**
 * The cohort the report opens on: the newest whose program has started by `today` (a report is
 * about pairs; an upcoming cohort or one still taking applications has none yet), else the
 * newest. `cohorts` newest first (by program start); a cohort without dates counts as started.
 */
export function defaultReportCohort<C extends { id: string; programStart: string }>(
  cohorts: readonly C[],
  today: IsoDay,
): C | null {
  return cohorts.find((c) => c.programStart <= today) ?? cohorts[0] ?? null;
}

/** The cohorts the report of `cohortId` shows: it, and those that started before it. */
export function reportCohortsOf<C extends { id: string; programStart: string }>(
  cohorts: readonly C[],
  cohortId: string,
): { cohort: C; earlier: C[] } | null {
  const cohort = cohorts.find((c) => c.id === cohortId);
  if (!cohort) return null;
  const earlier = cohorts
    .filter((c) => c.id !== cohortId && c.programStart < cohort.programStart)
    .sort((a, b) => a.programStart.localeCompare(b.programStart));
  return { cohort, earlier };
}

/** The chosen cohort's figures and those of every cohort that started before it. */
export function cohortReport(input: ReportInput, cohortId: string): CohortReport | null {
  return cohortReportOfTallies(input.cohorts, (id) => cohortTally(id, input), cohortId);
}

/** The same report from each cohort's tally, however it was obtained. */
export function cohortReportOfTallies(
  cohorts: ReportInput['cohorts'],
  tallyOf: (cohortId: string) => CohortTally,
  cohortId: string,
): CohortReport | null {
  const shown = reportCohortsOf(cohorts, cohortId);
  if (!shown) return null;
  return {
    cohort: figuresOfTally(shown.cohort, tallyOf(shown.cohort.id)),
    earlier: shown.earlier.map((c) => figuresOfTally(c, tallyOf(c.id))),
  };
}

// --- CSV (written by csv.ts, the one CSV writer) -------------------------------------------

interface ReportColumn {
  header: string;
  value: (f: CohortFigures) => string | number | null;
}

/** Figures a cell shows as they are (every one but the re-match reasons). */
type PlainFigure = Exclude<keyof CohortFigures, 'rematchReasons'>;

/** Columns that each show one figure as it is: `[header, figure]`. */
const figureColumns = (columns: readonly [string, PlainFigure][]): ReportColumn[] =>
  columns.map(([header, figure]) => ({ header, value: (f) => f[figure] }));

const REPORT_COLUMNS: ReportColumn[] = [
  ...figureColumns([
    ['Cohort', 'cohortName'],
    ['Program start', 'programStart'],
    ['Program end', 'programEnd'],
    ['Pairs made', 'pairsMade'],
    ['Sessions held', 'sessionsHeld'],
    ['Pairs completed', 'pairsCompleted'],
    ['Completion rate', 'completionRate'],
    ['Re-matches', 'rematches'],
  ]),
  ...PAIR_END_REASONS.filter((r) => r !== 'goals-met').map((r) => ({
    header: `Re-matches: ${PAIR_END_REASON_LABELS[r]}`,
    value: (f: CohortFigures) => f.rematchReasons[r],
  })),
  ...figureColumns([
    ['Check-in ratings', 'checkInRatings'],
    ['Mean check-in rating', 'averageCheckInRating'],
    ['Survey answers', 'surveyAnswers'],
    ['Mean survey rating', 'averageSurveyRating'],
    ['Would recommend', 'wouldRecommendRate'],
  ]),
];

/** The report as CSV: the chosen cohort first, then the earlier ones (newest first). */
export function cohortReportCsv(report: CohortReport): string {
  const rows = [report.cohort, ...[...report.earlier].reverse()];
  return csvText([
    REPORT_COLUMNS.map((c) => c.header),
    ...rows.map((f) => REPORT_COLUMNS.map((c) => c.value(f))),
  ]);
}

// --- The final survey's schema ------------------------------------------------------------------

export const surveySchema = object({
  rating: wholeNumber(1, 5, SURVEY_MESSAGES.rating),
  wouldRecommend: string()
    .oneOf([...SURVEY_RECOMMEND], SURVEY_MESSAGES.wouldRecommend)
    .required(SURVEY_MESSAGES.wouldRecommend),
  improve: string()
    .default('')
    .trim()
    .max(SURVEY_IMPROVE_MAX, SURVEY_MESSAGES.improveTooLong)
    .test({
      name: 'hidden-characters',
      message: hiddenCharactersMessage('Your answer', true),
      test: (value) => !value || !hasHiddenCharacters(value, true),
    }),
}).noUnknown();
