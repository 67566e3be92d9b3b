/**
 * How much of each kind of e-mail someone's action may make the program send: the kinds of budget
 * and their words. Each kind's own budget is its entry's `budget` in the e-mail catalogue
 * (email/catalogue.ts, which derives `MAIL_BUDGETS`), so a new kind cannot be added without saying
 * how it is bounded (the `Record` type fails the typecheck, mail-budgets.test.ts enumerates the
 * kinds).
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
import type { MailKind } from './outbox';

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

/** The windows' spans, in minutes. */
export const MAIL_WINDOW = { day: 24 * 60, hour: 60 } as const;

/** Budgets in words, for the catalogue's entries. */
export const scheduledMail = (why: string): MailBudget => ({ bound: 'scheduled', why });
export const publicDoorMail = (door: string): MailBudget => ({ bound: 'public-door', door });
export const coordinatorMail = (why: string): MailBudget => ({ bound: 'coordinator', why });

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
        : `${w.minutes} minutes`;
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
