/**
 * The cohort report's reference: its rows counted from every pair, session, check-in and
 * survey of the program, the way the report worked before it kept tallies. The report's tests
 * compare the kept and recounted figures with it; production never reads every record.
 */
import { SURVEYS_COLLECTION, type Cohort, type ReportInput } from '@mentorship/domain';
import { db } from '../../functions/src/firebase';
import { reportQueries } from '../../functions/src/pairs';
import { reportInputOf } from '../../functions/src/program-end/report';

/** Every record of the program as the report's input. */
export async function reportInputOfRecords(cohorts: Cohort[]): Promise<ReportInput> {
  const queries = reportQueries.records('all');
  const [pairs, sessions, checkIns, surveys] = await Promise.all([
    queries.pairs.get(),
    queries.sessions.get(),
    queries.checkIns.get(),
    db.collection(SURVEYS_COLLECTION).select('cohortId', 'rating', 'wouldRecommend').get(),
  ]);
  const rest = await reportInputOf({
    pairs: pairs.docs,
    sessions: sessions.docs,
    checkIns: checkIns.docs,
    surveys: surveys.docs,
  });
  return { cohorts, ...rest };
}
