/**
 * The applicant's own door: an e-mail link signs them in (Firebase Auth e-mail link sign-in),
 * which confirms their address; then they see their application's status, correct it, withdraw
 * it, download their data or have it erased. Paths, answers, statuses and the retention periods
 * live here, shared by the site (My application, the privacy page) and the function.
 */
import { object, string } from 'yup';
import { API, apiUrl } from './api-paths';
import { MAX_LENGTH } from './limits';
import type { PersonKind } from './people';

/** A view of the path table (api-paths.ts). */
export const myApplicationPaths = {
  /** POST `{ email }`, public: sends a sign-in link if that address applied; same answer either way. */
  signInLink: API.signInLink.path,
  /** POST, signed in: confirms the signed-in address's unconfirmed applications. */
  confirm: API.confirm.path,
  /** GET the signed-in applicant's applications; DELETE erases everything about them. */
  me: API.me.path,
  /** PUT corrected answers of one application. */
  application: (role: PersonKind) => apiUrl(API.myApplication, { role }),
  /** POST: withdraws one application. */
  withdraw: (role: PersonKind) => apiUrl(API.myWithdraw, { role }),
  /** GET: every piece of data the program holds about them, as one JSON document. */
  export: API.myExport.path,
  /** GET, coordinators: the same download for a request that arrives by e-mail. */
  adminExport: (role: PersonKind, id: string) =>
    apiUrl(role === 'student' ? API.studentExport : API.mentorExport, { id }),
} as const;

/** Where the browser keeps the address it asked a link for (Firebase's e-mail link flow). */
export const SIGN_IN_EMAIL_STORAGE_KEY = 'mentorship.sign-in-email';

export const signInLinkSchema = object({
  email: string()
    .trim()
    .required('Enter the e-mail address you applied with.')
    .max(MAX_LENGTH.email, `Keep the e-mail address under ${MAX_LENGTH.email} characters.`)
    .email('Enter a valid e-mail address.'),
  /** The address's link key, when this browser holds one (`MyApplicationsResponse.linkKey`). */
  key: string().max(100).optional(),
});

/** Where an application stands, as its owner reads it. */
export type ApplicationStatus =
  'unconfirmed' | 'received' | 'approved' | 'declined' | 'matched' | 'withdrawn' | 'inactive';

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  unconfirmed: 'Waiting for you to confirm your e-mail address',
  received: 'Received: under review',
  approved: 'Approved',
  declined: 'Declined',
  matched: 'Matched',
  withdrawn: 'Withdrawn',
  inactive: 'On hold',
};

/** The status of a stored application (pure: the function and the tests use it). */
export function applicationStatus(p: {
  confirmed?: boolean | null;
  reviewStatus?: string | null;
  isActive: boolean;
  matched: boolean;
}): ApplicationStatus {
  if (p.confirmed === false) return 'unconfirmed';
  if (p.reviewStatus === 'withdrawn') return 'withdrawn';
  if (p.reviewStatus === 'declined') return 'declined';
  if (p.reviewStatus === 'awaiting') return 'received';
  if (p.matched) return 'matched';
  return p.isActive ? 'approved' : 'inactive';
}

/** The other side of an active pair, as the applicant sees them. */
export interface MyMatch {
  name: string;
  email: string | null;
  about: string | null;
  since: string;
}

export interface MyApplication {
  role: PersonKind;
  id: string;
  status: ApplicationStatus;
  statusLabel: string;
  declineReason: string | null;
  appliedAt: string;
  confirmedAt: string | null;
  updatedAt: string;
  withdrawnAt: string | null;
  /** Whether answers other than contact details may still be corrected (awaiting review). */
  canCorrectAnswers: boolean;
  canWithdraw: boolean;
  /** Active pairs: who, how to reach them (a mentor may have several students). */
  matches: MyMatch[];
  /** The application's answers as stored (the wizard's fields). */
  answers: Record<string, unknown>;
}

export interface MyApplicationsResponse {
  email: string;
  applications: MyApplication[];
  /**
   * The address's link key, which the browser keeps and sends with "Check my application": a
   * request that carries it is counted against the address's own allowance only, never refused
   * for the program-wide hourly cap that anyone's requests fill.
   */
  linkKey: string;
}

/** Contact details: correctable whatever the status. */
export const CONTACT_FIELDS: Record<PersonKind, readonly string[]> = {
  student: ['fullName', 'phoneNumber', 'linkedinUrl'],
  mentor: ['fullName', 'phoneNumber', 'linkedinUrl'],
};

