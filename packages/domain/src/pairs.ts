/**
 * The months after matching: the records a pair leaves behind and the rules read from them,
 * shared by the site, the function and the daily job. One pair is one `pairs` document;
 * its cohort (`cohortId`) gives its dates.
 *
 * Collections (top level, each document names its pair and cohort so a cohort's report and a
 * person's erasure are one query each):
 * - `sessions/{id}`: a session held, `SessionDoc`.
 * - `checkIns/{id}`: one check-in (one per CHECK_IN_PERIOD) of one participant of one pair,
 *   `CheckInDoc`; its id is `${pairId}_${role}_${period}` so the daily job writes each at
 *   most once.
 * - `certificates/{publicId}`: a certificate of recognition, `CertificateDoc`; the id is public and
 *   unguessable; the document holds only what the certificate shows (plus the ids that erase it).
 *
 * Pairs gain: `endedAt`, `endReason` (PAIR_END_REASONS), `endedBy` ('coordinator' |
 * 'student' | 'mentor'), `endNote` (coordinators only), `completedAt` (set at the cohort's end when
 * the pair meets the completion criterion), `mentorPlaceReleasedAt` (set when the program ends, for
 * every pair still running: the mentor's place is given back). Ended pairs stay (history),
 * `isActive: false`.
 */
import type { IsoDay } from './cohort';
import type { PersonKind } from './people';
import { API, apiUrl, byId } from './api-paths';
import { COLLECTIONS } from './registry';

/** A view of the registry (registry.ts), kept for the modules that name it. */
export const PAIR_COLLECTIONS = {
  sessions: COLLECTIONS.sessions,
  checkIns: COLLECTIONS.checkIns,
  certificates: COLLECTIONS.certificates,
} as const;

/** One 1-hour session a month for four months. */
export const SESSIONS_PER_PAIR = 4;

/**
 * How often each participant is asked whether the pair met, and the words people read for it.
 * It has a name of its own because it only happens to be the program month: sessions (one per
 * program month), the planned-session slot, the session guides and the certificate's count stay
 * monthly whatever the check-ins do. Changing the cadence of check-ins is changing this value:
 * the plan (pair-plan.ts), the daily job, the check-in e-mail and page all read it.
 */
export interface CheckInPeriodDefinition {
  /** Its length on the program's calendar; periods run end to end from the cohort's start. */
  length: { months: number } | { days: number };
  /** How many periods a program has; the last one runs to the cohort's programEnd. */
  count: number;
  /** Its check-in goes out this many days before the period ends (the last day counted). */
  leadDays: number;
  /** An unanswered check-in is still reminded until this many days after its period ended. */
  reminderGraceDays: number;
  words: {
    /** A period by its number in a sentence: "month 2". */
    named: (period: number) => string;
    /** A period by its number at the start of a title: "Month 2". */
    titled: (period: number) => string;
    /** The period under way, as a question asks about it: "this month". */
    current: string;
    /** How often, before a noun: "monthly". */
    adjective: string;
    /** One period in a count: "once per participant and program month". */
    each: string;
  };
}

export const CHECK_IN_PERIOD: CheckInPeriodDefinition = {
  length: { months: 1 },
  count: 4,
  leadDays: 7,
  reminderGraceDays: 7,
  words: {
    named: (period) => `month ${period}`,
    titled: (period) => `Month ${period}`,
    current: 'this month',
    adjective: 'monthly',
    each: 'program month',
  },
};

/** Check-ins each participant of a pair gets over a program: one per period. */
export const CHECK_INS_PER_PAIR = CHECK_IN_PERIOD.count;
/** Completion: at least this many sessions logged by the cohort's end. */
export const COMPLETION_MIN_SESSIONS = 3;

export interface SessionDoc {
  pairId: string;
  cohortId: string;
  studentId: string;
  mentorId: string;
  /** The day the session took place. */
  heldOn: IsoDay;
  loggedBy: PersonKind | 'coordinator';
  /** ISO instant. */
  loggedAt: string;
  /**
   * Who says it was held (coordinators only): `checkIn:<checkInId>` for a check-in's "We met",
   * `log:<role>` for "Log a session" on My application. The session counts while one stands; a
   * check-in's later answer withdraws its own (functions/src/pairs/sessions.ts).
   */
  saidBy: string[];
}

export const CHECK_IN_ANSWERS = ['met', 'not-yet', 'cannot'] as const;
export type CheckInAnswer = (typeof CHECK_IN_ANSWERS)[number];
export const CHECK_IN_ANSWER_LABELS: Record<CheckInAnswer, string> = {
  met: 'We met',
  'not-yet': 'Not yet',
  cannot: 'We won’t be able to',
};

