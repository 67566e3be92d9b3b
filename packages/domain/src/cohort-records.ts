/**
 * Choosing among cohorts, built on the contract in `cohort.ts`: the schema coordinators'
 * create and edit go through (field messages for dates that contradict each other), which cohort
 * takes applications on a date, which one the admin area opens on, and the public answer the
 * wizards read.
 *
 * Rules stated once:
 * - Dates must run `applicationsOpen ≤ applicationsClose < matchingDoneBy ≤ programStart ≤
 *   programEnd`; an empty `programEnd` means 4 months from the start (`programEndFor`).
 * - **The open cohort** on a date: of the cohorts whose window contains it, the one whose window
 *   closes first (ties: the earlier opening, then the id). Windows may overlap; the form warns of
 *   nothing, the rule decides.
 * - **The next opening**: of the upcoming cohorts, the one whose window opens first.
 * - **The current cohort** (the admin area's default): of the cohorts in applications-open,
 *   matching or running, the most recent (latest `applicationsOpen`); when there is none, the
 *   next upcoming one; when there is none, the most recently completed; when there are no
 *   cohorts, none.
 */
import type { Stats } from './api';
import { boolean, mixed, object, string, type InferType } from 'yup';
import { wholeNumber } from './schemas';
import { linkTokenField } from './links';
import {
  COHORT_TERMS,
  cohortPhase,
  isIsoDay,
  programEndFor,
  type Cohort,
  type CohortDates,
  type CohortPhase,
  type CohortTerm,
  type IsoDay,
} from './cohort';
import { API, byId } from './api-paths';
import { RETENTION } from './my-application';
import { formatDay } from './dates';
import { COLLECTIONS } from './registry';
import { hasHiddenCharacters, hiddenCharactersMessage, isStrictEmail } from './text-safety';

const COHORT_NAME_MAX = 60;

