/**
 * Whole-cohort matching through the hosting emulator: POST /api/admin/matching/proposal and
 * /apply. Other test files share the database, so every assertion is about the people this file
 * creates (unique names); they list every discipline and topic, so they score highest together.
 * They are filed under a cohort of this file's own and the proposal is asked for that cohort:
 * another file's approved, unmatched student with every discipline would otherwise compete for
 * the same places (as an unscoped proposal covers every cohort).
 */
import {
  type AuditEntry,
  CONFLICT_MESSAGES,
  DISCIPLINES,
  MAX_APPLY_PAIRS,
  MENTORING_TOPICS,
  apiPaths,
  matchingPaths,
  type ApiErrorBody,
  type ApplyMatchesResponse,
  type PairRecord,
  type CreatedResponse,
  decodeTable,
  type TableResponse,
  type MentorRecord,
  type ProposalResponse,
} from '@mentorship/domain';
import { call, firestore, tokenFor, uniqueSuffix } from '../support/api';
import { seedCohort, moveToCohort } from '../support/seed';

const ALL = {
  preferredDisciplines: [...DISCIPLINES],
  mentoringTopics: [...MENTORING_TOPICS],
};

let token: string;
const run = uniqueSuffix();
/** This file's cohort (its program a few months ahead). */
let cohortId: string;
beforeAll(async () => {
  const start = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  cohortId = (await seedCohort(start)).id;
});
/** Every student this file creates: only their pairs are ever applied. */
const myStudents = new Set<string>();

