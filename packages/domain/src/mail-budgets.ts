/**
 * How much of each kind of e-mail someone's action may make the program send: one entry per
 * kind of the outbox (`MAIL_KINDS`), so a new kind cannot be added without saying how it is
 * bounded (the `Record` type fails the typecheck, mail-budgets.test.ts enumerates the kinds).
 *
 * - `gate`: the e-mail passes the one mail gate (functions/src/email/gate.ts) in the transaction
 *   of the action that causes it, counted per sender (the signed-in account, or the client's
 *   address), per recipient (the address as the caps normalise it: case, `+tag`, Gmail's dots)
 *   and program-wide, each in a window of its own. Past any of them the action is refused with
 *   `MAIL_LIMIT_MESSAGE` naming when to try again (429), before anything is saved.
 * - `per-subject`: at most `max` e-mails per subject, whatever is done again (the count is kept
 *   on the subject: a pair, a mentor's interview booking).
 * - `follows`: each one answers an earlier e-mail of a gated kind (an acceptance or a
 *   cancellation of a proposal), at most one per such e-mail, so the gate on that kind bounds it.
 * - `public-door`: sent by a public door, which counts it under its own caps (per client, per
 *   recipient per day, program-wide per hour: functions/src/abuse/).
 * - `coordinator`: sent because a coordinator acted on a record (a decision, a pairing, an event,
 *   an invitation); at most one per record and change, and only coordinators can cause it.
 * - `scheduled`: not caused by anyone's action: the daily work sends it, once per its key.
 */
import { INTERVIEW_RULES } from './interviews';
import { MAIL_KINDS, type MailKind } from './outbox';
import { CHECK_IN_PERIOD } from './pairs';

/** At most `max` e-mails in a window of `minutes`, anchored at the first one counted. */
export interface MailWindow {
  max: number;
  minutes: number;
}

export type MailBudget =
  | {
      bound: 'gate';
      perSender: MailWindow;
      perRecipient: MailWindow;
      programWide: MailWindow;
      /** What the person asked for, in the refusal: "session proposals". */
      what: string;
    }
  | { bound: 'per-subject'; max: number; per: string }
  | { bound: 'follows'; kind: MailKind; why: string }
  | { bound: 'public-door'; door: string }
  | { bound: 'coordinator'; why: string }
  | { bound: 'scheduled'; why: string };

const DAY = 24 * 60;
const HOUR = 60;

const scheduled = (why: string): MailBudget => ({ bound: 'scheduled', why });
const door = (name: string): MailBudget => ({ bound: 'public-door', door: name });
const coordinator = (why: string): MailBudget => ({ bound: 'coordinator', why });