export const COHORT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${COHORT_NAME_MAX} characters.`,
  termRequired: 'Choose a term.',
  yearInvalid: 'Enter a year between 2020 and 2100.',
  dateRequired: (label: string) => `${label} is required.`,
  dateInvalid: (label: string) => `${label} must be a real date (YYYY-MM-DD).`,
  closeBeforeOpen: 'Applications must close on or after the day they open.',
  matchingNotAfterClose: 'Matching must be done after applications close.',
  startBeforeMatching: 'The program must start on or after the day matching is done.',
  endBeforeStart: 'The program must end on or after the day it starts.',
  created: (name: string) => `Cohort ${name} created.`,
  updated: (name: string) => `Cohort ${name} saved.`,
  notFound: 'This cohort does not exist.',
  /** The public API's refusal outside every window: it names the next opening, if any. */
  closed: (next: Pick<Cohort, 'name' | 'applicationsOpen'> | null) =>
    next
      ? `Applications are closed. The next cohort, ${next.name}, opens for applications on ${formatDay(next.applicationsOpen)}.`
      : 'Applications are closed. No next cohort has been announced yet.',
} as const;

export const COHORT_DATE_LABELS: Record<keyof CohortDates, string> = {
  applicationsOpen: 'Applications open',
  applicationsClose: 'Applications close',
  matchingDoneBy: 'Matching done by',
  programStart: 'Program start',
  programEnd: 'Program end',
};

const day = (field: keyof CohortDates) =>
  string()
    .trim()
    .required(COHORT_MESSAGES.dateRequired(COHORT_DATE_LABELS[field]))
    .typeError(COHORT_MESSAGES.dateInvalid(COHORT_DATE_LABELS[field]))
    .test('day', COHORT_MESSAGES.dateInvalid(COHORT_DATE_LABELS[field]), (value) =>
      value ? isIsoDay(value) : true,
    );

/** Compares two sibling days only when both are real days (each has its own message else). */
const after = (other: keyof CohortDates, ok: (value: IsoDay, other: IsoDay) => boolean) =>
  function test(this: { parent: Record<string, unknown> }, value: unknown): boolean {
    const before = this.parent[other];
    if (!isIsoDay(value) || !isIsoDay(before)) return true;
    return ok(value, before);
  };

/** POST /api/admin/cohorts, PUT /api/admin/cohorts/:id, and the admin Cohorts form. */
export const cohortSchema = object({
  name: string()
    .trim()
    .required(COHORT_MESSAGES.nameRequired)
    .typeError(COHORT_MESSAGES.nameRequired)
    .max(COHORT_NAME_MAX, COHORT_MESSAGES.nameTooLong)
    .test('one-line', hiddenCharactersMessage('Name'), (v) => !v || !hasHiddenCharacters(v)),
  term: mixed<CohortTerm>()
    .oneOf([...COHORT_TERMS], COHORT_MESSAGES.termRequired)
    .required(COHORT_MESSAGES.termRequired),
  year: wholeNumber(2020, 2100, COHORT_MESSAGES.yearInvalid),
  applicationsOpen: day('applicationsOpen'),
  applicationsClose: day('applicationsClose').test(
    'order',
    COHORT_MESSAGES.closeBeforeOpen,
    after('applicationsOpen', (v, o) => v >= o),
  ),
  matchingDoneBy: day('matchingDoneBy').test(
    'order',
    COHORT_MESSAGES.matchingNotAfterClose,
    after('applicationsClose', (v, o) => v > o),
  ),
  programStart: day('programStart').test(
    'order',
    COHORT_MESSAGES.startBeforeMatching,
    after('matchingDoneBy', (v, o) => v >= o),
  ),
  /** Empty: 4 months from the start (filled in by `withProgramEnd`). */
  programEnd: string()
    .trim()
    .default('')
    .test('day', COHORT_MESSAGES.dateInvalid('Program end'), (v) => !v || isIsoDay(v))
    .test(
      'order',
      COHORT_MESSAGES.endBeforeStart,
      after('programStart', (v, o) => v >= o),
    ),
});
export type CohortInput = InferType<typeof cohortSchema>;

/** The record to store: an empty end is the start plus 4 months. */
export const withProgramEnd = (input: CohortInput): Omit<Cohort, 'id'> => ({
  name: input.name,
  term: input.term,
  year: input.year,
  applicationsOpen: input.applicationsOpen,
  applicationsClose: input.applicationsClose,
  matchingDoneBy: input.matchingDoneBy,
  programStart: input.programStart,
  programEnd: input.programEnd || programEndFor(input.programStart),
});

const byThen =
  <T>(...keys: ((c: T) => string)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const d = key(a).localeCompare(key(b));
      if (d !== 0) return d;
    }
    return 0;
  };

/** The cohort that takes applications on `now` (see the rule above), or null. */
export function openCohort<C extends Cohort>(cohorts: readonly C[], now: Date): C | null {
  const open = cohorts.filter((c) => cohortPhase(c, now) === 'applications-open');
  open.sort(
    byThen(
      (c) => c.applicationsClose,
      (c) => c.applicationsOpen,
      (c) => c.id,
    ),
  );
  return open[0] ?? null;
}

/** The upcoming cohort whose window opens first, or null. */
export function nextOpening<C extends Cohort>(cohorts: readonly C[], now: Date): C | null {
  const upcoming = cohorts.filter((c) => cohortPhase(c, now) === 'upcoming');
  upcoming.sort(
    byThen(
      (c) => c.applicationsOpen,
      (c) => c.id,
    ),
  );
  return upcoming[0] ?? null;
}

const LIVE_PHASES: CohortPhase[] = ['applications-open', 'matching', 'running'];

/** The admin area's default cohort (see the rule above), or null when there are none. */
export function currentCohort<C extends Cohort>(cohorts: readonly C[], now: Date): C | null {
  const live = cohorts.filter((c) => LIVE_PHASES.includes(cohortPhase(c, now)));
  if (live.length > 0) {
    return [...live].sort(
      byThen(
        (c) => c.applicationsOpen,
        (c) => c.id,
      ),
    )[live.length - 1] as C;
  }
  const next = nextOpening(cohorts, now);
  if (next) return next;
  const done = [...cohorts].sort(
    byThen(
      (c) => c.programEnd,
      (c) => c.id,
    ),
  );
  return done[done.length - 1] ?? null;
}

/** The cohorts as a list shows them: newest window first. */
export const newestCohortsFirst = <C extends Cohort>(cohorts: readonly C[]): C[] =>
  [...cohorts]
    .sort(
      byThen(
        (c) => c.applicationsOpen,
        (c) => c.id,
      ),
    )
    .reverse();

/** GET /api/cohorts/current (public): what the wizards and public pages say. */
export interface PublicCohorts {
  /** The sentence the wizards show (COHORT_NOTICE), composed once here. */
  notice: string;
  /** The line the home page and For Students show (`cohortDatesText`), composed once here. */
  dates: string;
  open: Pick<Cohort, 'id' | 'name' | 'applicationsClose' | 'programStart'> | null;
  next: Pick<Cohort, 'id' | 'name' | 'applicationsOpen' | 'programStart'> | null;
}

export function publicCohorts(cohorts: readonly Cohort[], now: Date): PublicCohorts {
  const open = openCohort(cohorts, now);
  const next = nextOpening(cohorts, now);
  const answer: Omit<PublicCohorts, 'notice' | 'dates'> = {
    open: open
      ? {
          id: open.id,
          name: open.name,
          applicationsClose: open.applicationsClose,
          programStart: open.programStart,
        }
      : null,
    next: next
      ? {
          id: next.id,
          name: next.name,
          applicationsOpen: next.applicationsOpen,
          programStart: next.programStart,
        }
      : null,
  };
  return {
    notice: answer.open ? COHORT_NOTICE.open(answer.open) : COHORT_NOTICE.closed(answer.next),
    dates: cohortDatesText(answer),
    ...answer,
  };
}

/** "the Fall 2027 cohort", "the Founding cohort" (a name that says "cohort" already). */
export const theCohort = (name: string) => `the ${name}${/\bcohort$/i.test(name) ? '' : ' cohort'}`;

/** What the wizards say above the form. */
export const COHORT_NOTICE = {
  open: (open: NonNullable<PublicCohorts['open']>) =>
    `You are applying to ${theCohort(open.name)}. Applications close on ${formatDay(open.applicationsClose)}.`,
  closed: (next: PublicCohorts['next']) =>
    next
      ? `Applications are closed right now. The next cohort, ${next.name}, opens for applications on ${formatDay(next.applicationsOpen)}.`
      : 'Applications are closed right now. The next cohort has not been announced yet.',
} as const;

/**
 * What the home page and For Students say about the program's dates (the `[data-cohort-dates]`
 * line), composed from the same public answer as the wizards' notice and in its words. The
 * prerendered HTML carries `neutral` when the build was given no records (true whatever they
 * say); the page's script and the React pages replace it with `cohortDatesText(answer)`.
 */
export const COHORT_DATES = {
  neutral:
    'New cohorts start each semester (Fall, Spring and Summer); applications close 4-6 weeks before a cohort starts.',
  open: (open: NonNullable<PublicCohorts['open']>) =>
    `Applications for ${theCohort(open.name)} are open until ${formatDay(open.applicationsClose)}. The cohort starts on ${formatDay(open.programStart)}.`,
  next: (next: NonNullable<PublicCohorts['next']>) =>
    `Applications are closed right now. The next cohort, ${next.name}, opens for applications on ${formatDay(next.applicationsOpen)} and starts on ${formatDay(next.programStart)}.`,
  none: COHORT_NOTICE.closed(null),
} as const;

/** The public pages' dates line for an answer of GET /api/cohorts/current (null: not known). */
export function cohortDatesText(answer: Pick<PublicCohorts, 'open' | 'next'> | null): string {
  if (!answer) return COHORT_DATES.neutral;
  if (answer.open) return COHORT_DATES.open(answer.open);
  if (answer.next) return COHORT_DATES.next(answer.next);
  return COHORT_DATES.none;
}

const isWindow = (value: unknown, day: 'applicationsClose' | 'applicationsOpen'): boolean => {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.name === 'string' &&
    record.name.trim() !== '' &&
    isIsoDay(record[day]) &&
    isIsoDay(record.programStart)
  );
};

/**
 * True for an answer of GET /api/cohorts/current as the dates line reads it (what a build given
 * `COHORTS_SOURCE` checks before it writes a date into the HTML).
 */
export function isPublicCohortsAnswer(
  value: unknown,
): value is Pick<PublicCohorts, 'open' | 'next'> {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    'open' in answer &&
    'next' in answer &&
    isWindow(answer.open, 'applicationsClose') &&
    isWindow(answer.next, 'applicationsOpen')
  );
}

/**
 * How long GET /api/cohorts/current may be reused: Hosting's CDN keeps it 5 minutes (a busy home
 * page costs the function one call per edge location every 5 minutes); browsers ask again on
 * every page load (max-age=0, answered from the CDN). A coordinator's edit therefore shows on the
 * public pages within PUBLIC_COHORTS_CACHE_MINUTES.
 */
export const PUBLIC_COHORTS_CACHE_SECONDS = 300;
export const PUBLIC_COHORTS_CACHE_MINUTES = PUBLIC_COHORTS_CACHE_SECONDS / 60;
export const PUBLIC_COHORTS_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_COHORTS_CACHE_SECONDS}`;

