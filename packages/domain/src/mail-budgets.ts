/**
 * How much of each kind of e-mail someone's action may make the program send: the kinds of budget
 * and their words. Each kind's own budget is its entry's `budget` in the e-mail catalogue
 * (email/catalogue.ts, which derives `MAIL_BUDGETS`), so a new kind cannot be added without saying
 * how it is bounded (the `Record` type fails the typecheck, mail-budgets.test.ts enumerates the
 * kinds).
 *
 * - `gate`: every e-mail someone's action causes (a public door's, a signed-in person's, a
 *   coordinator's) passes the one mail gate (functions/src/email/gate.ts) in the transaction
 *   of the action that causes it, counted per sender (the client's key at a public door, else
 *   the signed-in account or the coordinator's), per recipient (the address as the caps
 *   normalise it: case, `+tag`, Gmail's dots) and program-wide, each in a window of its own.
 *   Past any of them the action is refused with `MAIL_LIMIT_MESSAGE` naming when to try again
 *   (429), before anything is saved (the nominator's question, which the student did not ask
 *   for, is held instead and asked at the next confirmation).
 * - `per-subject`: at most `max` e-mails per subject, whatever is done again (the count is kept
 *   on the subject: a pair, a mentor's interview booking).
 * - `follows`: each one answers an earlier e-mail of a gated kind (an acceptance or a
 *   cancellation of a proposal), at most one per such e-mail, so the gate on that kind bounds it.
 * - `scheduled`: not caused by anyone's action: the daily work sends it, once per its key.
 */
import { PUBLIC_CAPS } from './limits';
import type { MailKind } from './outbox';

/** At most `max` e-mails in a window of `minutes`, anchored at the first one counted. */
export interface MailWindow {
  max: number;
  minutes: number;
}

export interface GateBudget {
  bound: 'gate';
  perSender: MailWindow;
  perRecipient: MailWindow;
  programWide: MailWindow;
  /** What the person asked for, in the refusal: "session proposals". */
  what: string;
  /**
   * Kinds with the same `shares` count together (one allowance for the application forms'
   * confirmation and "already applied" notice); a kind counts alone otherwise.
   */
  shares?: string;
  /**
   * Where the program-wide window is counted instead of on the gate's one counter document:
   * for the application forms, whose every submission would otherwise write that one document
   * (a hot spot on an opening day), the forms' hourly caps split over shards count it.
   */
  programWideCountedBy?: string;
}

export type MailBudget =
  | GateBudget
  | { bound: 'per-subject'; max: number; per: string }
  | { bound: 'follows'; kind: MailKind; why: string }
  | { bound: 'scheduled'; why: string };

/** The windows' spans, in minutes. */
export const MAIL_WINDOW = { day: 24 * 60, hour: 60 } as const;

const { day: DAY, hour: HOUR } = MAIL_WINDOW;

/** Budgets in words, for the catalogue's entries. */
export const scheduledMail = (why: string): MailBudget => ({ bound: 'scheduled', why });

/**
 * A public door's e-mail, sent to the address typed in its form: per client the door's own
 * request allowance (20 in 10 minutes: at most one e-mail a request), per recipient and
 * program-wide the door's caps (PUBLIC_CAPS), so the gate refuses nothing the doors allowed.
 */
export const publicDoorMail = (what: string): GateBudget => ({
  bound: 'gate',
  what,
  perSender: { max: 20, minutes: 10 },
  perRecipient: { max: PUBLIC_CAPS.emailsPerRecipientPerDay, minutes: DAY },
  programWide: { max: PUBLIC_CAPS.doorRequestsPerHour, minutes: HOUR },
});

/**
 * The application forms' confirmation and "already applied" notice: one allowance (a duplicate
 * is answered as a new application), program-wide the forms' e-mails an hour.
 */
export const APPLICATION_FORMS_MAIL: GateBudget = {
  ...publicDoorMail('applications'),
  programWide: { max: PUBLIC_CAPS.emailsPerHour, minutes: HOUR },
  programWideCountedBy: "the forms' hourly e-mail cap, split over shards",
  shares: 'application-forms',
};

/**
 * A review decision, one per request: a review day of 200 decisions, five times over; an
 * applicant decided, reopened and decided again a few times.
 */
export const REVIEW_DECISION_MAIL: GateBudget = {
  bound: 'gate',
  what: 'review decisions',
  perSender: { max: 1000, minutes: DAY },
  perRecipient: { max: 5, minutes: DAY },
  programWide: { max: 2000, minutes: HOUR },
  shares: 'review-decision',
};

/**
 * An event saved, changed or removed: the fan-out to its invitees (outside the request) counted
 * once per change, its audience (the cohort's event) as the recipient, since each invitee gets
 * one e-mail per change. A mentor's orientation invitation sent with their approval is one per
 * approval, under the review decisions' gate.
 */
export const EVENT_CHANGE_MAIL: GateBudget = {
  bound: 'gate',
  what: 'event changes',
  perSender: { max: 100, minutes: DAY },
  perRecipient: { max: 10, minutes: DAY },
  programWide: { max: 300, minutes: HOUR },
  shares: 'event-change',
};

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
    w.minutes === MAIL_WINDOW.day
      ? 'a day'
      : w.minutes === MAIL_WINDOW.hour
        ? 'an hour'
        : `in ${w.minutes} minutes`;
  switch (budget.bound) {
    case 'gate': {
      const shared = budget.shares ? `; one allowance as \`${budget.shares}\`` : '';
      return `gate (${budget.what}): ${budget.perSender.max} per sender ${span(budget.perSender)}, ${budget.perRecipient.max} per recipient ${span(budget.perRecipient)}, ${budget.programWide.max} program-wide ${span(budget.programWide)}${budget.programWideCountedBy ? ` (counted by ${budget.programWideCountedBy})` : ''}${shared}`;
    }
    case 'per-subject':
      return budget.max === 1 ? `once per ${budget.per}` : `${budget.max} per ${budget.per}`;
    case 'follows':
      return `follows \`${budget.kind}\`: ${budget.why}`;
    case 'scheduled':
      return `not action-triggered: ${budget.why}`;
  }
}