export const FIT_ANSWERS = ['good-fit', 'still-deciding', 'not-a-good-fit'] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];
export const FIT_ANSWER_LABELS: Record<FitAnswer, string> = {
  'good-fit': 'A good fit',
  'still-deciding': 'Still deciding',
  'not-a-good-fit': 'Not a good fit',
};

export interface CheckInDoc {
  pairId: string;
  cohortId: string;
  role: PersonKind;
  personId: string;
  /**
   * 1..CHECK_INS_PER_PAIR: the check-in period it asks about. Stored under the name `month`
   * (and in the id) from when the period was the program month: the name stays so that stored
   * check-ins read the same without a migration.
   */
  month: number;
  /** ISO instants. */
  sentAt: string;
  answeredAt: string | null;
  answer: CheckInAnswer | null;
  /** How it is going, 1 (badly) to 5 (very well). */
  rating: number | null;
  /** For the coordinators only: never shown to the partner. */
  note: string | null;
  /** Asked after the first session. */
  fit: FitAnswer | null;
}

export const PAIR_END_REASONS = [
  'goals-met',
  'not-a-good-fit',
  'unresponsive',
  'left-the-program',
  'other',
] as const;
export type PairEndReason = (typeof PAIR_END_REASONS)[number];
export const PAIR_END_REASON_LABELS: Record<PairEndReason, string> = {
  'goals-met': 'Goals met',
  'not-a-good-fit': 'Not a good fit',
  unresponsive: 'Unresponsive',
  'left-the-program': 'Left the program',
  other: 'Other',
};

export interface CertificateDoc {
  /** As the certificate shows it. */
  fullName: string;
  role: PersonKind;
  cohortName: string;
  programStart: IsoDay;
  programEnd: IsoDay;
  sessionsHeld: number;
  issuedOn: IsoDay;
  /** Not shown: what erases it with the person. */
  personId: string;
  pairId: string;
  cohortId: string;
}

/** Pair health thresholds, in days (pair-health.ts applies them). */
export const PAIR_HEALTH = {
  needsCheckInAfterDaysWithoutSession: 35,
  checkInUnansweredDays: 7,
  atRiskAfterDaysWithoutSession: 45,
  lowRating: 2,
} as const;

export const PAIR_HEALTH_STATES = ['on-track', 'needs-check-in', 'at-risk'] as const;
export type PairHealthState = (typeof PAIR_HEALTH_STATES)[number];
export const PAIR_HEALTH_LABELS: Record<PairHealthState, string> = {
  'on-track': 'On track',
  'needs-check-in': 'Needs a check-in',
  'at-risk': 'At risk',
};

/**
 * What the daily job and the Pairs page read of a pair without further reads: kept on the
 * pair (`progress`) in the transactions that log a session, answer a check-in or send one.
 * Check-ins by `${role}_${month}` (days sent and answered); nudges by key (day sent).
 */
export interface ProblemReport {
  on: IsoDay;
  at: string;
  text: string;
}

/**
 * One "Report a problem" (`problemReports/{id}`), a record of its own so that reports never grow
 * the pair's document (which every later write to the pair rewrites). The reporter's words are
 * for the coordinators; the partner never learns of it.
 */
export interface ProblemReportDoc extends ProblemReport {
  pairId: string;
  cohortId: string;
  role: PersonKind;
  /** The reporter's record id. */
  personId: string;
}

/**
 * Reports kept per reporter in a pair: past this, that side's "Report a problem" is refused
 * (write to the program). Each side has its own allowance, so one partner's reports never use up
 * the other's way to tell the coordinators.
 */
export const PROBLEM_REPORTS_PER_REPORTER = 20;

export const PROBLEM_MESSAGES = {
  tooMany: `You have already sent ${PROBLEM_REPORTS_PER_REPORTER} problem reports about this pairing, the most we keep. The coordinators have them; please write to us directly if something new happened.`,
} as const;

export interface PairProgress {
  sessionsHeld: number;
  lastSessionOn: IsoDay | null;
  ratings: Record<PersonKind, number | null>;
  fit: Record<PersonKind, FitAnswer | null>;
  problemReportedAt: string | null;
  checkIns: Record<string, { sentOn: IsoDay; answeredOn: IsoDay | null }>;
  nudges: Record<string, IsoDay>;
  /** The latest words for the coordinators of each participant (never shown to the partner). */
  notes?: Partial<Record<PersonKind, { on: IsoDay; text: string }>>;
  /** When a mentee's "not a good fit" was e-mailed to the coordinators: once per pair. */
  rematchRequestedAt?: string | null;
}