/** A cohort as the admin API answers it: the record, its id and its phase today. */
export interface CohortView extends Cohort {
  phase: CohortPhase;
}

export interface CohortsResponse {
  cohorts: CohortView[];
  /** The admin area's default (see `currentCohort`). */
  currentId: string | null;
}

export const cohortPaths = {
  list: API.cohorts.path,
  cohort: byId(API.cohort),
  /** Public: the open cohort and the next opening. */
  current: API.currentCohort.path,
} as const;

/** The admin area's choice meaning every cohort. */
export const ALL_COHORTS = 'all';

/**
 * GET /api/admin/stats?scope=current: the counts of the cohort the server takes as current
 * (`currentCohort`; every cohort's when there is none) and which one that was. The dashboard asks
 * this the moment sign-in succeeds, before it has read the cohorts itself.
 */
export const CURRENT_SCOPE = { param: 'scope', value: 'current' } as const;

export interface CurrentStats {
  /** The current cohort's id, or null when there is none (then `stats` counts every cohort). */
  cohortId: string | null;
  stats: Stats;
}

/** The query parameter that scopes GET /api/admin/stats to one cohort (absent: every cohort). */
export const COHORT_PARAM = 'cohort';

/** A cohort id as the admin area passes it around (route params, the picker). */
export const isCohortId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) && value !== ALL_COHORTS;

