/**
 * The cohort report at a cost that does not grow with history: each cohort's figures
 * are kept as they change (functions/src/pairs/kept-tallies.ts). On generated cohorts, the
 * figures the report answers equal the figures counted from every record (the old way,
 * `reportInputOfRecords`): on the first opening (each cohort counted from its records), after
 * every kind of change made through the API (kept as they change: the report reads one document
 * per cohort, nothing is counted again), and after a change that takes records away (that cohort
 * counted again, once).
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  apiPaths,
  certificatePaths,
  cohortReport,
  type CohortReport,
  isoDayOf,
  PAIR_COLLECTIONS,
  PAIR_END_REASONS,
  pairPaths,
  REPORT_TALLIES_COLLECTION,
  SURVEY_RECOMMEND,
} from '@mentorship/domain';
import { buildReport, reportCohorts, reportReads } from '../../functions/src/program-end/report';
import { mintCheckInLink } from '../../functions/src/pairs/check-ins';
import { runCompletion } from '../../functions/src/program-end/completion';
import { reportInputOfRecords } from '../support/report';
import { call, confirmApplicant, firestore, uniqueSuffix } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import {
  assign,
  certificatesOf,
  createMentor,
  seedCohort,
  seedPair,
  seedSessions,
  type SeededPair,
} from '../support/seed';
import { dayOffset, sentCheckIn } from '../factories';

jest.setTimeout(240_000);

/** A small deterministic generator (the same records on every run). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/**
 * Writes a generated cohort's records straight into Firestore, in the shapes the API stores (the
 * fields the report reads): pairs (some completed, some ended for each reason), their sessions,
 * check-ins (some unanswered) and survey answers. Written before the cohort's first opening, so
 * the report counts them from the records.
 */
async function generateCohortRecords(cohortId: string, seed: number, pairs: number) {
  const r = random(seed);
  const db = firestore();
  let batch = db.batch();
  let pending = 0;
  const put = async (collection: string, data: Record<string, unknown>) => {
    batch.set(db.collection(collection).doc(`gen-${uniqueSuffix()}`.toLowerCase()), data);
    if (++pending >= 400) {
      await batch.commit();
      batch = db.batch();
      pending = 0;
    }
  };
  let records = 0;
  for (let i = 0; i < pairs; i++) {
    const ended = r.chance(0.3) ? r.pick(PAIR_END_REASONS) : null;
    await put('pairs', {
      studentId: `gen-student-${i}`,
      mentorId: `gen-mentor-${i}`,
      cohortId,
      isActive: !ended,
      assignedAt: Timestamp.now(),
      ...(ended ? { endReason: ended, endedAt: Timestamp.now() } : {}),
      ...(!ended && r.chance(0.6) ? { completedAt: Timestamp.now() } : {}),
    });
    const sessions = r.int(0, 4);
    for (let s = 0; s < sessions; s++) await put('sessions', { cohortId, pairId: 'gen' });
    for (let c = 0; c < r.int(0, 2); c++) {
      await put('checkIns', { cohortId, rating: r.chance(0.25) ? null : r.int(1, 5) });
    }
    for (let v = 0; v < r.int(0, 2); v++) {
      await put('surveys', {
        cohortId,
        rating: r.int(1, 5),
        wouldRecommend: r.pick(SURVEY_RECOMMEND),
      });
    }
    records += 1 + sessions;
  }
  if (pending > 0) await batch.commit();
  return records;
}

/** The report counted from every record, as it was before tallies. */
async function reportTheOldWay(cohortId: string): Promise<CohortReport | null> {
  return cohortReport(await reportInputOfRecords(await reportCohorts()), cohortId);
}

const tallyOf = async (cohortId: string) =>
  (await firestore().collection(REPORT_TALLIES_COLLECTION).doc(cohortId).get()).data() as
    { valid?: boolean } | undefined;

