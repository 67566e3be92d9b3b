import fc from 'fast-check';
import { isoDayOf, startOfDay } from './cohort';
import { PAIR_HEALTH, FIT_ANSWERS } from './pairs';
import { PAIR_HEALTH_RANK, daysBetween, pairHealth, type PairHealthInput } from './pair-health';

const plus = (day: string, n: number) =>
  isoDayOf(new Date(startOfDay(day).getTime() + n * 86_400_000));

const base: PairHealthInput = {
  today: '2027-10-31',
  pairStartedOn: '2027-09-01',
  lastSessionOn: '2027-10-20',
  checkIns: [],
  ratings: { student: 4, mentor: 5 },
  studentFit: 'good-fit',
  problemReported: false,
};

describe("pairHealth (the program's thresholds)", () => {
  it('is on track with nothing to say', () => {
    expect(pairHealth(base)).toEqual({ state: 'on-track', reasons: [], daysWithoutSession: 11 });
  });

  it.each([
    [34, 'on-track'],
    [35, 'needs-check-in'],
    [44, 'needs-check-in'],
    [45, 'at-risk'],
  ])('after %i days without a session is %s', (days, state) => {
    const result = pairHealth({ ...base, lastSessionOn: plus(base.today, -days) });
    expect(result.state).toBe(state);
    if (state !== 'on-track') expect(result.reasons).toEqual([`No session for ${days} days`]);
  });

  it('counts from the pair start while no session is logged, and 0 before it', () => {
    const none = { ...base, lastSessionOn: null };
    expect(pairHealth({ ...none, today: plus(base.pairStartedOn, 45) }).reasons).toEqual([
      'No session logged in 45 days',
    ]);
    expect(pairHealth({ ...none, today: plus(base.pairStartedOn, -3) }).daysWithoutSession).toBe(0);
  });

  it('needs a check-in when one is unanswered for 7 days, not 6', () => {
    const sent = (n: number) => [{ sentOn: plus(base.today, -n), answeredOn: null }];
    expect(pairHealth({ ...base, checkIns: sent(6) }).state).toBe('on-track');
    expect(pairHealth({ ...base, checkIns: sent(7) })).toMatchObject({
      state: 'needs-check-in',
      reasons: ['A check-in unanswered for 7 days'],
    });
    const answered = [{ sentOn: plus(base.today, -20), answeredOn: plus(base.today, -19) }];
    expect(pairHealth({ ...base, checkIns: answered }).state).toBe('on-track');
  });

  it('is at risk on a rating of 2 or less, a mentee\u2019s "not a good fit" or a problem', () => {
    expect(pairHealth({ ...base, ratings: { mentor: 3 } }).state).toBe('on-track');
    expect(pairHealth({ ...base, ratings: { mentor: 2 } })).toMatchObject({
      state: 'at-risk',
      reasons: ['The mentor rated it 2 of 5'],
    });
    expect(pairHealth({ ...base, studentFit: 'not-a-good-fit' }).reasons).toEqual([
      'The student said: not a good fit',
    ]);
    expect(pairHealth({ ...base, studentFit: 'still-deciding' }).state).toBe('on-track');
    expect(pairHealth({ ...base, problemReported: true }).reasons).toEqual([
      'A problem was reported',
    ]);
  });

  it('shows every reason, at-risk ones first', () => {
    const result = pairHealth({
      ...base,
      problemReported: true,
      checkIns: [{ sentOn: plus(base.today, -9), answeredOn: null }],
      lastSessionOn: plus(base.today, -40),
    });
    expect(result.state).toBe('at-risk');
    expect(result.reasons).toEqual([
      'A problem was reported',
      'No session for 40 days',
      'A check-in unanswered for 9 days',
    ]);
  });
});

const day = fc.integer({ min: 0, max: 400 }).map((n) => plus('2027-01-01', n));
const input: fc.Arbitrary<PairHealthInput> = fc.record({
  today: day,
  pairStartedOn: day,
  lastSessionOn: fc.option(day, { nil: null }),
  checkIns: fc.array(fc.record({ sentOn: day, answeredOn: fc.option(day, { nil: null }) }), {
    maxLength: 8,
  }),
  ratings: fc.record({
    student: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    mentor: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  }),
  studentFit: fc.option(fc.constantFrom(...FIT_ANSWERS), { nil: null }),
  problemReported: fc.boolean(),
});

describe('pairHealth properties', () => {
  it('says why exactly when the pair is not on track', () => {
    fc.assert(
      fc.property(input, (i) => {
        const h = pairHealth(i);
        expect(h.reasons.length > 0).toBe(h.state !== 'on-track');
      }),
    );
  });

  it('is at risk exactly when one of the at-risk conditions holds', () => {
    fc.assert(
      fc.property(input, (i) => {
        const since = i.lastSessionOn ?? i.pairStartedOn;
        const expected =
          daysBetween(since, i.today) >= PAIR_HEALTH.atRiskAfterDaysWithoutSession ||
          Object.values(i.ratings).some((r) => typeof r === 'number' && r <= 2) ||
          i.studentFit === 'not-a-good-fit' ||
          i.problemReported;
        expect(pairHealth(i).state === 'at-risk').toBe(expected);
      }),
    );
  });

  it('never gets better as days pass with nothing new, or with a problem added', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 60 }), (i, later) => {
        const now = PAIR_HEALTH_RANK[pairHealth(i).state];
        const after = pairHealth({ ...i, today: plus(i.today, later) });
        expect(PAIR_HEALTH_RANK[after.state]).toBeGreaterThanOrEqual(now);
        const problem = pairHealth({ ...i, problemReported: true });
        expect(problem.state).toBe('at-risk');
      }),
    );
  });

  it('never gets worse when a session is logged today (other signals unchanged)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const before = PAIR_HEALTH_RANK[pairHealth(i).state];
        const after = PAIR_HEALTH_RANK[pairHealth({ ...i, lastSessionOn: i.today }).state];
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });
});
