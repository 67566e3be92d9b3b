/**
 * The cohort report (figures: the domain's `cohortReport`), at a cost that does not grow with
 * the program's history. Each cohort shown is a tally of counts and sums
 * (`CohortTally`), kept as it changes in `reportTallies/{cohortId}` (pairs/kept-tallies.ts): opening the
 * report reads the cohorts and one tally document per cohort shown.
 *
 * A tally that is not valid (never counted, or forgotten by a change that took records away) is
 * counted again here: aggregation queries on the cohort's records (`count`, `sum`, filtered by
 * `cohortId`; Firestore bills one read per 1,000 index entries, without fetching documents), plus
 * the records filed under no cohort (people a coordinator added while no cohort existed, and
 * their pairs), read one by one: a pair counts under its student's cohort, anything else
 * under the founding cohort. The count is then kept, unless a change came in meanwhile.
 * The tests compare it with a count of every record (tests/support/report.ts).
 */
import { AggregateField, type Query } from 'firebase-admin/firestore';
import {
  FOUNDING_COHORT_ID,
  PAIR_END_REASONS,
  SURVEYS_COLLECTION,
  cohortReportOfTallies,
  cohortTally,
  defaultReportCohort,
  isoDayOf,
  reportCohortsOf,
  type Cohort,
  type CohortReport,
  type CohortTally,
  type PairEndReason,
  type ReportInput,
  type SurveyRecommend,
} from '@mentorship/domain';
import { db } from '../firebase';
import {
  cohortIdsOf,
  reportQueries,
  type PairDoc,
  keepTally,
  tallyRef,
  type TallyDoc,
} from '../pairs';
import { readCohorts } from './cohorts';

