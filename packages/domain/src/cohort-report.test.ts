import fc from 'fast-check';
import {
  cohortReport,
  cohortReportCsv,
  cohortReportOfTallies,
  cohortTally,
  figuresOfTally,
  type CohortTally,
  defaultReportCohort,
  surveySchema,
  type ReportInput,
} from './cohort-report';
import { csvText, neutraliseCsvCell } from './csv';
import { PAIR_END_REASONS, SURVEY_RECOMMEND, type PairEndReason } from './pairs';

/**
 * Two cohorts worked out by hand.
 * Spring 2027 (earlier): 2 pairs, 1 completed; 7 sessions; one check-in rated 3; no survey.
 * Fall 2027 (chosen): 5 pairs: p1 completed, p2 completed, p3 ended "not a good fit",
 * p4 ended "unresponsive", p5 ended "goals met" (not a re-match), p6 is another cohort's.
 * Sessions: 4 + 3 + 1 + 0 + 2 = 10. Check-in ratings 5, 4, 2, null -> mean 11/3 = 3.67 (3
 * ratings). Surveys: 5 yes, 4 yes, 2 no -> mean 11/3 = 3.67, would recommend 2/3 = 0.6667.
 * Completion 2/5 = 0.4; re-matches 2 (not a good fit 1, unresponsive 1).
 */
const input: ReportInput = {
  cohorts: [
    { id: 'fall-2027', name: 'Fall 2027', programStart: '2027-10-01', programEnd: '2028-01-31' },
    {
      id: 'spring-2027',
      name: 'Spring 2027',
      programStart: '2027-03-01',
      programEnd: '2027-06-30',
    },
    {
      id: 'spring-2028',
      name: 'Spring 2028',
      programStart: '2028-03-01',
      programEnd: '2028-06-30',
    },
  ],
  pairs: [
    { cohortId: 'fall-2027', endReason: null, completed: true },
    { cohortId: 'fall-2027', endReason: null, completed: true },
    { cohortId: 'fall-2027', endReason: 'not-a-good-fit', completed: false },
    { cohortId: 'fall-2027', endReason: 'unresponsive', completed: false },
    { cohortId: 'fall-2027', endReason: 'goals-met', completed: false },
    { cohortId: 'spring-2027', endReason: null, completed: true },
    { cohortId: 'spring-2027', endReason: null, completed: false },
  ],
  sessions: [
    ...Array.from({ length: 10 }, () => ({ cohortId: 'fall-2027' })),
    ...Array.from({ length: 7 }, () => ({ cohortId: 'spring-2027' })),
  ],
  checkIns: [
    { cohortId: 'fall-2027', rating: 5 },
    { cohortId: 'fall-2027', rating: 4 },
    { cohortId: 'fall-2027', rating: 2 },
    { cohortId: 'fall-2027', rating: null },
    { cohortId: 'spring-2027', rating: 3 },
  ],
  surveys: [
    { cohortId: 'fall-2027', rating: 5, wouldRecommend: 'yes' },
    { cohortId: 'fall-2027', rating: 4, wouldRecommend: 'yes' },
    { cohortId: 'fall-2027', rating: 2, wouldRecommend: 'no' },
  ],
};

it('computes a cohort’s figures as worked out by hand, beside the earlier cohorts only', () => {
  const report = cohortReport(input, 'fall-2027');
  expect(report?.cohort).toEqual({
    cohortId: 'fall-2027',
    cohortName: 'Fall 2027',
    programStart: '2027-10-01',
    programEnd: '2028-01-31',
    pairsMade: 5,
    sessionsHeld: 10,
    pairsCompleted: 2,
    completionRate: 0.4,
    rematches: 2,
    rematchReasons: {
      'goals-met': 0,
      'not-a-good-fit': 1,
      unresponsive: 1,
      'left-the-program': 0,
      other: 0,
    },
    checkInRatings: 3,
    averageCheckInRating: 3.67,
    surveyAnswers: 3,
    averageSurveyRating: 3.67,
    wouldRecommendRate: 0.6667,
  });
  expect(report?.earlier.map((e) => e.cohortId)).toEqual(['spring-2027']);
  expect(report?.earlier[0]).toMatchObject({
    pairsMade: 2,
    sessionsHeld: 7,
    pairsCompleted: 1,
    completionRate: 0.5,
    rematches: 0,
    averageCheckInRating: 3,
    surveyAnswers: 0,
    averageSurveyRating: null,
    wouldRecommendRate: null,
  });
});

