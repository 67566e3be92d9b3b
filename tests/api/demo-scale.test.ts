/**
 * `npm run demo:scale`: a program at size in the local stack, in the shapes the API stores, so
 * the coordinators' pages read it as they read what the API wrote. Small figures here (the
 * shapes are the same at any size); a second run adds nothing. Everything it wrote is removed
 * afterwards, so the lane's later files see the database they expect.
 */
import {
  PAIR_HEALTH_RANK,
  PAIR_HEALTH_STATES,
  PAIR_LIST_PAGE,
  REPORT_TALLIES_COLLECTION,
  cohortReport,
  isoDayOf,
  type CohortReport,
  type PairHealthRow,
  type PairsResponse,
} from '@mentorship/domain';
import { listPairHealth } from '../../functions/src/pairs/admin';
import { pairReads } from '../../functions/src/pairs/store';
import { reportCohorts } from '../../functions/src/program-end/report';
import { SCALE_COHORT_ID, scaleDemo, scalePlan } from '../../scripts/lib/demo-scale';
import { call, firestore } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { reportInputOfRecords } from '../support/report';

jest.setTimeout(120_000);

const SIZE = { pairs: 120, applicants: 200 };
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
  expect(first).toMatchObject({
    cohortId: SCALE_COHORT_ID,
    pairs: 120,
    students: 133,
    mentors: 67,
  });
  expect(first.written).toBe(planned.size);
  const again = await scaleDemo(firestore(), SIZE, today);
  expect(again.written).toBe(0);

  const db = firestore();
  const inCohort = async (collection: string) =>
    (await db.collection(collection).where('cohortId', '==', SCALE_COHORT_ID).count().get()).data()
      .count;
  expect(await inCohort('students')).toBe(133);
  expect(await inCohort('mentors')).toBe(67);
  expect(await inCohort('pairs')).toBe(120);
  // Four months of sessions: most pairs met three or four times.
  expect(await inCohort('sessions')).toBeGreaterThan(120 * 3);
  expect(await inCohort('checkIns')).toBeGreaterThan(120 * 3);
});

it('the Pairs page opens on one page of pairs, worst first, and pages through every one once', async () => {
  const path = `/api/admin/pairs?cohort=${SCALE_COHORT_ID}`;
  const first = await call<PairsResponse>('GET', path, { token });
  expect(first.status).toBe(200);
  const { counts, ended, total } = first.body;
  for (const state of PAIR_HEALTH_STATES) expect(counts[state]).toBeGreaterThan(0);
  // One pair in 25 ended (scripts/lib/demo-scale.ts); the rest run.
  expect(ended).toBe(4);
  expect(total).toBe(116);
  expect(counts['on-track'] + counts['needs-check-in'] + counts['at-risk']).toBe(116);

  const seen: PairHealthRow[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const query: string = next ? `${path}&after=${encodeURIComponent(next)}` : path;
    const page: { status: number; body: PairsResponse } = await call<PairsResponse>('GET', query, {
      token,
    });
    expect(page.status).toBe(200);
    expect(page.body.pairs.length).toBeLessThanOrEqual(PAIR_LIST_PAGE);
    seen.push(...page.body.pairs);
    next = page.body.next;
    pages++;
  } while (next && pages < 10);
  expect(pages).toBe(3);
  expect(new Set(seen.map((p) => p.id)).size).toBe(116);
  expect(seen.every((p) => p.active)).toBe(true);
  // Worst health first, then by the student's name.
  const rank = (p: PairHealthRow) => PAIR_HEALTH_RANK[p.state];
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1] as PairHealthRow, seen[i] as PairHealthRow];
    expect(
      rank(a) > rank(b) ||
        (rank(a) === rank(b) && a.studentName.toLowerCase() <= b.studentName.toLowerCase()),
    ).toBe(true);
  }
  expect(seen.some((p) => p.problems.length > 0)).toBe(true);
  expect(seen.some((p) => p.notes.length > 0)).toBe(true);

  const endedPage = await call<PairsResponse>('GET', `${path}&show=ended`, { token });
  expect(endedPage.body.pairs).toHaveLength(4);
  expect(endedPage.body.pairs.every((p) => !p.active)).toBe(true);
  const atRisk = await call<PairsResponse>('GET', `${path}&show=at-risk`, { token });
  expect(atRisk.body.total).toBe(counts['at-risk']);
  expect(atRisk.body.pairs.every((p) => p.state === 'at-risk')).toBe(true);
  const badCursor = await call<{ error: { fields: Record<string, string> } }>(
    'GET',
    `${path}&after=not-a-cursor`,
    { token },
  );
  expect(badCursor.status).toBe(400);
  expect(badCursor.body.error.fields.after).toBeDefined();
});

it('opening the Pairs page reads one page of pairs plus a constant, whatever the cohort holds', async () => {
  pairReads.reset();
  const page = await listPairHealth(new Date(), { cohortId: SCALE_COHORT_ID });
  expect(page.pairs).toHaveLength(PAIR_LIST_PAGE);
  // The page and one more (is there a next?), four counts, the cohort, the page's problem reports.
  const problems = page.pairs.filter((p) => p.problems.length > 0).length;
  expect(pairReads.get()).toBeLessThanOrEqual(
    PAIR_LIST_PAGE + 1 + 4 + 1 + Math.max(1, problems) * 2,
  );
  expect(pairReads.get()).toBeLessThan(120);
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
  expect(res.body.report.cohort.pairsMade).toBe(120);
  expect(res.body.report.cohort.rematches).toBe(4);
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
