/**
 * The coordinators' view of the outbox: messages that could not be delivered, or are
 * still waiting after a while, with who they were for, which moment, why and since when. Never
 * the message itself (its body may hold links meant for its recipient alone).
 */
import { API, byId } from './api-paths';
import type { PersonKind } from './people';

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
 * (functions/src/email/outbox.ts `MessageTopic`). Add a kind here, then its entry in the e-mail
 * catalogue (email/catalogue.ts: label, audience, moment, links, text, budget): the typecheck
 * fails until it exists.
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
  'account-changed',
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
  /** The record (applicant) or pair the message is about. */
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