export const MAIL_BUDGETS: Readonly<Record<MailKind, MailBudget>> = {
  'application-received': door('the application forms (public caps)'),
  'application-exists': door('the application forms (public caps)'),
  'new-application': door('the application forms (coordinator notes per hour, then a digest)'),
  'applications-digest': door('the application forms (one digest per hour)'),
  approved: coordinator('a review decision, once per decision'),
  declined: coordinator('a review decision, once per decision'),
  'new-pair': coordinator('a pair created, once per pair'),
  'coordinator-invitation': coordinator('an invitation to the team, once per invitation'),
  'password-reset': door('"Forgot password" (door caps)'),
  'sign-in-link': door('"Check my application" (door caps)'),
  'carry-forward': scheduled('the daily work asks once per application and cohort'),
  'opening-alert-confirm': door('"Tell me when applications open" (door caps)'),
  'applications-open': scheduled('the daily work, once per confirmed alert, then it is deleted'),
  'check-in': scheduled(`the daily work, once per participant and ${CHECK_IN_PERIOD.words.each}`),
  'check-in-reminder': scheduled('the daily work, once per check-in'),
  'no-session-nudge': scheduled('the daily work, once per pair and key'),
  'at-risk-digest': scheduled('the daily work, one digest a week'),
  'rematch-request': { bound: 'per-subject', max: 1, per: 'pair (progress.rematchRequestedAt)' },
  'problem-reported': {
    bound: 'gate',
    what: 'problem reports',
    perSender: { max: 5, minutes: DAY },
    perRecipient: { max: 100, minutes: DAY },
    programWide: { max: 300, minutes: HOUR },
  },
  'pair-ended': coordinator('a pair ended, once per pair'),
  certificate: coordinator("a cohort's completion run, once per person and cohort"),
  'interview-invitation': {
    bound: 'per-subject',
    max: INTERVIEW_RULES.maxChanges,
    per: "mentor's booking: a mentor books, moves or cancels at most that many times",
  },
  'interview-cancelled': {
    bound: 'per-subject',
    max: INTERVIEW_RULES.maxChanges,
    per: "mentor's booking: a mentor books, moves or cancels at most that many times",
  },
  'interview-reminder': scheduled('the daily work, once per booking'),
  'nomination-request': door('the student application form (public caps), once per nomination'),
  'classmate-invitation': door('"Recommend a classmate" (door caps)'),
  'event-invitation': coordinator('an event saved, once per invitee and version'),
  'event-update': coordinator('an event changed, once per invitee and version'),
  'event-cancelled': coordinator('an event removed, once per invitee'),
  'event-reminder': scheduled('the daily work, once per invitee and event'),
  'planned-session-proposed': {
    bound: 'gate',
    what: 'session proposals',
    perSender: { max: 10, minutes: DAY },
    perRecipient: { max: 15, minutes: DAY },
    programWide: { max: 2000, minutes: HOUR },
  },
  'planned-session-invitation': {
    bound: 'follows',
    kind: 'planned-session-proposed',
    why: 'accepting answers one proposal; a proposal is accepted at most once',
  },
  'planned-session-cancelled': {
    bound: 'follows',
    kind: 'planned-session-proposed',
    why: 'a planned session, made by a proposal, is cancelled at most once',
  },
  'planned-session-reminder': scheduled('the daily work, once per accepted session'),
};

/** The kinds that pass the mail gate (a kind without a budget, caught by the tests, is none). */
export const GATED_MAIL_KINDS = MAIL_KINDS.filter(
  (k) => Object.hasOwn(MAIL_BUDGETS, k) && MAIL_BUDGETS[k].bound === 'gate',
);

/**
 * The refusal when a gated e-mail is over a limit: what happened, that nothing was saved, and the
 * time to try again (`when`: already formatted for the reader).
 */
export const MAIL_LIMIT_MESSAGE = (what: string, when: string): string =>
  `You have sent too many ${what} for now, so this one was not sent and nothing was changed. Please try again after ${when}.`;

/** When the program as a whole is over a kind's limit (nobody's own doing). */
export const MAIL_PROGRAM_LIMIT_MESSAGE = (what: string, when: string): string =>
  `We are sending an unusual number of ${what} right now, so this one was not sent and nothing was changed. Please try again after ${when}.`;

/** A budget as docs/email.md states it: "10 per sender a day; …" or the bound in words. */
export function describeMailBudget(budget: MailBudget): string {
  const span = (w: MailWindow) =>
    w.minutes === DAY ? 'a day' : w.minutes === HOUR ? 'an hour' : `${w.minutes} minutes`;
  switch (budget.bound) {
    case 'gate':
      return `gate: ${budget.perSender.max} per sender ${span(budget.perSender)}, ${budget.perRecipient.max} per recipient ${span(budget.perRecipient)}, ${budget.programWide.max} program-wide ${span(budget.programWide)}`;
    case 'per-subject':
      return budget.max === 1 ? `once per ${budget.per}` : `${budget.max} per ${budget.per}`;
    case 'follows':
      return `follows \`${budget.kind}\`: ${budget.why}`;
    case 'public-door':
      return `public door: ${budget.door}`;
    case 'coordinator':
      return `coordinator's action: ${budget.why}`;
    case 'scheduled':
      return `not action-triggered: ${budget.why}`;
  }
}
