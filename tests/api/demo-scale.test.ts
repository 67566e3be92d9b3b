/**
 * `npm run demo:scale`: a program at size in the local stack, in the shapes the API stores, so
 * the coordinators' pages read it as they read what the API wrote. Small figures here (the
 * shapes are the same at any size); a second run adds nothing. Everything it wrote is removed
 * afterwards, so the lane's later files see the database they expect.
 */
import {
  PAIR_HEALTH_STATES,
  REPORT_TALLIES_COLLECTION,
  cohortReport,
  isoDayOf,
  type CohortReport,
  type PairsResponse,
} from '@mentorship/domain';
import { reportCohorts } from '../../functions/src/program-end/report';
import { SCALE_COHORT_ID, scaleDemo, scalePlan } from '../../scripts/lib/demo-scale';
import { call, firestore } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { reportInputOfRecords } from '../support/report';

jest.setTimeout(120_000);

const SIZE = { pairs: 50, applicants: 90 };
const today = isoDayOf(new Date());

afterAll(async () => {
  const db = firestore();
  const paths = [...scalePlan(SIZE, today).writes.keys()];
  for (let i = 0; i < paths.length; i += 400) {
    const batch = db.batch();
    for (const path of paths.slice(i, i + 400)) batch.delete(db.doc(path));
    await batch.commit();
  }
  await db.collection(REPORT_TALLIES_COLLECTION).doc(SCALE_COHORT_ID).delete();
});

it('fills one running cohort with people, pairs and their months; a second run adds nothing', async () => {
  const first = await scaleDemo(firestore(), SIZE, today);
  const planned = scalePlan(SIZE, today).writes;
  expect(first).toMatchObject({ cohortId: SCALE_COHORT_ID, pairs: 50, students: 60, mentors: 30 });
  expect(first.written).toBe(planned.size);
  const again = await scaleDemo(firestore(), SIZE, today);
  expect(again.written).toBe(0);

  const db = firestore();
  const inCohort = async (collection: string) =>
    (await db.collection(collection).where('cohortId', '==', SCALE_COHORT_ID).count().get()).data()
      .count;
  expect(await inCohort('students')).toBe(60);
  expect(await inCohort('mentors')).toBe(30);
  expect(await inCohort('pairs')).toBe(50);
  // Four months of sessions: most pairs met three or four times.
  expect(await inCohort('sessions')).toBeGreaterThan(50 * 3);
  expect(await inCohort('checkIns')).toBeGreaterThan(50 * 3);
});

it('the Pairs page shows every state, the ended pairs and the words for the coordinators', async () => {
  const res = await call<PairsResponse>('GET', `/api/admin/pairs?cohort=${SCALE_COHORT_ID}`, {
    token,
  });
  expect(res.status).toBe(200);
  const { pairs, counts } = res.body;
  expect(pairs).toHaveLength(50);
  for (const state of PAIR_HEALTH_STATES) expect(counts[state]).toBeGreaterThan(0);
  expect(pairs.filter((p) => !p.active)).toHaveLength(2);
  expect(pairs.some((p) => p.problems.length > 0)).toBe(true);
  expect(pairs.some((p) => p.notes.length > 0)).toBe(true);
  expect(pairs.every((p) => p.studentName && p.mentorName)).toBe(true);
});

it('the cohort report counts it as it counts the records the API wrote', async () => {
  const res = await call<{ report: CohortReport }>(
    'GET',
    `/api/admin/reports?cohort=${SCALE_COHORT_ID}`,
    { token },
  );
  expect(res.status).toBe(200);
  const counted = cohortReport(await reportInputOfRecords(await reportCohorts()), SCALE_COHORT_ID);
  expect(res.body.report).toEqual(counted);
  expect(res.body.report.cohort.pairsMade).toBe(50);
  expect(res.body.report.cohort.rematches).toBe(2);
});

it('a person’s history shows their pair being made', async () => {
  const [studentId] = [...scalePlan(SIZE, today).writes.keys()]
    .filter((p) => p.startsWith('students/'))
    .map((p) => p.slice('students/'.length));
  const history = await call<{ entries: { action: string }[] }>(
    'GET',
    `/api/admin/activity?person=${studentId}`,
    { token },
  );
  expect(history.status).toBe(200);
  expect(history.body.entries.map((e) => e.action)).toContain('pair.create');
});
