/**
 * The cohort report at a cost that does not grow with history (issue 37): on generated cohorts,
 * the figures the report answers (tallies by aggregation, kept for settled cohorts) equal the
 * figures counted from every record (the old way, `reportInputOfRecords`), on the first opening,
 * on the next (kept tallies), and after a change that a kept tally must not hide; and opening the
 * report again reads a bounded number of documents however many records the cohorts hold.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  PAIR_END_REASONS,
  REPORT_TALLIES_COLLECTION,
  SURVEY_RECOMMEND,
  cohortReport,
  type CohortReport,
} from '@mentorship/domain';
import {
  buildReport,
  reportCohorts,
  reportInputOfRecords,
  reportReads,
} from '../../functions/src/completion/report';
import { call, firestore, tokenFor, uniqueSuffix } from '../support/api';
import { seedCohort, seedPair } from '../support/seed';

jest.setTimeout(180_000);

let token: string;
beforeAll(async () => {
  token = await tokenFor('admin');
});

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
 * check-ins (some unanswered) and survey answers.
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
    await put('assignments', {
      studentId: `gen-student-${i}`,
      mentorId: `gen-mentor-${i}`,
      cohortId,
      isActive: !ended,
      assignedAt: Timestamp.now(),
      ...(ended ? { endReason: ended, endedAt: Timestamp.now() } : {}),
      ...(!ended && r.chance(0.6) ? { completedAt: Timestamp.now() } : {}),
    });
    const sessions = r.int(0, 4);
    for (let s = 0; s < sessions; s++) await put('sessions', { cohortId, assignmentId: 'gen' });
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

const kept = async () =>
  ((await firestore().collection(REPORT_TALLIES_COLLECTION).doc('kept').get()).data() ?? {}) as {
    tallies?: Record<string, unknown>;
  };

describe('the cohort report from tallies', () => {
  it('equals the report counted from every record, first, kept, and after a change', async () => {
    // Two settled cohorts (ended 400 and 200 days ago), one just ended (not settled), one running.
    const oldest = await seedCohort({ name: 'Generated oldest', endedDaysAgo: 400 });
    const older = await seedCohort({ name: 'Generated older', endedDaysAgo: 200 });
    const recent = await seedCohort({ name: 'Generated recent', endedDaysAgo: 5 });
    const running = await seedCohort({ name: 'Generated running', endedDaysAgo: -40 });
    let records = 0;
    records += await generateCohortRecords(oldest.id, 11, 60);
    records += await generateCohortRecords(older.id, 22, 60);
    records += await generateCohortRecords(recent.id, 33, 60);
    records += await generateCohortRecords(running.id, 44, 60);
    // A pair made through the API in the settled cohort, to end through the API below.
    const pair = await seedPair(token, older.id);
    // A pair filed under no cohort (made before the upgrade): it counts in its student's.
    const unfiledPair = await seedPair(token, recent.id);
    await firestore()
      .collection('assignments')
      .doc(unfiledPair.assignmentId)
      .update({ cohortId: null });

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

    // The settled cohorts' tallies are kept; the others are not.
    const tallies = (await kept()).tallies ?? {};
    expect(Object.keys(tallies)).toEqual(expect.arrayContaining([oldest.id, older.id]));
    expect(Object.keys(tallies)).not.toContain(recent.id);
    expect(Object.keys(tallies)).not.toContain(running.id);

    // Opening again reads the cohorts, the kept tallies, the unfiled records and the aggregations
    // of the cohorts shown that are not settled (here at most 1,000 entries each: 1 read per
    // query), whatever the records number: far fewer documents than the old way read.
    const cohorts = await firestore().collection('cohorts').get();
    const keptIds = Object.keys((await kept()).tallies ?? {});
    const unsettledShown = cohorts.docs.filter(
      (c) =>
        (c.id === running.id || String(c.get('programStart')) < running.programStart) &&
        !keptIds.includes(c.id),
    ).length;
    expect(unsettledShown).toBeGreaterThanOrEqual(2);
    const unfiled = (
      await Promise.all(
        ['assignments', 'sessions', 'checkIns', 'surveys'].map((c) =>
          firestore().collection(c).where('cohortId', '==', null).get(),
        ),
      )
    ).reduce((n, s) => n + Math.max(1, s.size), 0);
    reportReads.reset();
    const again = await buildReport(running.id);
    const aggregationsPerCohort = 1 + 1 + (PAIR_END_REASONS.length - 1) + 1 + 1 + 1 + 1;
    expect(reportReads.get()).toBe(
      cohorts.size + 1 + unfiled + unsettledShown * aggregationsPerCohort,
    );
    expect(reportReads.get()).toBeLessThan(records);
    expect(again.report).toEqual(await reportTheOldWay(running.id));

    // A coordinator ends a pair of the settled cohort: its kept tally goes, the report shows the
    // re-match at once.
    const before = again.report?.earlier.find((f) => f.cohortId === older.id);
    const end = await call('POST', `/api/admin/pairs/${pair.assignmentId}/end`, {
      token,
      body: { reason: 'unresponsive' },
    });
    expect(end.status).toBe(200);
    expect(Object.keys((await kept()).tallies ?? {})).not.toContain(older.id);
    const after = await buildReport(running.id);
    expect(after.report).toEqual(await reportTheOldWay(running.id));
    expect(after.report?.earlier.find((f) => f.cohortId === older.id)?.rematches).toBe(
      (before?.rematches ?? 0) + 1,
    );
    // ...and it is kept again.
    expect(Object.keys((await kept()).tallies ?? {})).toContain(older.id);
  });
});