/** The cohorts a report of `chosen` shows: it and every cohort whose program started before. */
async function shownCohorts(chosen: { id: string; programStart: string }): Promise<string[]> {
  const cohorts = await reportCohorts();
  return cohorts
    .filter((c) => c.id === chosen.id || c.programStart < chosen.programStart)
    .map((c) => c.id);
}

/** Opens the report of `chosen` as the admin page does, and what it read. */
async function open(chosen: { id: string }) {
  reportReads.reset();
  const { report } = await buildReport(chosen.id);
  return { report, reads: reportReads.get() };
}

describe('the cohort report, its figures kept as they change', () => {
  type Cohort = Awaited<ReturnType<typeof seedCohort>>;
  let oldest: Cohort, older: Cohort, recent: Cohort, running: Cohort;
  let records = 0;
  /** Opening the report of `running` once every figure is kept: the cohorts and one tally each. */
  let keptReads = 0;
  let olderPair: SeededPair, runningPair: SeededPair, recentPair: SeededPair;

  beforeAll(async () => {
    // Two cohorts that ended long ago (400 and 200 days), one just ended, one running.
    oldest = await seedCohort({ name: 'Generated oldest', endedDaysAgo: 400 });
    older = await seedCohort({ name: 'Generated older', endedDaysAgo: 200 });
    recent = await seedCohort({ name: 'Generated recent', endedDaysAgo: 5 });
    running = await seedCohort({ name: 'Generated running', endedDaysAgo: -40 });
    records += await generateCohortRecords(oldest.id, 11, 60);
    records += await generateCohortRecords(older.id, 22, 60);
    records += await generateCohortRecords(recent.id, 33, 60);
    records += await generateCohortRecords(running.id, 44, 60);
    // Pairs made through the API, for the changes below.
    olderPair = await seedPair(token, older.id);
    runningPair = await seedPair(token, running.id);
    recentPair = await seedPair(token, recent.id);
    await seedSessions(recentPair, recent.id, [
      dayOffset(recent.programStart, 20),
      dayOffset(recent.programStart, 50),
      dayOffset(recent.programStart, 80),
    ]);
    // A pair filed under no cohort (made before the upgrade): it counts in its student's.
    const unfiledPair = await seedPair(token, recent.id);
    await firestore().collection('pairs').doc(unfiledPair.pairId).update({ cohortId: null });
  });

  it('equals the report counted from every record on the first opening, then reads one document per cohort', async () => {
    for (const chosen of [running, recent, older]) {
      const res = await call<{ report: CohortReport }>(
        'GET',
        `/api/admin/reports?cohort=${chosen.id}`,
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.report).toEqual(await reportTheOldWay(chosen.id));
      expect(res.body.report.cohort.pairsMade).toBeGreaterThan(0);
    }
    const shown = await shownCohorts(running);
    expect(shown).toEqual(expect.arrayContaining([oldest.id, older.id, recent.id, running.id]));
    for (const id of shown) expect((await tallyOf(id))?.valid).toBe(true);

    // Opening again reads the cohorts and one kept tally per cohort shown, whatever the records.
    const cohorts = await reportCohorts();
    const again = await open(running);
    keptReads = cohorts.length + shown.length;
    expect(again.reads).toBe(keptReads);
    expect(again.reads).toBeLessThan(records / 10);
    expect(again.report).toEqual(await reportTheOldWay(running.id));
  });

  it('keeps every figure as the API changes it; only the completion run has its cohort counted again', async () => {
    const before = (await open(running)).report;
    const figures = (id: string) =>
      [before?.cohort, ...(before?.earlier ?? [])].find((f) => f?.cohortId === id);
    const today = isoDayOf(new Date());

    // A participant logs a session (My application).
    const studentToken = await confirmApplicant(runningPair.studentEmail);
    const logged = await call('POST', pairPaths.mySession(runningPair.id), {
      token: studentToken,
      body: { heldOn: today },
    });
    expect(logged.status).toBe(200);

    // A check-in is answered from its e-mailed link with a rating, then the rating is changed.
    const checkInId = `${runningPair.id}_student_1`;
    await firestore()
      .collection(PAIR_COLLECTIONS.checkIns)
      .doc(checkInId)
      .set(sentCheckIn(runningPair, running.id, 'student', 1));
    const link = await mintCheckInLink({
      kind: 'check-in',
      checkInId,
      pairId: runningPair.id,
      role: 'student',
      personId: runningPair.studentId,
    });
    const checkInToken = new URLSearchParams(link.split('#')[1]).get('token') ?? '';
    for (const rating of [4, 2]) {
      const answered = await call('POST', pairPaths.checkInAnswer, {
        body: { token: checkInToken, answer: 'not-yet', rating },
      });
      expect(answered.status).toBe(200);
    }

    // A coordinator ends a pair of an old cohort, and matches its student again.
    const ended = await call('POST', pairPaths.end(olderPair.id), {
      token,
      body: { reason: 'unresponsive' },
    });
    expect(ended.status).toBe(200);
    const mentorId = await createMentor(token);
    expect((await assign(token, mentorId, olderPair.studentId)).status).toBe(201);

    // The daily work completes the just-ended cohort's pair (and asks for that cohort to be
    // counted again: completing a cohort's pairs one by one would make its tally a hot spot).
    expect((await runCompletion(new Date())).pairsCompleted).toBeGreaterThanOrEqual(1);
    expect((await tallyOf(recent.id))?.valid).toBe(false);
    const recounted = await open(running);
    expect(recounted.reads).toBeGreaterThan(keptReads);
    expect(recounted.report).toEqual(await reportTheOldWay(running.id));
    expect((await open(running)).reads).toBe(keptReads);
    // Its student answers the final survey.
    const certificate = (await certificatesOf(recentPair.id)).find((c) => c.role === 'student');
    expect(certificate).toBeDefined();
    const surveyed = await call('PUT', certificatePaths.survey(certificate?.id ?? ''), {
      token: await confirmApplicant(recentPair.studentEmail),
      body: { rating: 5, wouldRecommend: 'yes', improve: '' },
    });
    expect(surveyed.status).toBe(201);

    // Every figure moved, and the report read no more than before: nothing was counted again.
    const after = await open(running);
    expect(after.reads).toBe(keptReads);
    expect(after.report).toEqual(await reportTheOldWay(running.id));
    const now = (id: string) =>
      [after.report?.cohort, ...(after.report?.earlier ?? [])].find((f) => f?.cohortId === id);
    expect(now(running.id)?.sessionsHeld).toBe((figures(running.id)?.sessionsHeld ?? 0) + 1);
    expect(now(running.id)?.checkInRatings).toBe((figures(running.id)?.checkInRatings ?? 0) + 1);
    expect(now(older.id)?.rematches).toBe((figures(older.id)?.rematches ?? 0) + 1);
    expect(now(older.id)?.pairsMade).toBe((figures(older.id)?.pairsMade ?? 0) + 1);
    expect(now(recent.id)?.pairsCompleted).toBe((figures(recent.id)?.pairsCompleted ?? 0) + 1);
    expect(now(recent.id)?.surveyAnswers).toBe((figures(recent.id)?.surveyAnswers ?? 0) + 1);
    for (const chosen of [recent, older]) {
      expect((await buildReport(chosen.id)).report).toEqual(await reportTheOldWay(chosen.id));
    }
  });

  it('counts a cohort again, once, after a change that takes its records away', async () => {
    const removed = await call('DELETE', apiPaths.admin.pair(runningPair.id), { token });
    expect(removed.status).toBe(200);
    expect((await tallyOf(running.id))?.valid).toBe(false);
    const recounted = await open(running);
    expect(recounted.reads).toBeGreaterThan(keptReads);
    expect(recounted.report).toEqual(await reportTheOldWay(running.id));
    const next = await open(running);
    expect(next.reads).toBe(keptReads);
    expect(next.report).toEqual(recounted.report);
  });
});
