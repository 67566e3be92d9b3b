/**
 * The months after matching over HTTP: paths, request schemas (the forms and the server validate
 * with the same ones) and answer shapes for check-ins (public, by the e-mailed token), the
 * participant's pair on My application (signed in) and the coordinators' Pairs page.
 */
import { mixed, number, object, string, type InferType } from 'yup';
import { isIsoDay, type IsoDay } from './cohort';
import {
  CHECK_IN_ANSWERS,
  FIT_ANSWERS,
  PAIR_END_REASONS,
  type CheckInAnswer,
  type FitAnswer,
  type PairEndReason,
  type PairHealthState,
} from './pairs';
import type { PlannedItem } from './pair-plan';
import type { PlannedSessionView } from './planned-sessions';
import type { SessionGuide } from './session-guides';
import type { PersonKind } from './people';
import { API, apiUrl, byId } from './api-paths';
import { linkTokenField } from './links';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text-safety';

export const pairPaths = {
  /**
   * Public, by the token of the e-mailed link, always in the POST body (never in a path a log
   * keeps): `view` reads the check-in (changes nothing), `answer` records the person's click.
   */
  checkInView: API.checkInView.path,
  checkInAnswer: API.checkInAnswer.path,
  /** GET the signed-in participant's pairs. */
  myPairs: API.myPairs.path,
  /** POST a session held; POST the fit answer; POST a problem. Signed in. */
  mySession: byId(API.myPairSessions),
  myFit: byId(API.myPairFit),
  myProblem: byId(API.myPairProblem),
  /** POST a proposal; POST accept, counter or cancel a planned session. Signed in. */
  myPlanned: byId(API.myPairPlanned),
  myPlannedAction: (id: string, plannedId: string, action: 'accept' | 'counter' | 'cancel') =>
    apiUrl(
      action === 'accept'
        ? API.myPairPlannedAccept
        : action === 'counter'
          ? API.myPairPlannedCounter
          : API.myPairPlannedCancel,
      { id, plannedId },
    ),
  /** Admin: health of every pair (`?cohort=<id>` narrows to one cohort). */
  pairs: API.pairHealth.path,
  /** Admin: what the daily job will send in the next 14 days (`?cohort=<id>`). */
  preview: API.pairsPreview.path,
  /** Admin: POST ends a pair with a reason. */
  end: byId(API.pairEnd),
} as const;

/** Where the check-in links open (a page of the site, under My application's rewrite). */
export const CHECK_IN_PAGE = '/my-application/check-in';

const PAIR_NOTE_MAX = 2000;
const note = string()
  .nullable()
  .default(null)
  .trim()
  .max(PAIR_NOTE_MAX, `Keep it under ${PAIR_NOTE_MAX} characters.`)
  .test(
    'safe',
    hiddenCharactersMessage('This note', true),
    (v) => !v || !hasHiddenCharacters(v, true),
  );
const day = (label: string) =>
  string()
    .nullable()
    .default(null)
    .test('day', `${label} must be a date (YYYY-MM-DD).`, (v) => v == null || isIsoDay(v));
const rating = number()
  .nullable()
  .default(null)
  .typeError('Choose how it is going, from 1 to 5.')
  .integer('Choose how it is going, from 1 to 5.')
  .min(1, 'Choose how it is going, from 1 to 5.')
  .max(5, 'Choose how it is going, from 1 to 5.');
const fit = mixed<FitAnswer>()
  .nullable()
  .default(null)
  .oneOf([...FIT_ANSWERS, null], 'Choose one of the answers.');

export const checkInAnswerSchema = object({
  answer: mixed<CheckInAnswer>()
    .required('Choose an answer.')
    .oneOf([...CHECK_IN_ANSWERS], 'Choose an answer.'),
  heldOn: day('The date of the session'),
  rating,
  note,
  fit,
});
export type CheckInAnswerInput = InferType<typeof checkInAnswerSchema>;

const CHECK_IN_LINK_MESSAGE = 'This check-in link is incomplete. Open it from the e-mail again.';
/** The body of POST /api/check-ins/view: the link's token. */
export const checkInTokenSchema = object({
  token: linkTokenField(CHECK_IN_LINK_MESSAGE),
});
/** The body of POST /api/check-ins/answer: the token and the answer. */
export const checkInLinkAnswerSchema = checkInAnswerSchema.concat(checkInTokenSchema);