// ---------------------------------------------------------------------------------------------
// "Tell me when applications open": an address left on a wizard while no cohort is open.

/**
 * Opening alerts (`openingAlerts/{sha256 of the address}`): the address and the consent to one
 * e-mail. The daily job sends "Applications are open" once a cohort takes applications and
 * deletes the alert with it; unsent alerts expire after OPENING_ALERT_MONTHS (TTL `expireAt`),
 * and an erasure deletes the person's. Per-client rate limit like the forms; the answer is the
 * same whether or not the address was already there.
 */
export const OPENING_ALERTS_COLLECTION = COLLECTIONS.openingAlerts;
export const OPENING_ALERT_MONTHS = RETENTION.openingAlertMonths;

export const openingAlertPaths = {
  create: API.openingAlerts.path,
  /** The page the confirmation e-mail links to (`#token=`): a button, opening it does nothing. */
  page: '/my-application/opening-alert',
  /** Public: POST { token } confirms the alert. */
  confirm: API.openingAlertConfirm.path,
} as const;

export const OPENING_ALERT_MESSAGES = {
  consent: 'Please agree to receive this one e-mail.',
  email: 'Enter a valid email address, like name@example.com.',
  saved:
    'Thank you. Please confirm with the link we have e-mailed you: then we will e-mail you once when applications open.',
  invalid: 'This link is incomplete or no longer works. Please leave your address again.',
  confirmed: 'Confirmed. We will e-mail you once when applications open.',
} as const;

export const openingAlertConfirmSchema = object({
  token: linkTokenField(OPENING_ALERT_MESSAGES.invalid),
});

export const openingAlertSchema = object({
  email: string()
    .trim()
    .required(OPENING_ALERT_MESSAGES.email)
    .typeError(OPENING_ALERT_MESSAGES.email)
    .max(254, OPENING_ALERT_MESSAGES.email)
    .test('email', OPENING_ALERT_MESSAGES.email, (v) => !v || isStrictEmail(v)),
  consent: boolean()
    .typeError(OPENING_ALERT_MESSAGES.consent)
    .required(OPENING_ALERT_MESSAGES.consent)
    .oneOf([true], OPENING_ALERT_MESSAGES.consent),
});
