import { GATED_MAIL_KINDS, MAIL_BUDGETS } from './email/catalogue';
import { describeMailBudget } from './mail-budgets';
import { MAIL_KINDS, type MailKind } from './outbox';

/**
 * The kinds someone's action causes that are not counted at the gate themselves, each with what
 * bounds it instead: a count kept on the subject, or an earlier gated e-mail it answers.
 */
const ACTION_KINDS_BOUND_OTHERWISE: readonly MailKind[] = [
  'new-application',
  'applications-digest',
  'account-changed',
  'rematch-request',
  'interview-invitation',
  'interview-cancelled',
  'planned-session-invitation',
  'planned-session-cancelled',
];

describe('the e-mail budgets', () => {
  it('every e-mail kind has a budget, and every budget a kind', () => {
    // A kind without a budget in the catalogue (email/catalogue.ts):
    expect(MAIL_KINDS.filter((kind) => !Object.hasOwn(MAIL_BUDGETS, kind))).toEqual([]);
    // An entry naming no kind of MAIL_KINDS (outbox.ts):
    const kinds: readonly string[] = MAIL_KINDS;
    expect(Object.keys(MAIL_BUDGETS).filter((kind) => !kinds.includes(kind))).toEqual([]);
  });

  it("a gated kind's windows are positive; a kind that follows another follows a gated one", () => {
    for (const kind of MAIL_KINDS) {
      const budget = MAIL_BUDGETS[kind];
      if (budget.bound === 'gate') {
        for (const w of [budget.perSender, budget.perRecipient, budget.programWide]) {
          expect(Number.isInteger(w.max) && w.max > 0 && w.minutes > 0).toBe(true);
        }
        // Neither one sender nor one recipient may take more than the program allows.
        expect(budget.perSender.max).toBeLessThanOrEqual(budget.programWide.max);
        expect(budget.perRecipient.max).toBeLessThanOrEqual(budget.programWide.max);
      }
      if (budget.bound === 'follows') expect(MAIL_BUDGETS[budget.kind].bound).toBe('gate');
      expect(describeMailBudget(budget)).not.toBe('');
    }
  });

  it('a participant reaches their partner or the coordinators no more often than either may be reached', () => {
    for (const kind of ['problem-reported', 'planned-session-proposed'] as const) {
      const budget = MAIL_BUDGETS[kind];
      if (budget.bound !== 'gate') throw new Error(`${kind} is not gated`);
      expect(budget.perSender.max).toBeLessThanOrEqual(budget.perRecipient.max);
    }
  });

  it("every kind someone's action causes has gate windows, or is bounded by a count or a gated kind", () => {
    const notScheduled = MAIL_KINDS.filter((k) => MAIL_BUDGETS[k].bound !== 'scheduled');
    expect(notScheduled.filter((k) => !GATED_MAIL_KINDS.includes(k))).toEqual(
      ACTION_KINDS_BOUND_OTHERWISE,
    );
    for (const kind of ACTION_KINDS_BOUND_OTHERWISE) {
      expect(['per-subject', 'follows']).toContain(MAIL_BUDGETS[kind].bound);
    }
    // The public doors', the signed-in people's and the coordinators' kinds alike.
    expect(GATED_MAIL_KINDS).toEqual([
      'application-received',
      'application-exists',
      'approved',
      'declined',
      'new-pair',
      'coordinator-invitation',
      'password-reset',
      'sign-in-link',
      'opening-alert-confirm',
      'problem-reported',
      'pair-ended',
      'nomination-request',
      'classmate-invitation',
      'event-invitation',
      'event-update',
      'event-cancelled',
      'planned-session-proposed',
    ]);
  });

  it('kinds that share an allowance share their windows too', () => {
    const byShare = new Map<string, string>();
    for (const kind of GATED_MAIL_KINDS) {
      const budget = MAIL_BUDGETS[kind];
      if (budget.bound !== 'gate' || !budget.shares) continue;
      const windows = JSON.stringify([budget.perSender, budget.perRecipient, budget.programWide]);
      expect(byShare.get(budget.shares) ?? windows).toBe(windows);
      byShare.set(budget.shares, windows);
    }
  });
});
