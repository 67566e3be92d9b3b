/**
 * Stats after each kind of change. Other test files may write at the same time (jest runs files
 * in parallel), so each check (1) compares the API's numbers with the stats code's own count()
 * queries run in the test process around the same call, and (2) checks the change's own delta, retrying with a fresh
 * change when another writer moved the numbers in between.
 */
import type { Stats } from '@mentorship/domain';
import { readStats } from '../../functions/src/stats/repository';
import { call, confirmApplicant } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { mentorApplication } from '../factories';
import { assign, createMentor, createStudent } from '../support/seed';

// Each test makes several calls through the emulator stack (and confirms an application).
jest.setTimeout(30_000);

const stats = async (): Promise<Stats> => {
  const res = await call<Stats>('GET', '/api/admin/stats', { token });
  expect(res.status).toBe(200);
  return res.body;
};

/**
 * What the stats code itself (functions/src/stats/repository.ts `readStats`, every cohort) counts
 * on Firestore right now, run in the test process: the API must answer the same, and each change
 * must move it by the change's own delta.
 */
const truth = (): Promise<Stats> => readStats();

const diff = (a: Stats, b: Stats): Stats => ({
  totalStudents: b.totalStudents - a.totalStudents,
  totalMentors: b.totalMentors - a.totalMentors,
  activeStudents: b.activeStudents - a.activeStudents,
  activeMentors: b.activeMentors - a.activeMentors,
  totalAssignments: b.totalAssignments - a.totalAssignments,
  awaitingReview: b.awaitingReview - a.awaitingReview,
});

const zero: Stats = {
  totalStudents: 0,
  totalMentors: 0,
  activeStudents: 0,
  activeMentors: 0,
  totalAssignments: 0,
  awaitingReview: 0,
};

/** Runs prepare (untimed) then change between two stats reads; retries if others interfered. */
async function expectDelta(
  expected: Partial<Stats>,
  prepare: () => Promise<() => Promise<unknown>>,
): Promise<void> {
  const want = { ...zero, ...expected };
  let last: { delta: Stats; consistent: boolean } | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const change = await prepare();
    const before = await stats();
    await change();
    const t1 = await truth();
    const after = await stats();
    const t2 = await truth();
    const quiet = JSON.stringify(t1) === JSON.stringify(t2);
    const consistent = !quiet || JSON.stringify(after) === JSON.stringify(t1);
    const delta = diff(before, after);
    last = { delta, consistent };
    if (quiet && consistent && JSON.stringify(delta) === JSON.stringify(want)) return;
    if (quiet && !consistent) break; // a real mismatch, not interference
  }
  expect(last).toEqual({ delta: want, consistent: true });
}

describe('GET /api/admin/stats', () => {
  it('matches count() queries on Firestore', async () => {
    let ok = false;
    for (let attempt = 0; attempt < 4 && !ok; attempt++) {
      const t1 = await truth();
      const s = await stats();
      const t2 = await truth();
      ok = JSON.stringify(t1) === JSON.stringify(t2) && JSON.stringify(s) === JSON.stringify(t1);
    }
    expect(ok).toBe(true);
  });

  it('counts a new active student and a new inactive student', async () => {
    await expectDelta(
      { totalStudents: 1, activeStudents: 1 },
      async () => () => createStudent(token),
    );
    await expectDelta(
      { totalStudents: 1 },
      async () => () => createStudent(token, { isActive: false }),
    );
  });

  it('counts a public application once its address is confirmed, awaiting review', async () => {
    const application = mentorApplication();
    await expectDelta({}, async () => async () => {
      const res = await call('POST', '/api/mentor-registration', { body: application });
      expect(res.status).toBe(201);
    });
    await expectDelta(
      { totalMentors: 1, awaitingReview: 1 },
      async () => () => confirmApplicant(application.email),
    );
  });

  it('follows status changes of students and mentors', async () => {
    await expectDelta({ activeStudents: -1 }, async () => {
      const id = await createStudent(token);
      return () =>
        call('PUT', `/api/admin/students/${id}/status`, { token, body: { isActive: false } });
    });
    await expectDelta({ activeMentors: 1 }, async () => {
      const id = await createMentor(token, { isActive: false });
      return () =>
        call('PUT', `/api/admin/mentors/${id}/status`, { token, body: { isActive: true } });
    });
  });

  it('counts new mentors', async () => {
    await expectDelta({ totalMentors: 1, activeMentors: 1 }, async () => () => createMentor(token));
  });

  it('counts pairs created and deleted', async () => {
    let lastPair = '';
    await expectDelta({ totalAssignments: 1 }, async () => {
      const [m, s] = [await createMentor(token), await createStudent(token)];
      return async () => {
        lastPair = (await assign(token, m, s)).body.id;
      };
    });
    await expectDelta({ totalAssignments: -1 }, async () => {
      const [m, s] = [await createMentor(token), await createStudent(token)];
      const id = (await assign(token, m, s)).body.id;
      return () => call('DELETE', `/api/admin/assignments/${id}`, { token });
    });
    expect(lastPair).not.toBe('');
  });

  it('drops a deleted person and their pairs together', async () => {
    await expectDelta({ totalMentors: -1, activeMentors: -1, totalAssignments: -2 }, async () => {
      const m = await createMentor(token, { capacity: 2 });
      await assign(token, m, await createStudent(token));
      await assign(token, m, await createStudent(token));
      return () => call('DELETE', `/api/admin/mentors/${m}`, { token });
    });
    await expectDelta({ totalStudents: -1, activeStudents: -1, totalAssignments: -1 }, async () => {
      const s = await createStudent(token);
      await assign(token, await createMentor(token), s);
      return () => call('DELETE', `/api/admin/students/${s}`, { token });
    });
  });
});
