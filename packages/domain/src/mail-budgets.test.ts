import { GATED_MAIL_KINDS, MAIL_BUDGETS } from './email/catalogue';
import { describeMailBudget } from './mail-budgets';
import { MAIL_KINDS } from './outbox';

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
        // One person's allowance never exceeds what a recipient or the program may get.
        expect(budget.perSender.max).toBeLessThanOrEqual(budget.perRecipient.max);
      }
      if (budget.bound === 'follows') expect(MAIL_BUDGETS[budget.kind].bound).toBe('gate');
      expect(describeMailBudget(budget)).not.toBe('');
    }
  });

  it('what a participant can make the program send to their partner or the coordinators is gated', () => {
    expect(GATED_MAIL_KINDS).toEqual(['problem-reported', 'planned-session-proposed']);
  });
});