it('answers null figures for a cohort without pairs and null for an unknown cohort', () => {
  const report = cohortReport(input, 'spring-2028');
  expect(report?.cohort).toMatchObject({ pairsMade: 0, completionRate: null, sessionsHeld: 0 });
  expect(report?.earlier).toHaveLength(2);
  expect(cohortReport(input, 'nope')).toBeNull();
});

it('writes the CSV with every cell quoted and formulas neutralised', () => {
  expect(neutraliseCsvCell('=1+1')).toBe("'=1+1");
  expect(neutraliseCsvCell('x;=1+1;y')).toBe("x;'=1+1;y");
  expect(csvText([['a"b', null, 3]])).toBe('\uFEFF"a""b","","3"\r\n');
  const report = cohortReport(
    { ...input, cohorts: [{ ...input.cohorts[0]!, name: '=HYPERLINK("x")' }] },
    'fall-2027',
  );
  const lines = cohortReportCsv(report!).replace('\uFEFF', '').split('\r\n');
  expect(lines[0]).toMatch(/^"Cohort","Program start","Program end","Pairs made"/);
  expect(lines[1]).toMatch(
    /^"'=HYPERLINK\(""x""\)","2027-10-01","2028-01-31","5","10","2","0.4","2"/,
  );
});

it('validates the final survey field by field', async () => {
  await expect(
    surveySchema.validate({ rating: 6, wouldRecommend: 'maybe' }, { abortEarly: false }),
  ).rejects.toMatchObject({
    errors: expect.arrayContaining(['Choose a rating from 1 to 5.', 'Choose yes or no.']),
  });
  await expect(surveySchema.validate({ rating: 4, wouldRecommend: 'yes' })).resolves.toMatchObject({
    rating: 4,
    improve: '',
  });
});

describe('defaultReportCohort', () => {
  const newestFirst = [
    { id: 'summer-2028', programStart: '2028-06-01' },
    { id: 'spring-2028', programStart: '2028-02-01' },
    { id: 'fall-2027', programStart: '2027-10-01' },
    { id: 'founding', programStart: '' },
  ];
  it('opens on the newest cohort whose program has started, not an upcoming one', () => {
    expect(defaultReportCohort(newestFirst, '2028-03-15')?.id).toBe('spring-2028');
    expect(defaultReportCohort(newestFirst, '2028-02-01')?.id).toBe('spring-2028');
    expect(defaultReportCohort(newestFirst, '2028-01-31')?.id).toBe('fall-2027');
  });
  it('takes a cohort without dates as started, and the newest when none has started', () => {
    expect(defaultReportCohort(newestFirst, '2027-01-01')?.id).toBe('founding');
    expect(defaultReportCohort(newestFirst.slice(0, 2), '2027-01-01')?.id).toBe('summer-2028');
    expect(defaultReportCohort([], '2027-01-01')).toBeNull();
  });
});

// --- Tallies ------------------------------------------------------------------------------------

/**
 * The figures as they were computed before tallies (the first report's code, record by record),
 * kept here as the reference: the tallies, added record by record and turned into figures, must
 * give the same report for any records.
 */
