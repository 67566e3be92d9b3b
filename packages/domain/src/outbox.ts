/**
 * The coordinators' view of the outbox: messages that could not be delivered, or are
 * still waiting after a while, with who they were for, which moment, why and since when. Never
 * the message itself (its body may hold links meant for its recipient alone).
 */
import { API, byId } from './api-paths';
import type { PersonKind } from './people';
import { CHECK_IN_PERIOD } from './pairs';

export const outboxPaths = {
  /** GET: undelivered and long-waiting messages; `?subject=<id>` for one record's. */
  undelivered: API.mailUndelivered.path,
  /** POST: a coordinator sends an undelivered message again (a copy; audited). */
  resend: byId(API.mailResend),
} as const;

/** A message still waiting this long is listed as delayed. */
export const MAIL_DELAY_SHOWN_AFTER_MINUTES = 15;

/**
 * The moments the program writes at: every message of the outbox has one of these kinds
 * (functions/src/email/outbox.ts `MessageTopic`). Add a kind here, and its label below.
 */
export const MAIL_KINDS = [
  'application-received',
  'application-exists',
  'new-application',
  'applications-digest',
  'approved',
  'declined',
  'new-pair',
  'coordinator-invitation',
  'password-reset',
  'sign-in-link',
  'carry-forward',
  'opening-alert-confirm',
  'applications-open',
  'check-in',
  'check-in-reminder',
  'no-session-nudge',
  'at-risk-digest',
  'rematch-request',
  'problem-reported',
  'pair-ended',
  'certificate',
  'interview-invitation',
  'interview-cancelled',
  'interview-reminder',
  'nomination-request',
  'classmate-invitation',
  'event-invitation',
  'event-update',
  'event-cancelled',
  'event-reminder',
  'planned-session-proposed',
  'planned-session-invitation',
  'planned-session-cancelled',
  'planned-session-reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The moments as coordinators read them (the undelivered list, a person's page, the history). */
/** A word at the start of a label (the check-in period's adjective). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  'application-received': 'Application received (confirmation link)',
  'application-exists': 'Application already on file',
  'new-application': 'New application (to coordinators)',
  'applications-digest': 'Applications digest (to coordinators)',
  approved: 'Application approved',
  declined: 'Application declined',
  'new-pair': 'New pair introduction',
  'coordinator-invitation': 'Coordinator invitation',
  'password-reset': 'Password reset',
  'sign-in-link': 'Sign-in link (My application)',
  'carry-forward': 'Carry-forward question',
  'opening-alert-confirm': 'Applications open alert: confirm the address',
  'applications-open': 'Applications open alert',
  'check-in': `${capitalised(CHECK_IN_PERIOD.words.adjective)} check-in`,
  'check-in-reminder': 'Check-in reminder',
  'no-session-nudge': 'No-session nudge',
  'at-risk-digest': 'Pairs at risk digest (to coordinators)',
  'rematch-request': 'Re-match request (to coordinators)',
  'problem-reported': 'Problem reported (to coordinators)',
  'pair-ended': 'Pair ended',
  certificate: 'Certificate of recognition',
  'interview-invitation': 'Screening interview invitation',
  'interview-cancelled': 'Screening interview cancelled',
  'interview-reminder': 'Screening interview reminder',
  'nomination-request': 'Nomination question (to the nominator)',
  'classmate-invitation': 'Classmate invitation (Recommend a classmate)',
  'event-invitation': 'Orientation or closing event invitation',
  'event-update': 'Orientation or closing event changed',
  'event-cancelled': 'Orientation or closing event cancelled',
  'event-reminder': 'Closing event reminder',
  'planned-session-proposed': 'Session proposed (to the partner)',
  'planned-session-invitation': 'Planned session invitation',
  'planned-session-cancelled': 'Planned session cancelled',
  'planned-session-reminder': 'Planned session reminder',
};

const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_KIND_LABELS, kind);

/** A stored message's kind as coordinators read it (an unknown kind, e.g. an older one, as is). */
export const mailKindLabel = (kind: string): string =>
  isMailKind(kind) ? MAIL_KIND_LABELS[kind] : kind;

/** Why a message is not delivered (the last failed attempt). */
export type MailFailureClass = 'permanent' | 'unreachable' | 'deferred' | 'interrupted' | 'gave-up';

export const MAIL_FAILURE_TEXT: Record<MailFailureClass, string> = {
  permanent: 'Refused by the mail server (for example, the address does not exist). Not retried.',
  unreachable: 'The mail server could not be reached. Retrying with growing delays.',
  deferred: 'The mail server asked to try again later. Retrying with growing delays.',
  interrupted:
    'Interrupted during a send: it may or may not have arrived, so it is not sent again by itself.',
  'gave-up': 'Still failing after 3 days of retries. Stopped.',
};

export interface UndeliveredMail {
  id: string;
  kind: string;
  /** The record (applicant) or assignment the message is about. */
  subjectId: string;
  /** The applicant's page when the message is about one. */
  person: { kind: PersonKind; id: string } | null;
  /** The recipients (coordinators may see them; never the message). */
  to: string[];
  /** failed: stopped, needs a coordinator; waiting: still retried. */
  status: 'failed' | 'waiting';
  failure: MailFailureClass | null;
  /** The mail server's answer or the connection error (code and text). */
  serverAnswer: string | null;
  /** The first failure (or the message's creation when it waits behind others). */
  since: string;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface UndeliveredMailResponse {
  messages: UndeliveredMail[];
  /** Counts for the dashboard. */
  failed: number;
  waiting: number;
}

export const MAIL_TOASTS = {
  resent: { title: 'E-mail sent again' },
  resendFailed: { title: 'Could not send the e-mail again' },
} as const;
