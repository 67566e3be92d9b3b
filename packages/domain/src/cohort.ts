/**
 * What a cohort is (the contract): its stored shape (a term, Fall, Spring or Summer, and year, an
 * application window, a matching date and a program of four months), where its list rows live,
 * and its phase on a date. The rules that pick cohorts (validation, the open one, the public
 * answer) are in `cohort-records.ts`. The phase is computed from a date, never stored, so it is
 * never out of date. Shared by the site (admin Cohorts page, the wizards, the public pages), the
 * function (the application window, scoping, carry-forward) and the months after matching (the
 * pair's dates come from its cohort).
 *
 * Dates are whole calendar days, `YYYY-MM-DD`, read in UTC: a window is open from the start of
 * `applicationsOpen` to the end of `applicationsClose` (both days included); the program runs from
 * the start of `programStart` to the end of `programEnd`.
 *
 * Where a cohort belongs: `students`, `mentors` and `pairs` documents (and their list rows)
 * carry `cohortId`, the id of a `cohorts` document.
 */
import { COLLECTIONS } from './registry';

export const COHORTS_COLLECTION = COLLECTIONS.cohorts;

/**
 * The local stacks' first cohort (scripts/lib/founding-cohort.ts), and the cohort the report
 * counts records with no cohort under.
 */
export const FOUNDING_COHORT_ID = 'founding';

/**
 * The dashboard's list rows live under their person's cohort: `cohorts/{cohortId}/studentRows/
 * {personId}` and `.../mentorRows/{personId}` (list fields only; the server writes each in the
 * same transaction as its person). One cohort's lists and counts then read that cohort's rows and
 * nothing of the program's history, in production and in the emulator alike (the emulator runs a
 * query by scanning its collection); "All cohorts" reads them as a collection group.
 */
export const ROW_COLLECTIONS = {
  student: COLLECTIONS.studentRows,
  mentor: COLLECTIONS.mentorRows,
} as const;

/**
 * Where the rows of people with no cohort go (added by a coordinator while no cohort existed).
 * Cohort ids are Firestore auto-ids or `founding`: never this.
 */
const NO_COHORT_ROWS = 'no-cohort';

/** The rows collection of one kind of person in one cohort. */
export const rowsPath = (kind: keyof typeof ROW_COLLECTIONS, cohortId: string | null): string =>
  `${COHORTS_COLLECTION}/${cohortId ?? NO_COHORT_ROWS}/${ROW_COLLECTIONS[kind]}`;

export const COHORT_TERMS = ['spring', 'summer', 'fall'] as const;
export type CohortTerm = (typeof COHORT_TERMS)[number];
export const COHORT_TERM_LABELS: Record<CohortTerm, string> = {
  spring: 'Spring',
  summer: 'Summer',
  fall: 'Fall',
};

export const COHORT_PHASES = [
  'upcoming',
  'applications-open',
  'matching',
  'running',
  'completed',
] as const;
export type CohortPhase = (typeof COHORT_PHASES)[number];
export const COHORT_PHASE_LABELS: Record<CohortPhase, string> = {
  upcoming: 'Upcoming',
  'applications-open': 'Applications open',
  matching: 'Matching',
  running: 'Running',
  completed: 'Completed',
};

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

/** The dates of a cohort, as stored in `cohorts/{id}` (plus `createdAt`/`updatedAt` stamps). */
export interface CohortDates {
  applicationsOpen: IsoDay;
  applicationsClose: IsoDay;
  matchingDoneBy: IsoDay;
  programStart: IsoDay;
  programEnd: IsoDay;
}

export interface CohortRecord extends CohortDates {
  /** e.g. "Fall 2027". */
  name: string;
  term: CohortTerm;
  year: number;
}

export interface Cohort extends CohortRecord {
  id: string;
}

/** A stored cohort document as a `Cohort` (the server's reads and the admin's live reads). */
export const cohortFromData = (id: string, data: Record<string, unknown>): Cohort => ({
  id,
  name: String(data.name),
  term: data.term as CohortTerm,
  year: Number(data.year),
  applicationsOpen: String(data.applicationsOpen),
  applicationsClose: String(data.applicationsClose),
  matchingDoneBy: String(data.matchingDoneBy),
  programStart: String(data.programStart),
  programEnd: String(data.programEnd),
});

/** The length of the program, in months, when a coordinator does not choose an end. */
export const PROGRAM_MONTHS = 4;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD` (2027-02-30 is not one). */
export function isIsoDay(value: unknown): value is IsoDay {
  if (typeof value !== 'string') return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The first instant of a day (UTC). */
export const startOfDay = (day: IsoDay): Date => new Date(`${day}T00:00:00.000Z`);
/** The first instant after a day (UTC): a window that closes on `day` is closed from here. */
export const endOfDay = (day: IsoDay): Date => new Date(startOfDay(day).getTime() + DAY_MS);
/** The day (UTC) an instant falls on. */
export const isoDayOf = (date: Date): IsoDay => date.toISOString().slice(0, 10);

/** The day `months` calendar months after `day`, less one day (a 4-month program's last day). */
export function programEndFor(programStart: IsoDay, months = PROGRAM_MONTHS): IsoDay {
  const start = startOfDay(programStart);
  const end = new Date(start.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return isoDayOf(new Date(end.getTime() - DAY_MS));
}

/**
 * The phase of a cohort on `now`: before its window, upcoming; in it, applications open; after
 * it until the program starts, matching; during the program, running; after its end, completed.
 */
export function cohortPhase(dates: CohortDates, now: Date): CohortPhase {
  const t = now.getTime();
  if (t < startOfDay(dates.applicationsOpen).getTime()) return 'upcoming';
  if (t < endOfDay(dates.applicationsClose).getTime()) return 'applications-open';
  if (t < startOfDay(dates.programStart).getTime()) return 'matching';
  if (t < endOfDay(dates.programEnd).getTime()) return 'running';
  return 'completed';
}