function referenceFigures(cohort: ReportInput['cohorts'][number], records: ReportInput) {
  const roundTo = (value: number, places: number) => {
    const f = 10 ** places;
    return Math.round(value * f) / f;
  };
  const mean = (values: number[]) =>
    values.length === 0 ? null : roundTo(values.reduce((a, b) => a + b, 0) / values.length, 2);
  const share = (part: number, whole: number) => (whole === 0 ? null : roundTo(part / whole, 4));
  const mine = <T extends { cohortId: string }>(rows: T[]) =>
    rows.filter((r) => r.cohortId === cohort.id);
  const pairs = mine(records.pairs);
  const rematchReasons = Object.fromEntries(PAIR_END_REASONS.map((r) => [r, 0])) as Record<
    PairEndReason,
    number
  >;
  let rematches = 0;
  for (const a of pairs) {
    if (a.endReason && a.endReason !== 'goals-met') {
      rematchReasons[a.endReason]++;
      rematches++;
    }
  }
  const pairsCompleted = pairs.filter((a) => a.completed).length;
  const ratings = mine(records.checkIns)
    .map((c) => c.rating)
    .filter((r): r is number => typeof r === 'number');
  const surveys = mine(records.surveys);
  return {
    cohortId: cohort.id,
    cohortName: cohort.name,
    programStart: cohort.programStart,
    programEnd: cohort.programEnd,
    pairsMade: pairs.length,
    sessionsHeld: mine(records.sessions).length,
    pairsCompleted,
    completionRate: share(pairsCompleted, pairs.length),
    rematches,
    rematchReasons,
    checkInRatings: ratings.length,
    averageCheckInRating: mean(ratings),
    surveyAnswers: surveys.length,
    averageSurveyRating: mean(surveys.map((s) => s.rating)),
    wouldRecommendRate: share(
      surveys.filter((s) => s.wouldRecommend === 'yes').length,
      surveys.length,
    ),
  };
}

describe('cohort tallies', () => {
  const ids = ['a', 'b', 'c'];
  const cohortId = fc.constantFrom(...ids);
  const records = fc.record({
    pairs: fc.array(
      fc.record({
        cohortId,
        endReason: fc.option(fc.constantFrom(...PAIR_END_REASONS), { nil: null }),
        completed: fc.boolean(),
      }),
      { maxLength: 40 },
    ),
    sessions: fc.array(fc.record({ cohortId }), { maxLength: 60 }),
    checkIns: fc.array(
      fc.record({ cohortId, rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }) }),
      { maxLength: 60 },
    ),
    surveys: fc.array(
      fc.record({
        cohortId,
        rating: fc.integer({ min: 1, max: 5 }),
        wouldRecommend: fc.constantFrom(...SURVEY_RECOMMEND),
      }),
      { maxLength: 40 },
    ),
  });
  const cohorts: ReportInput['cohorts'] = [
    { id: 'a', name: 'A', programStart: '2026-03-01', programEnd: '2026-06-30' },
    { id: 'b', name: 'B', programStart: '2026-10-01', programEnd: '2027-01-31' },
    { id: 'c', name: 'C', programStart: '2027-03-01', programEnd: '2027-06-30' },
  ];

  it('give the figures the records give, for any records', () => {
    fc.assert(
      fc.property(records, (rest) => {
        const all: ReportInput = { cohorts, ...rest };
        for (const cohort of cohorts) {
          expect(figuresOfTally(cohort, cohortTally(cohort.id, all))).toEqual(
            referenceFigures(cohort, all),
          );
        }
      }),
    );
  });

  it('tallied from parts (kept, aggregated, unfiled) give the same report as the whole', () => {
    fc.assert(
      fc.property(records, records, (one, two) => {
        const whole: ReportInput = {
          cohorts,
          pairs: [...one.pairs, ...two.pairs],
          sessions: [...one.sessions, ...two.sessions],
          checkIns: [...one.checkIns, ...two.checkIns],
          surveys: [...one.surveys, ...two.surveys],
        };
        const add = (x: CohortTally, y: CohortTally): CohortTally => ({
          pairsMade: x.pairsMade + y.pairsMade,
          pairsCompleted: x.pairsCompleted + y.pairsCompleted,
          rematchReasons: Object.fromEntries(
            PAIR_END_REASONS.map((r) => [r, x.rematchReasons[r] + y.rematchReasons[r]]),
          ) as Record<PairEndReason, number>,
          sessionsHeld: x.sessionsHeld + y.sessionsHeld,
          checkInRatings: x.checkInRatings + y.checkInRatings,
          checkInRatingSum: x.checkInRatingSum + y.checkInRatingSum,
          surveyAnswers: x.surveyAnswers + y.surveyAnswers,
          surveyRatingSum: x.surveyRatingSum + y.surveyRatingSum,
          wouldRecommend: x.wouldRecommend + y.wouldRecommend,
        });
        const report = cohortReportOfTallies(
          cohorts,
          (id) => add(cohortTally(id, one), cohortTally(id, two)),
          'c',
        );
        expect(report).toEqual(cohortReport(whole, 'c'));
        expect(report?.earlier.map((f) => f.cohortId)).toEqual(['a', 'b']);
      }),
    );
  });
});
