import fc from 'fast-check';
import { CHECK_IN_PERIOD, CHECK_INS_PER_PAIR, type CheckInPeriodDefinition } from './pairs';
import {
  applyPlan,
  checkInDueOn,
  checkInMonthOf,
  checkInPeriodEndOn,
  checkInPeriodOf,
  digestKeyOn,
  monthEndOn,
  nextDays,
  planPairDay,
  plusDays,
  PROGRAM_TIME_ZONE,
  programDayOf,
  programMonthAt,
  programMonthOf,
  type PairPlanState,
  type PlannedItem,
} from './pair-plan';
import { dayInZone } from './planned-sessions';

const fresh = (over: Partial<PairPlanState> = {}): PairPlanState => ({
  pairId: 'm__s',
  programStart: '2027-09-01',
  programEnd: '2027-12-31',
  pairStart: '2027-09-01',
  sessionsHeld: 0,
  checkIns: {},
  nudges: {},
  ...over,
});

/** Runs the plan day after day over a range, as the daily job would, nobody answering. */
function run(state: PairPlanState, from: string, days: number) {
  const sent: { day: string; item: PlannedItem }[] = [];
  let s = state;
  for (const day of nextDays(from, days)) {
    const items = planPairDay(s, day);
    for (const item of items) sent.push({ day, item });
    s = applyPlan(s, items, day);
  }
  return { sent, state: s };
}

describe('the program calendar', () => {
  it('splits a 4-month program into calendar months', () => {
    expect(monthEndOn('2027-09-01', '2027-12-31', 1)).toBe('2027-09-30');
    expect(monthEndOn('2027-09-01', '2027-12-31', 4)).toBe('2027-12-31');
    expect(checkInDueOn('2027-09-01', '2027-12-31', 1)).toBe('2027-09-24');
    expect(programMonthOf('2027-09-01', '2027-12-31', '2027-10-01')).toBe(2);
    expect(programMonthOf('2027-09-01', '2027-12-31', '2027-08-31')).toBe(0);
    expect(programMonthOf('2027-09-01', '2027-12-31', '2028-01-01')).toBe(5);
  });

  it('sends the digest on Mondays only', () => {
    expect(digestKeyOn('2027-09-06')).toBe('digest_2027-09-06');
    expect(digestKeyOn('2027-09-07')).toBeNull();
  });
});

describe('planPairDay', () => {
  it('nudges a pair without a session on days 14 and 28, once each', () => {
    const { sent } = run(fresh(), '2027-09-01', 30);
    const nudges = sent.filter((s) => s.item.kind === 'no-session');
    expect(nudges.map((n) => n.day)).toEqual(['2027-09-14', '2027-09-28']);
  });

  it('sends each participant one check-in a month, 7 days before it ends', () => {
    const { sent } = run(fresh({ sessionsHeld: 1 }), '2027-08-25', 140);
    const checkIns = sent.filter((s) => s.item.kind === 'check-in');
    expect(checkIns).toHaveLength(8);
    expect(checkIns.filter((c) => c.day === '2027-09-24')).toHaveLength(2);
    expect(new Set(checkIns.map((c) => c.item.key)).size).toBe(8);
  });

  it('reminds once, 3 days after an unanswered check-in, one nudge per person per day', () => {
    const { sent } = run(fresh({ sessionsHeld: 1 }), '2027-09-01', 40);
    const reminders = sent.filter((s) => s.item.kind === 'check-in-reminder');
    expect(reminders.map((r) => r.day)).toEqual(['2027-09-27', '2027-09-27']);
  });

  it('plans nothing before the pair starts or long after the program', () => {
    expect(planPairDay(fresh({ pairStart: '2027-10-10' }), '2027-10-09')).toEqual([]);
    expect(planPairDay(fresh(), '2028-02-01')).toEqual([]);
  });

  it('counts a re-matched pair\u2019s days from its own start', () => {
    const { sent } = run(fresh({ pairStart: '2027-10-05' }), '2027-10-05', 14);
    expect(sent.filter((s) => s.item.kind === 'no-session').map((s) => s.day)).toEqual([
      '2027-10-18',
    ]);
  });

  it('never plans a key twice and never more than one nudge per person per day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 10 }),
        (startOffset, sessionsHeld, step) => {
          const pairStart = plusDays('2027-09-01', startOffset);
          let s = fresh({ pairStart, sessionsHeld });
          const keys = new Set<string>();
          for (const day of nextDays('2027-08-20', 150).filter((_, i) => i % step === 0)) {
            const items = planPairDay(s, day);
            const nudged: string[] = [];
            for (const item of items) {
              expect(keys.has(item.key)).toBe(false);
              keys.add(item.key);
              if (item.kind === 'check-in-reminder') nudged.push(item.role);
              if (item.kind === 'no-session') nudged.push(...item.roles);
            }
            expect(new Set(nudged).size).toBe(nudged.length);
            s = applyPlan(s, items, day);
          }
          // The cap: 2 no-session nudges and a reminder per check-in at most.
          const count = (kind: string) => [...keys].filter((k) => k.includes(kind)).length;
          expect(count('no-session')).toBeLessThanOrEqual(2);
          expect(count('reminder')).toBeLessThanOrEqual(8);
        },
      ),
    );
  });
});

