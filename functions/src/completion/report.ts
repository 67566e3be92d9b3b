/**
 * The cohort report's input, read from the records (one query per collection, only the fields
 * the figures need), and the cohorts the admin page offers. Figures: the domain's cohortReport.
 */
import {
  FOUNDING_COHORT_ID,
  PAIR_COLLECTIONS,
  SURVEYS_COLLECTION,
  cohortReport,
  defaultReportCohort,
  isoDayOf,
  type Cohort,
  type CohortReport,
  type PairEndReason,
  type ReportInput,
  type SurveyRecommend,
} from '@mentorship/domain';
import { assignmentsCollection } from '../assignments/repository-helpers';
import { db } from '../firebase';
import { cohortsOfAssignments, readCohorts } from './cohorts';

export interface ReportResponse {
  cohorts: { id: string; name: string }[];
  report: CohortReport | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cohorts newest first; the founding cohort is listed even before it has a record. */
export async function reportCohorts(): Promise<Cohort[]> {
  const cohorts = await readCohorts();
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

export async function reportInput(cohorts: Cohort[]): Promise<ReportInput> {
  const [assignments, sessions, checkIns, surveys] = await Promise.all([
    assignmentsCollection().select('studentId', 'cohortId', 'endReason', 'completedAt').get(),
    db.collection(PAIR_COLLECTIONS.sessions).select('cohortId').get(),
    db.collection(PAIR_COLLECTIONS.checkIns).select('cohortId', 'rating').get(),
    db.collection(SURVEYS_COLLECTION).select('cohortId', 'rating', 'wouldRecommend').get(),
  ]);
  const pairs = assignments.docs.map((d) => ({ id: d.id, data: d.data() }));
  const cohortOf = await cohortsOfAssignments(pairs);
  return {
    cohorts,
    assignments: pairs.map(({ id, data }) => ({
      cohortId: cohortOf.get(id) ?? FOUNDING_COHORT_ID,
      endReason: (str(data.endReason) || null) as PairEndReason | null,
      completed: Boolean(data.completedAt),
    })),
    sessions: sessions.docs.map((d) => ({
      cohortId: str(d.get('cohortId')) || FOUNDING_COHORT_ID,
    })),
    checkIns: checkIns.docs.map((d) => ({
      cohortId: str(d.get('cohortId')) || FOUNDING_COHORT_ID,
      rating: typeof d.get('rating') === 'number' ? (d.get('rating') as number) : null,
    })),
    surveys: surveys.docs.map((d) => ({
      cohortId: str(d.get('cohortId')) || FOUNDING_COHORT_ID,
      rating: Number(d.get('rating')),
      wouldRecommend: d.get('wouldRecommend') as SurveyRecommend,
    })),
  };
}

/** The report of one cohort (default: `defaultReportCohort`), with the cohorts to choose from. */
export async function buildReport(
  cohortId: string | undefined,
  now = new Date(),
): Promise<ReportResponse> {
  const cohorts = await reportCohorts();
  const chosen = cohortId ?? defaultReportCohort(cohorts, isoDayOf(now))?.id ?? FOUNDING_COHORT_ID;
  const list = cohorts.map((c) => ({ id: c.id, name: c.name }));
  if (!cohorts.some((c) => c.id === chosen)) return { cohorts: list, report: null };
  return { cohorts: list, report: cohortReport(await reportInput(cohorts), chosen) };
}