export interface ReportResponse {
  cohorts: { id: string; name: string }[];
  report: CohortReport | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

let reads = 0;
/**
 * Documents the report read since the last reset (bench:admin): every document a get or query
 * returned (at least 1 per query, as Firestore bills it), and for an aggregation one per 1,000
 * index entries it went through (at least 1).
 */
export const reportReads = { get: () => reads, reset: () => void (reads = 0) };
const countDocs = (n: number) => void (reads += Math.max(1, n));
const countAggregation = (entries: number) =>
  void (reads += Math.max(1, Math.ceil(entries / 1000)));

/** Cohorts newest first; the founding cohort is listed even before it has a record. */
export async function reportCohorts(): Promise<Cohort[]> {
  const cohorts = await readCohorts();
  countDocs(cohorts.length);
  if (!cohorts.some((c) => c.id === FOUNDING_COHORT_ID)) {
    cohorts.push({
      id: FOUNDING_COHORT_ID,
      name: 'Founding cohort',
      term: 'fall',
      year: 0,
      // No record, no dates: listed first of the earlier cohorts, its dates left empty.
      applicationsOpen: '',
      applicationsClose: '',
      matchingDoneBy: '',
      programStart: '',
      programEnd: '',
    });
  }
  return cohorts.sort((a, b) => b.programStart.localeCompare(a.programStart));
}

type Docs = FirebaseFirestore.QueryDocumentSnapshot[];

/**
 * The report's rows of the given records (a pair's cohort resolved as pairs.ts says).
 * Exported for the tests' reference count, which feeds it every record of the program.
 */
export async function reportInputOf(docs: {
  pairs: Docs;
  sessions: Docs;
  checkIns: Docs;
  surveys: Docs;
}): Promise<Omit<ReportInput, 'cohorts'>> {
  const pairs = docs.pairs.map((d) => ({
    id: d.id,
    data: d.data(),
    doc: d.data() as PairDoc,
  }));
  const cohortOf = await cohortIdsOf(pairs);
  const cohortIdOf = (d: FirebaseFirestore.DocumentSnapshot) =>
    str(d.get('cohortId')) || FOUNDING_COHORT_ID;
  return {
    pairs: pairs.map(({ id, data }) => ({
      cohortId: cohortOf.get(id) ?? FOUNDING_COHORT_ID,
      endReason: (str(data.endReason) || null) as PairEndReason | null,
      completed: Boolean(data.completedAt),
    })),
    sessions: docs.sessions.map((d) => ({ cohortId: cohortIdOf(d) })),
    checkIns: docs.checkIns.map((d) => ({
      cohortId: cohortIdOf(d),
      rating: typeof d.get('rating') === 'number' ? (d.get('rating') as number) : null,
    })),
    surveys: docs.surveys.map((d) => ({
      cohortId: cohortIdOf(d),
      rating: Number(d.get('rating')),
      wouldRecommend: d.get('wouldRecommend') as SurveyRecommend,
    })),
  };
}

// --- Tallies by aggregation ---------------------------------------------------------------------

const surveys = () => db.collection(SURVEYS_COLLECTION);

async function countOf(query: Query): Promise<number> {
  const n = (await query.count().get()).data().count;
  countAggregation(n);
  return n;
}

async function countAndSum(query: Query, field: string): Promise<{ count: number; sum: number }> {
  const result = (
    await query.aggregate({ count: AggregateField.count(), sum: AggregateField.sum(field) }).get()
  ).data();
  countAggregation(result.count);
  return { count: result.count, sum: result.sum ?? 0 };
}

/** A cohort's tally from its records filed under it, by aggregation queries (run together). */
async function aggregatedTally(cohortId: string): Promise<CohortTally> {
  const rematchReasons = PAIR_END_REASONS.filter((r) => r !== 'goals-met');
  const { made, completed, endedFor, held, rated } = reportQueries.ofCohort(cohortId);
  const answered = surveys().where('cohortId', '==', cohortId);
  const recommending = surveys()
    .where('cohortId', '==', cohortId)
    .where('wouldRecommend', '==', 'yes');
  const [pairsMade, pairsCompleted, reasons, sessionsHeld, ratings, answers, yes] =
    await Promise.all([
      countOf(made),
      countOf(completed),
      Promise.all(rematchReasons.map((r) => countOf(endedFor(r)))),
      countOf(held),
      countAndSum(rated, 'rating'),
      countAndSum(answered, 'rating'),
      countOf(recommending),
    ]);
  const byReason = Object.fromEntries(PAIR_END_REASONS.map((r) => [r, 0])) as Record<
    PairEndReason,
    number
  >;
  rematchReasons.forEach((r, i) => (byReason[r] = reasons[i] ?? 0));
  return {
    pairsMade,
    pairsCompleted,
    rematchReasons: byReason,
    sessionsHeld,
    checkInRatings: ratings.count,
    checkInRatingSum: ratings.sum,
    surveyAnswers: answers.count,
    surveyRatingSum: answers.sum,
    wouldRecommend: yes,
  };
}

const addTallies = (a: CohortTally, b: CohortTally): CohortTally => ({
  pairsMade: a.pairsMade + b.pairsMade,
  pairsCompleted: a.pairsCompleted + b.pairsCompleted,
  rematchReasons: Object.fromEntries(
    PAIR_END_REASONS.map((r) => [r, (a.rematchReasons[r] ?? 0) + (b.rematchReasons[r] ?? 0)]),
  ) as Record<PairEndReason, number>,
  sessionsHeld: a.sessionsHeld + b.sessionsHeld,
  checkInRatings: a.checkInRatings + b.checkInRatings,
  checkInRatingSum: a.checkInRatingSum + b.checkInRatingSum,
  surveyAnswers: a.surveyAnswers + b.surveyAnswers,
  surveyRatingSum: a.surveyRatingSum + b.surveyRatingSum,
  wouldRecommend: a.wouldRecommend + b.wouldRecommend,
});

/** The records filed under no cohort (`cohortId: null`; normally none), read as they are. */
async function unfiledInput(): Promise<Omit<ReportInput, 'cohorts'>> {
  const unfiled = async (query: Query) => {
    const snapshot = await query.get();
    countDocs(snapshot.size);
    return snapshot.docs;
  };
  const pairs = reportQueries.records('unfiled');
  const [a, s, c, v] = await Promise.all([
    unfiled(pairs.pairs),
    unfiled(pairs.sessions),
    unfiled(pairs.checkIns),
    unfiled(surveys().where('cohortId', '==', null).select('cohortId', 'rating', 'wouldRecommend')),
  ]);
  return reportInputOf({ pairs: a, sessions: s, checkIns: c, surveys: v });
}

// --- Kept tallies -------------------------------------------------------------------------------

/** A kept tally with every field present (a complete one, `valid`). */
const fullTally = (kept: Partial<CohortTally>): CohortTally => ({
  pairsMade: kept.pairsMade ?? 0,
  pairsCompleted: kept.pairsCompleted ?? 0,
  rematchReasons: Object.fromEntries(
    PAIR_END_REASONS.map((r) => (r === 'goals-met' ? [r, 0] : [r, kept.rematchReasons?.[r] ?? 0])),
  ) as Record<PairEndReason, number>,
  sessionsHeld: kept.sessionsHeld ?? 0,
  checkInRatings: kept.checkInRatings ?? 0,
  checkInRatingSum: kept.checkInRatingSum ?? 0,
  surveyAnswers: kept.surveyAnswers ?? 0,
  surveyRatingSum: kept.surveyRatingSum ?? 0,
  wouldRecommend: kept.wouldRecommend ?? 0,
});

/** Counts a cohort from its records, as `cohortTally` would from every record. */
async function countedTally(
  cohortId: string,
  unfiled: () => Promise<Omit<ReportInput, 'cohorts'>>,
): Promise<CohortTally> {
  const [aggregated, rest] = await Promise.all([aggregatedTally(cohortId), unfiled()]);
  return addTallies(aggregated, cohortTally(cohortId, rest));
}

// --- The report ---------------------------------------------------------------------------------

/**
 * The tallies of these cohorts: kept ones as kept (one read each), the others counted from their
 * records and kept.
 */
async function cohortTallies(cohorts: Cohort[]): Promise<Map<string, CohortTally>> {
  const snapshots = await db.getAll(...cohorts.map((c) => tallyRef(c.id)));
  countDocs(snapshots.length);
  let unfiledOnce: Promise<Omit<ReportInput, 'cohorts'>> | undefined;
  const unfiled = () => (unfiledOnce ??= unfiledInput());
  const result = new Map<string, CohortTally>();
  await Promise.all(
    snapshots.map(async (snapshot) => {
      const kept = (snapshot.data() ?? {}) as TallyDoc;
      if (kept.valid && kept.tally) {
        result.set(snapshot.id, fullTally(kept.tally));
        return;
      }
      const generation = kept.generation ?? 0;
      const tally = await countedTally(snapshot.id, unfiled);
      result.set(snapshot.id, tally);
      await keepTally(snapshot.id, tally, generation);
    }),
  );
  return result;
}

/** The report of one cohort (default: `defaultReportCohort`), with the cohorts to choose from. */
export async function buildReport(
  cohortId: string | undefined,
  now = new Date(),
): Promise<ReportResponse> {
  const cohorts = await reportCohorts();
  const chosen = cohortId ?? defaultReportCohort(cohorts, isoDayOf(now))?.id ?? FOUNDING_COHORT_ID;
  const list = cohorts.map((c) => ({ id: c.id, name: c.name }));
  const shown = reportCohortsOf(cohorts, chosen);
  if (!shown) return { cohorts: list, report: null };
  const tallies = await cohortTallies([shown.cohort, ...shown.earlier]);
  const report = cohortReportOfTallies(cohorts, (id) => tallies.get(id) as CohortTally, chosen);
  return { cohorts: list, report };
}