async function createStudent(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call<CreatedResponse>('POST', apiPaths.admin.students, {
    token,
    body: {
      fullName: `${name} ${run}`,
      emailAddress: `${name.toLowerCase().replace(/\s+/g, '.')}.${run}@student.example.edu`,
      academicProgram: 'B.Sc. Computer Science',
      universityName: 'Test University',
      ...ALL,
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  myStudents.add(res.body.id);
  await moveToCohort('student', res.body.id, cohortId);
  return res.body.id;
}

async function createMentor(name: string, capacity: number, extra: Record<string, unknown> = {}) {
  const res = await call<CreatedResponse>('POST', apiPaths.admin.mentors, {
    token,
    body: {
      fullName: `${name} ${run}`,
      currentJobTitle: 'Engineering Manager',
      company: 'Example Corp',
      capacity,
      ...ALL,
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  await moveToCohort('mentor', res.body.id, cohortId);
  return res.body.id;
}

const propose = () =>
  call<ProposalResponse>('POST', matchingPaths.proposal, { token, body: { cohortId } });

const apply = (pairs: { mentorId: string; studentId: string }[]) =>
  call<ApplyMatchesResponse>('POST', matchingPaths.apply, { token, body: { pairs } });

describe('POST /api/admin/matching/proposal', () => {
  const ids = {
    mentorTwo: '',
    mentorFull: '',
    mentorInactive: '',
    students: [] as string[],
    matched: '',
    inactive: '',
    noPreferences: '',
  };

  beforeAll(async () => {
    token = await tokenFor('admin');
    ids.mentorTwo = await createMentor('Mentor Two Places', 2);
    ids.mentorFull = await createMentor('Mentor Full', 1);
    ids.mentorInactive = await createMentor('Mentor Inactive', 3, { isActive: false });
    for (const n of [1, 2, 3, 4]) ids.students.push(await createStudent(`Student ${n}`));
    ids.matched = await createStudent('Student Matched');
    ids.inactive = await createStudent('Student Inactive', { isActive: false });
    ids.noPreferences = await createStudent('Student Nothing', {
      preferredDisciplines: null,
      mentoringTopics: null,
    });
    // The full mentor's only place is taken by an active pair.
    const made = await call<PairRecord>('POST', apiPaths.admin.pairs, {
      token,
      body: { mentorId: ids.mentorFull, studentId: ids.matched },
    });
    expect(made.status).toBe(201);
  });

  it('needs an administrator', async () => {
    expect((await call('POST', matchingPaths.proposal, { body: {} })).status).toBe(401);
    const user = await tokenFor('user');
    expect((await call('POST', matchingPaths.proposal, { token: user, body: {} })).status).toBe(
      403,
    );
  });

  it('proposes within capacity, with reasons, and leaves out matched, inactive and full people', async () => {
    const res = await propose();
    expect(res.status).toBe(200);
    const { pairs, unmatched, summary } = res.body;

    // Only the two places of the mentor with free capacity can go to this file's students.
    const withMentorTwo = pairs.filter((p) => p.mentorId === ids.mentorTwo);
    expect(withMentorTwo.length).toBeLessThanOrEqual(2);
    expect(withMentorTwo.length).toBeGreaterThan(0);
    for (const pair of withMentorTwo) {
      expect(ids.students).toContain(pair.studentId);
      expect(pair.score).toBe(DISCIPLINES.length + MENTORING_TOPICS.length);
      expect(pair.band).toBe('Excellent match');
      expect(pair.sharedDisciplines).toEqual([...DISCIPLINES]);
      expect(pair.sharedTopics).toEqual([...MENTORING_TOPICS]);
      expect(pair.mentorName).toBe(`Mentor Two Places ${run}`);
      expect(pair.mentorDetail).toBe('Engineering Manager, Example Corp');
      expect(pair.studentName).toMatch(new RegExp(`^Student \\d ${run}$`));
      expect(pair.studentDetail).toBe('B.Sc. Computer Science, Test University');
    }

    // Every proposed pair is positive, and no student or mentor place is used twice.
    const students = pairs.map((p) => p.studentId);
    expect(new Set(students).size).toBe(students.length);
    for (const pair of pairs) {
      expect(pair.score).toBeGreaterThan(0);
      expect(pair.sharedDisciplines.length + pair.sharedTopics.length).toBe(pair.score);
    }

    const everyone = new Set([...students, ...pairs.map((p) => p.mentorId)]);
    for (const excluded of [ids.matched, ids.inactive, ids.mentorFull, ids.mentorInactive]) {
      expect(everyone.has(excluded)).toBe(false);
    }
    const unmatchedIds = unmatched.map((u) => u.studentId);
    expect(unmatchedIds).not.toContain(ids.matched);
    expect(unmatchedIds).not.toContain(ids.inactive);
    expect(unmatched).toContainEqual({
      studentId: ids.noPreferences,
      studentName: `Student Nothing ${run}`,
      reason: 'no-preferences',
    });

    // The summary adds up.
    expect(summary.pairCount).toBe(pairs.length);
    expect(summary.totalScore).toBe(pairs.reduce((sum, p) => sum + p.score, 0));
    expect(summary.studentCount).toBe(pairs.length + unmatched.length);
    expect(Object.values(summary.unmatchedByReason).reduce((sum, n) => sum + n, 0)).toBe(
      unmatched.length,
    );
    expect(summary.freePlacesLeft).toBe(summary.freePlaces - pairs.length);
  });

  it('rejects a body with unknown fields', async () => {
    const res = await call<ApiErrorBody>('POST', matchingPaths.proposal, {
      token,
      body: { everything: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ everything: expect.any(String) });
  });
});

describe('POST /api/admin/matching/apply', () => {
  beforeAll(async () => {
    token ??= await tokenFor('admin');
  });

  it('creates the proposed pairs and reports a pair that no longer holds', async () => {
    const mentor = await createMentor('Apply Mentor', 3);
    for (const name of ['A', 'B', 'C']) await createStudent(`Apply Student ${name}`);

    const proposal = await propose();
    expect(proposal.status).toBe(200);
    const mine = proposal.body.pairs.filter(
      (p) => p.mentorId === mentor && myStudents.has(p.studentId),
    );
    // This file's students all score 28 with this mentor and outnumber the free places of its
    // mentors, so all three places go to them.
    expect(mine).toHaveLength(3);

    // Between proposal and apply, the coordinator deactivates one of the proposed students.
    const [gone, ...kept] = mine as [(typeof mine)[number], ...typeof mine];
    const deactivated = await call('PUT', apiPaths.admin.studentStatus(gone.studentId), {
      token,
      body: { isActive: false },
    });
    expect(deactivated.status).toBe(200);

    const res = await apply(mine.map(({ mentorId, studentId }) => ({ mentorId, studentId })));
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(kept.length);
    expect(res.body.refused).toBe(1);
    expect(res.body.results[0]).toEqual({
      mentorId: mentor,
      studentId: gone.studentId,
      status: 'refused',
      code: 'failed-precondition',
      message: CONFLICT_MESSAGES.inactiveStudent,
    });
    for (const result of res.body.results.slice(1)) {
      expect(result).toMatchObject({ mentorId: mentor, status: 'created' });
      if (result.status === 'created') {
        expect(result.pair).toMatchObject({
          mentorId: mentor,
          studentId: result.studentId,
          isActive: true,
          mentorName: `Apply Mentor ${run}`,
        });
      }
    }

    // The pairs exist, the refused pair does not, and the counters moved.
    const list = await call<TableResponse<PairRecord>>('GET', apiPaths.admin.pairs, {
      token,
    });
    const pairsNow = decodeTable(list.body)
      .filter((a) => a.mentorId === mentor)
      .map((a) => a.studentId)
      .sort();
    expect(pairsNow).toEqual(kept.map((p) => p.studentId).sort());
    const mentorNow = await call<MentorRecord>('GET', apiPaths.admin.mentor(mentor), { token });
    expect(mentorNow.body.activeStudentCount).toBe(kept.length);

    // Each applied pair is in the history, marked as coming from the proposal.
    const history = await call<{ entries: AuditEntry[] }>(
      'GET',
      `${apiPaths.admin.activity}?person=${mentor}`,
      { token },
    );
    const created = history.body.entries.filter((e) => e.action === 'pair.create');
    expect(created).toHaveLength(kept.length);
    for (const entry of created) expect(entry.detail).toBe('From a whole-cohort proposal');

    // Applied students are no longer proposed.
    const again = await propose();
    const proposedAgain = again.body.pairs.map((p) => p.studentId);
    for (const p of kept) expect(proposedAgain).not.toContain(p.studentId);
  });

  it('refuses pairs beyond the mentor capacity one by one, not all or nothing', async () => {
    const mentor = await createMentor('Capacity Mentor', 1);
    const first = await createStudent('Capacity Student A');
    const second = await createStudent('Capacity Student B');
    const res = await apply([
      { mentorId: mentor, studentId: first },
      { mentorId: mentor, studentId: second },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.status)).toEqual(['created', 'refused']);
    expect(res.body.results[1]).toMatchObject({ message: CONFLICT_MESSAGES.mentorFull });
    expect(res.body.message).toBe('1 match created, 1 refused.');
  });

  it("counts its progress in the action's workProgress document, refused pairs included", async () => {
    const mentor = await createMentor('Progress Mentor', 1);
    const first = await createStudent('Progress Student A');
    const second = await createStudent('Progress Student B');
    const id = `apply${Date.now()}abcdefghijklm`;
    const res = await call<ApplyMatchesResponse>('POST', matchingPaths.apply, {
      token,
      body: {
        pairs: [
          { mentorId: mentor, studentId: first },
          { mentorId: mentor, studentId: second },
        ],
        progress: { id, offset: 0, total: 2 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 match created, 1 refused.');
    const counted = await firestore().collection('workProgress').doc(id).get();
    expect(counted.data()).toMatchObject({
      kind: 'pairs.create',
      total: 2,
      done: 2,
      state: 'done',
    });
  });

  it('reports a missing person and a duplicate pair instead of failing the call', async () => {
    const mentor = await createMentor('Duplicate Mentor', 2);
    const student = await createStudent('Duplicate Student');
    expect((await apply([{ mentorId: mentor, studentId: student }])).body.created).toBe(1);
    const res = await apply([
      { mentorId: mentor, studentId: student },
      { mentorId: mentor, studentId: 'no-such-student' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ status: 'refused', message: CONFLICT_MESSAGES.duplicatePair }),
      expect.objectContaining({ status: 'refused', code: 'not-found' }),
    ]);
  });

  describe('bad input', () => {
    const real = { mentorId: '', studentId: '' };
    beforeAll(async () => {
      real.mentorId = await createMentor('Invalid Input Mentor', 5);
      real.studentId = await createStudent('Invalid Input Student');
    });

    it.each([
      ['an empty list', () => ({ pairs: [] }), 'pairs'],
      ['a missing list', () => ({}), 'pairs'],
      [
        'an id that is not one',
        () => ({ pairs: [real, { mentorId: 'a/b', studentId: real.studentId }] }),
        'pairs[1].mentorId',
      ],
      ['the same pair twice', () => ({ pairs: [real, { ...real }] }), 'pairs'],
      [
        'too many pairs',
        () => ({
          pairs: [
            real,
            ...Array.from({ length: MAX_APPLY_PAIRS }, (_, i) => ({
              mentorId: real.mentorId,
              studentId: `s${i}`,
            })),
          ],
        }),
        'pairs',
      ],
      ['an unknown field', () => ({ pairs: [real], force: true }), 'force'],
    ])('answers 400 for %s and creates nothing', async (_label, body, field) => {
      const res = await call<ApiErrorBody>('POST', matchingPaths.apply, { token, body: body() });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-argument');
      expect(res.body.error.fields).toHaveProperty([field]);
      const mentor = await call<MentorRecord>('GET', apiPaths.admin.mentor(real.mentorId), {
        token,
      });
      expect(mentor.body.activeStudentCount).toBe(0);
    });
  });
});