describe('the program month of an instant', () => {
  // 20:00 UTC on month 1's last day: already October 4 in Tokyo, still October 3 in New York.
  const evening = new Date('2023-10-03T20:00:00.000Z');
  const [start, end] = ['2023-09-04', '2024-01-03'] as const;

  it("is its program day's month, whichever zone a partner reads it in", () => {
    expect(PROGRAM_TIME_ZONE).toBe('UTC');
    expect(programDayOf(evening)).toBe('2023-10-03');
    expect(programMonthAt(start, end, evening)).toBe(1);
    // Each partner's own date would put it in two different months.
    expect(programMonthOf(start, end, dayInZone(evening, 'Asia/Tokyo'))).toBe(2);
    expect(programMonthOf(start, end, dayInZone(evening, 'America/New_York'))).toBe(1);
  });

  it('agrees with the program day of every instant (the UTC calendar)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2023-09-01'), max: new Date('2024-01-31'), noInvalidDate: true }),
        (instant) => {
          expect(programDayOf(instant)).toBe(instant.toISOString().slice(0, 10));
          expect(programMonthAt(start, end, instant)).toBe(
            programMonthOf(start, end, instant.toISOString().slice(0, 10)),
          );
        },
      ),
    );
  });
});

describe('the check-in period', () => {
  const start = '2027-09-01';
  const end = '2027-12-31';
  /** A cadence of two weeks: eight periods, the last one running to the program's end. */
  const twoWeeks: CheckInPeriodDefinition = {
    ...CHECK_IN_PERIOD,
    length: { days: 14 },
    count: 8,
    leadDays: 3,
  };

  it('is the program month today, day for day', () => {
    expect(CHECK_INS_PER_PAIR).toBe(4);
    for (const day of nextDays('2027-08-30', 130)) {
      const period = checkInPeriodOf(start, end, day);
      expect(period).toBe(programMonthOf(start, end, day));
      if (period >= 1 && period <= CHECK_INS_PER_PAIR) {
        expect(checkInPeriodEndOn(start, end, period)).toBe(monthEndOn(start, end, period));
        expect(checkInMonthOf(start, end, period)).toEqual({ month: period, lastOfMonth: true });
      }
    }
    // A program shorter than four months: its last month's check-in still brings the next guide.
    expect(checkInMonthOf(start, '2027-10-15', 2)).toEqual({ month: 2, lastOfMonth: true });
  });

  it('speaks of the month in the words people read today', () => {
    const { words } = CHECK_IN_PERIOD;
    expect([words.titled(2), words.named(2), words.current, words.adjective]).toEqual([
      'Month 2',
      'month 2',
      'this month',
      'monthly',
    ]);
  });

  it('lays a two-week definition out as two-week windows, the last one to the end', () => {
    expect(checkInPeriodEndOn(start, end, 1, twoWeeks)).toBe('2027-09-14');
    expect(checkInPeriodEndOn(start, end, 2, twoWeeks)).toBe('2027-09-28');
    expect(checkInPeriodEndOn(start, end, 8, twoWeeks)).toBe(end);
    expect(checkInPeriodOf(start, end, '2027-09-14', twoWeeks)).toBe(1);
    expect(checkInPeriodOf(start, end, '2027-09-15', twoWeeks)).toBe(2);
    expect(checkInPeriodOf(start, end, '2028-01-01', twoWeeks)).toBe(9);
    expect(checkInDueOn(start, end, 2, twoWeeks)).toBe('2027-09-26');
    // Periods ask about the month they end in; a month's last one brings the next guide.
    expect(checkInMonthOf(start, end, 1, twoWeeks)).toEqual({ month: 1, lastOfMonth: false });
    expect(checkInMonthOf(start, end, 2, twoWeeks)).toEqual({ month: 1, lastOfMonth: true });
    expect(checkInMonthOf(start, end, 3, twoWeeks)).toEqual({ month: 2, lastOfMonth: false });
    expect(checkInMonthOf(start, end, 8, twoWeeks)).toEqual({ month: 4, lastOfMonth: true });
  });

  it('plans a check-in every two weeks with a two-week definition', () => {
    const plan = (state: PairPlanState, day: string) => planPairDay(state, day, twoWeeks);
    const sent: { day: string; item: PlannedItem }[] = [];
    let s = fresh({ sessionsHeld: 1 });
    for (const day of nextDays('2027-09-01', 130)) {
      const items = plan(s, day);
      for (const item of items) sent.push({ day, item });
      s = applyPlan(s, items, day);
    }
    const checkIns = sent.filter((x) => x.item.kind === 'check-in' && x.item.role === 'student');
    expect(checkIns.map((c) => c.day)).toEqual([
      '2027-09-12',
      '2027-09-26',
      '2027-10-10',
      '2027-10-24',
      '2027-11-07',
      '2027-11-21',
      '2027-12-05',
      '2027-12-29',
    ]);
    expect(checkIns.map((c) => c.item.key)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((p) => `m__s_student_${p}`),
    );
  });
});