export const logSessionSchema = object({
  heldOn: day('The date of the session').required('Enter the date of the session.'),
  rating,
  note,
});
export type LogSessionInput = InferType<typeof logSessionSchema>;

export const fitSchema = object({
  fit: mixed<FitAnswer>()
    .required('Choose one of the answers.')
    .oneOf([...FIT_ANSWERS], 'Choose one of the answers.'),
});

export const reportProblemSchema = object({
  note: string()
    .required('Tell us what is wrong.')
    .trim()
    .max(PAIR_NOTE_MAX, `Keep it under ${PAIR_NOTE_MAX} characters.`)
    .test(
      'safe',
      hiddenCharactersMessage('This note', true),
      (v) => !hasHiddenCharacters(v ?? '', true),
    ),
});

export const endPairSchema = object({
  reason: mixed<PairEndReason>()
    .required('Choose a reason.')
    .oneOf([...PAIR_END_REASONS], 'Choose a reason.'),
  note,
});
export type EndPairInput = InferType<typeof endPairSchema>;

/** GET /api/check-ins/:token */
export interface CheckInView {
  role: PersonKind;
  /** The check-in period's number (named as the stored check-in's field, CheckInDoc). */
  month: number;
  firstName: string;
  partnerName: string;
  answer: CheckInAnswer | null;
  heldOn: IsoDay | null;
  rating: number | null;
  note: string | null;
  fit: FitAnswer | null;
  /** The fit question is asked once a session was held. */
  askFit: boolean;
  /** The pair ended: nothing can be answered any more. */
  closed: boolean;
}

/** One of the signed-in participant's pairs (My application). */
export interface MyPair {
  pairId: string;
  role: PersonKind;
  partnerName: string;
  active: boolean;
  sessionsHeld: number;
  lastSessionOn: IsoDay | null;
  myFit: FitAnswer | null;
  askFit: boolean;
  problemReported: boolean;
  endedAt: string | null;
  endReason: PairEndReason | null;
  /** The pair's program month today (0 before the program, 5 after it). */
  month: number;
  /** Sessions planned ahead, and past ones nobody logged (a running pair's; else none). */
  planned: PlannedSessionView[];
}
export interface MyPairsResponse {
  pairs: MyPair[];
  /** The four months' session guides in force. */
  guides: SessionGuide[];
}
/** What a planned session's change answers: the pairs again and the message to show. */
export interface MyPairsChange extends MyPairsResponse {
  message: string;
}

/** One row of the Pairs page. */
export interface PairHealthRow {
  id: string;
  cohortId: string;
  studentId: string;
  mentorId: string;
  studentName: string;
  mentorName: string;
  sessionsHeld: number;
  lastSessionOn: IsoDay | null;
  ratings: { student: number | null; mentor: number | null };
  fit: { student: FitAnswer | null; mentor: FitAnswer | null };
  state: PairHealthState;
  reasons: string[];
  active: boolean;
  endedAt: string | null;
  endReason: PairEndReason | null;
  /** Each participant's latest words for the coordinators (never shown to the partner). */
  notes: { role: PersonKind; on: IsoDay; text: string }[];
  /** Every problem either participant reported, oldest first. */
  problems: { by: PersonKind; on: IsoDay; text: string }[];
}
/** What the Pairs page shows: every running pair, one state's, or the ended ones. */
export const PAIR_LIST_FILTERS = ['all', 'on-track', 'needs-check-in', 'at-risk', 'ended'] as const;
export type PairListFilter = (typeof PAIR_LIST_FILTERS)[number];
/** Pairs a page of the list holds. */
export const PAIR_LIST_PAGE = 50;

/**
 * One page of the Pairs page's list (GET `?cohort=&show=&after=`): the pairs in order, the
 * counts of the whole cohort, and the cursor of the next page (null on the last).
 */
export interface PairsResponse {
  today: IsoDay;
  show: PairListFilter;
  pairs: PairHealthRow[];
  counts: Record<PairHealthState, number>;
  ended: number;
  /** Pairs the chosen filter holds in all. */
  total: number;
  next: string | null;
}

export interface PreviewItem {
  kind: PlannedItem['kind'] | 'at-risk-digest';
  /** Who gets it: the student, the mentor, both, or the coordinators. */
  to: string;
  pairId: string | null;
  pair: string | null;
  detail: string;
}
export interface PreviewResponse {
  days: { day: IsoDay; items: PreviewItem[] }[];
}