export const emptyProgress = (): PairProgress => ({
  sessionsHeld: 0,
  lastSessionOn: null,
  ratings: { student: null, mentor: null },
  fit: { student: null, mentor: null },
  problemReportedAt: null,
  checkIns: {},
  nudges: {},
});

/** Who ended a pair. */
export type PairEndedBy = 'coordinator' | PersonKind;

/** Server-only collections of the months after matching (besides PAIR_COLLECTIONS). */
export const PAIR_SERVER_COLLECTIONS = {
  /** One-click check-in links: by the SHA-256 of the token (the token is only in the e-mail). */
  checkInTokens: COLLECTIONS.checkInTokens,
  /** Each nudge and digest sent, by its idempotent key. */
  nudges: COLLECTIONS.nudges,
} as const;

// --- Completion, certificates, final survey --------------------------------------------------

/** The final survey, one per certificate (its id is the certificate's): private to coordinators. */
export const SURVEYS_COLLECTION = COLLECTIONS.surveys;

/** The public page that verifies a certificate by its id, showing only what it shows. */
const CERTIFICATE_PAGE = '/certificates';
export const certificatePagePath = (id: string) => `${CERTIFICATE_PAGE}/${encodeURIComponent(id)}`;

/** The public id: 22 characters of [A-Za-z0-9] (about 131 bits), unguessable. */
const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9]{22}$/;
export const isCertificateId = (value: string) => CERTIFICATE_ID_PATTERN.test(value);

export const PARTICIPANT_ROLE_LABELS: Record<PersonKind, string> = {
  student: 'Mentee (student)',
  mentor: 'Mentor',
};

/** What anyone who has the id sees: exactly what the certificate shows, nothing else. */
export const certificatePaths = {
  /** Public: anyone verifies a certificate by its id. */
  verify: byId(API.certificate),
  /** The signed-in participant's certificates, one's PDF, and the survey that comes with it. */
  mine: API.myCertificates.path,
  pdf: (id: string) => apiUrl(API.myCertificatePdf, { id }),
  survey: (id: string) => apiUrl(API.myCertificateSurvey, { id }),
} as const;

export interface PublicCertificate {
  id: string;
  fullName: string;
  role: PersonKind;
  roleLabel: string;
  cohortName: string;
  programStart: IsoDay;
  programEnd: IsoDay;
  sessionsHeld: number;
  issuedOn: IsoDay;
}

export const publicCertificate = (id: string, doc: CertificateDoc): PublicCertificate => ({
  id,
  fullName: doc.fullName,
  role: doc.role,
  roleLabel: PARTICIPANT_ROLE_LABELS[doc.role],
  cohortName: doc.cohortName,
  programStart: doc.programStart,
  programEnd: doc.programEnd,
  sessionsHeld: doc.sessionsHeld,
  issuedOn: doc.issuedOn,
});

/** A participant's own certificate, as My application lists it. */
export interface MyCertificate extends PublicCertificate {
  /** Whether the final survey of this certificate was answered. */
  surveyAnswered: boolean;
}

export const NO_SUCH_CERTIFICATE = 'No such certificate: check the id, or ask its holder.';

/** Completion is checked for this many days after the program's end (sessions held by the end
 * but logged late still count), then the cohort is closed. */
export const COMPLETION_LATE_LOG_DAYS = 30;

export const SURVEY_RECOMMEND = ['yes', 'no'] as const;
export type SurveyRecommend = (typeof SURVEY_RECOMMEND)[number];

/** The final survey's answers (stored in `surveys/{certificateId}`). */
export interface SurveyAnswers {
  /** Overall, 1 (poor) to 5 (excellent). */
  rating: number;
  wouldRecommend: SurveyRecommend;
  /** What to improve (optional, up to SURVEY_IMPROVE_MAX characters). */
  improve: string;
}

export interface SurveyDoc extends SurveyAnswers {
  certificateId: string;
  pairId: string;
  cohortId: string;
  personId: string;
  role: PersonKind;
  /** ISO instant. */
  answeredAt: string;
}

export const SURVEY_IMPROVE_MAX = 2000;
export const SURVEY_LABELS = {
  rating: 'Overall, how was your mentorship? (1 = poor, 5 = excellent)',
  wouldRecommend: 'Would you recommend the program to a friend?',
  improve: 'What should we improve? (optional)',
} as const;
export const SURVEY_MESSAGES = {
  rating: 'Choose a rating from 1 to 5.',
  wouldRecommend: 'Choose yes or no.',
  improveTooLong: `Keep it under ${SURVEY_IMPROVE_MAX} characters.`,
  answered: 'You already answered this survey: thank you.',
  thanks: 'Thank you: your answers are saved.',
} as const;