export const MY_APPLICATION_MESSAGES = {
  signInLinkSent:
    'If that address has applied, a sign-in link is on its way to it. It works once and expires; ask for a new one at any time.',
  noApplication: 'There is no application for this e-mail address.',
  notCorrectable:
    'Your application has been reviewed: only your contact details can be changed now. Write to us for anything else.',
  notWithdrawable: 'This application cannot be withdrawn in its current state.',
  erased:
    'Your data has been erased and you are signed out. Thank you for your interest in the program.',
  signInRequired: 'Sign in with the link we e-mailed you to continue.',
  emailNotVerified: 'Open the sign-in link from your e-mail to continue.',
  linkSignInOnly:
    'Applications open only with the sign-in link we e-mail: this address has a password (a coordinator account?), so it cannot open them.',
  notConfirmed:
    'The applicant has not confirmed their e-mail address yet; the application cannot be reviewed.',
  withdrawnCannotActivate:
    'This application was withdrawn by the applicant; it cannot be activated.',
} as const;

/** Everything stored about one person: the download. */
export interface MyDataExport {
  exportedAt: string;
  email: string;
  /** Says what is in it and what is not (coordinators' private notes). */
  about: string;
  applications: Record<string, unknown>[];
  pairs: Record<string, unknown>[];
  /** Sessions logged for their pairs, and their own monthly check-ins. */
  sessions?: Record<string, unknown>[];
  checkIns?: Record<string, unknown>[];
  emails: Record<string, unknown>[];
  history: Record<string, unknown>[];
  /** Certificates of recognition and final survey answers. */
  certificates?: Record<string, unknown>[];
  surveys?: Record<string, unknown>[];
  /** A mentor's screening interview booking and its outcome. */
  interviews?: Record<string, unknown>[];
  /** Sessions their pair planned, and their invitations to the cohort's events. */
  plannedSessions?: Record<string, unknown>[];
  eventInvitations?: Record<string, unknown>[];
  /** Their own reports of a problem with their pair (never their partner's). */
  problemReports?: Record<string, unknown>[];
  /** A student's nomination as they gave it (not the nominator's answer: the coordinators'). */
  nominations?: Record<string, unknown>[];
  /** The classmate invitation they sent (without the classmate's address). */
  recommendations?: Record<string, unknown>[];
}

// ---------------------------------------------------------------------------------------------
// Retention: defined once, shown on the privacy page, enforced by the function's scheduled work.

const DAY = 24 * 60 * 60 * 1000;

export const RETENTION = {
  /** An application whose address was never confirmed. */
  unconfirmedDays: 7,
  /** A declined or withdrawn application, from the decision or withdrawal. */
  closedApplicationDays: 180,
  /** An e-mail in the outbox once delivered (or given up on). */
  deliveredEmailDays: 30,
  /** A rate-limit counter after its window ends. */
  rateLimitDays: 1,
  /** A history entry. */
  historyMonths: 24,
  /**
   * Everyone, this many months after their cohort's program ends (the latest of their cohort and
   * their pairs' cohorts). A record with no cohort recorded counts from the later of its
   * application and its latest pair plus `cohortMonths` (one program).
   */
  afterCohortMonths: 24,
  cohortMonths: 4,
  /** An unanswered "keep my application for the next cohort?" question. */
  carryOfferDays: 60,
  /** An unsent "tell me when applications open" address. */
  openingAlertMonths: 12,
  /**
   * A certificate of recognition, from its issue: longer than everything else, because a
   * recognition is worth something only while it can be verified (on a CV, in an application).
   * It holds only what it shows; its holder can erase it at any time from My application.
   */
  certificateYears: 5,
  /** Final survey answers, after the program's end (kept for the cohort report). */
  surveyMonths: 24,
} as const;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
export const addMonths = (date: Date, months: number) => {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** Sentences for the privacy page, from the same numbers the function enforces. */
export const RETENTION_TEXT: string[] = [
  `An application whose e-mail address is not confirmed within ${RETENTION.unconfirmedDays} days is deleted.`,
  `A declined or withdrawn application is deleted ${RETENTION.closedApplicationDays} days after the decision or the withdrawal.`,
  `Copies of the e-mails we send are deleted ${RETENTION.deliveredEmailDays} days after delivery.`,
  `Anti-abuse counters (no addresses, only hashed keys) are deleted ${RETENTION.rateLimitDays} day after their window ends.`,
  `Entries of the coordinators' history are deleted after ${RETENTION.historyMonths} months.`,
  `Everyone else's data is deleted ${RETENTION.afterCohortMonths} months after their cohort's program ends (the latest cohort they took part in).`,
  `An address left to be told when applications open is deleted once that e-mail is sent, or after ${RETENTION.openingAlertMonths} months.`,
  `An unanswered question whether to keep an application for the next cohort expires after ${RETENTION.carryOfferDays} days.`,
  `A certificate of recognition (your name, role, cohort, dates and sessions held) stays verifiable for ${RETENTION.certificateYears} years after it is issued, unless you delete your data; final survey answers are deleted ${RETENTION.surveyMonths} months after the program ends.`,
];
