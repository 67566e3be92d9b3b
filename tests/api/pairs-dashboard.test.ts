/** Every pair rule, status changes, bulk actions and the cascade when a person is deleted. */
import {
  CONFLICT_MESSAGES,
  type PairRecord,
  type BulkStatusResponse,
  decodeTable,
  type TableResponse,
  type ApiErrorBody as ErrorBody,
} from '@mentorship/domain';
import { call } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { assign, createMentor, createStudent, doc } from '../support/seed';

const mentorCount = async (id: string) => (await doc('mentors', id))?.activeStudentCount;
const studentSlot = async (id: string) => (await doc('students', id))?.activePairId;

describe('creating a pair', () => {
  it('answers a write with no body at all with 400 and the missing fields, not 415', async () => {
    // Found by the fuzz tests (seed -1714046673): `undefined` sends no body and no Content-Type.
    const res = await call<ErrorBody>('POST', '/api/admin/assignments', { token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['mentorId', 'studentId']),
    );
    const typed = await call<ErrorBody>('POST', '/api/admin/assignments', {
      token,
      rawBody: 'mentorId=a',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(typed.status).toBe(415);
  });

  it('stores both names, marks the student matched and counts the mentor', async () => {
    const mentorId = await createMentor(token, { fullName: 'Grace Mentor', capacity: 2 });
    const studentId = await createStudent(token, { fullName: 'Hugo Student' });
    const res = await assign(token, mentorId, studentId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mentorId,
      studentId,
      mentorName: 'Grace Mentor',
      studentName: 'Hugo Student',
      isActive: true,
    });
    expect(await doc('pairs', res.body.id)).toMatchObject({
      mentorName: 'Grace Mentor',
      studentName: 'Hugo Student',
    });
    expect(await studentSlot(studentId)).toBe(res.body.id);
    expect(await mentorCount(mentorId)).toBe(1);

    const list = await call<TableResponse<PairRecord>>('GET', '/api/admin/assignments', {
      token,
    });
    expect(decodeTable(list.body).find((a) => a.id === res.body.id)).toEqual(res.body);

    // The newest rows only: none older than the one just made (other files may add more).
    const first = await call<TableResponse<PairRecord>>('GET', '/api/admin/assignments?limit=1', {
      token,
    });
    const rows = decodeTable(first.body);
    expect(rows).toHaveLength(1);
    expect((rows[0] as PairRecord).createdAt >= res.body.createdAt).toBe(true);
  });

  it('answers 404 when the mentor or the student does not exist', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const noMentor = await assign(token, 'missingMentor123', studentId);
    expect(noMentor.status).toBe(404);
    expect((noMentor.body as unknown as ErrorBody).error.message).toBe('Mentor not found');
    const noStudent = await assign(token, mentorId, 'missingStudent123');
    expect(noStudent.status).toBe(404);
    expect((noStudent.body as unknown as ErrorBody).error.message).toBe('Student not found');
    expect(await mentorCount(mentorId)).toBe(0);
  });

  it('refuses ids Firestore reserves: 400 for one in the body, 404 when two join into one', async () => {
    // Found by the fuzz tests (seed 2103985251): `__d-__` is a reserved id, and reading it failed.
    const reserved = await assign(token, 'E_', '__d-__');
    expect(reserved.status).toBe(400);
    expect((reserved.body as unknown as ErrorBody).error.fields).toEqual({
      studentId: 'The student id is not valid.',
    });
    // `__a` and `b__` are each valid, but their pair's id `__a__b__` is reserved: nobody has them.
    const joined = await assign(token, '__a', 'b__');
    expect(joined.status).toBe(404);
    expect((joined.body as unknown as ErrorBody).error.message).toBe('Student not found');
    expect(
      (
        await call('PUT', '/api/admin/assignments/__a__b__/status', {
          token,
          body: { isActive: true },
        })
      ).status,
    ).toBe(404);
  });

  const conflict = async (mentorId: string, studentId: string, message: string) => {
    const res = await assign(token, mentorId, studentId);
    expect(res.status).toBe(409);
    expect((res.body as unknown as ErrorBody).error.message).toBe(message);
  };

  it('refuses an inactive mentor', async () => {
    const mentorId = await createMentor(token, { isActive: false });
    const studentId = await createStudent(token);
    await conflict(mentorId, studentId, CONFLICT_MESSAGES.inactiveMentor);
    expect(await studentSlot(studentId)).toBeNull();
  });

  it('refuses an inactive student', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token, { isActive: false });
    await conflict(mentorId, studentId, CONFLICT_MESSAGES.inactiveStudent);
    expect(await mentorCount(mentorId)).toBe(0);
  });

  it('refuses a second active pair for a student', async () => {
    const [m1, m2] = [await createMentor(token), await createMentor(token)];
    const studentId = await createStudent(token);
    expect((await assign(token, m1, studentId)).status).toBe(201);
    await conflict(m2, studentId, CONFLICT_MESSAGES.studentAlreadyMatched);
    expect(await mentorCount(m2)).toBe(0);
  });

  it('refuses a duplicate pair, even when the first pair is inactive', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const first = await assign(token, mentorId, studentId);
    await conflict(mentorId, studentId, CONFLICT_MESSAGES.duplicatePair);
    await call('PUT', `/api/admin/assignments/${first.body.id}/status`, {
      token,
      body: { isActive: false },
    });
    await conflict(mentorId, studentId, CONFLICT_MESSAGES.duplicatePair);
  });

  it('refuses a mentor whose capacity is used up', async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const [s1, s2, s3] = [
      await createStudent(token),
      await createStudent(token),
      await createStudent(token),
    ];
    expect((await assign(token, mentorId, s1)).status).toBe(201);
    expect((await assign(token, mentorId, s2)).status).toBe(201);
    await conflict(mentorId, s3, CONFLICT_MESSAGES.mentorFull);
    expect(await mentorCount(mentorId)).toBe(2);
    expect(await studentSlot(s3)).toBeNull();
  });

  it('validates the body', async () => {
    const res = await call<ErrorBody>('POST', '/api/admin/assignments', {
      token,
      body: { mentorId: 12, studentId: 'a/b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      mentorId: expect.any(String),
      studentId: expect.any(String),
    });
  });
});

describe('pair status', () => {
  it('deactivation frees both sides; activation re-checks the rules', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const { body: a } = await assign(token, mentorId, studentId);

    const off = await call('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: false },
    });
    expect(off).toMatchObject({ status: 200, body: { id: a.id, isActive: false } });
    expect(await studentSlot(studentId)).toBeNull();
    expect(await mentorCount(mentorId)).toBe(0);

    // Meanwhile the mentor's only place goes to another student.
    const other = await createStudent(token);
    expect((await assign(token, mentorId, other)).status).toBe(201);
    const full = await call<ErrorBody>('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(CONFLICT_MESSAGES.mentorFull);
    expect((await doc('pairs', a.id))?.isActive).toBe(false);

    // Once the place is free again, activation works and takes it.
    await call('DELETE', `/api/admin/assignments/${mentorId}__${other}`, { token });
    const on = await call('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(on.status).toBe(200);
    expect(await studentSlot(studentId)).toBe(a.id);
    expect(await mentorCount(mentorId)).toBe(1);
  });

  it('activation refuses an inactive person or an already matched student', async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const studentId = await createStudent(token);
    const { body: a } = await assign(token, mentorId, studentId);
    await call('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: false },
    });

    const m2 = await createMentor(token);
    expect((await assign(token, m2, studentId)).status).toBe(201);
    const matched = await call<ErrorBody>('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(matched.body.error.message).toBe(CONFLICT_MESSAGES.studentAlreadyMatched);

    await call('DELETE', `/api/admin/assignments/${m2}__${studentId}`, { token });
    await call('PUT', `/api/admin/mentors/${mentorId}/status`, {
      token,
      body: { isActive: false },
    });
    const inactive = await call<ErrorBody>('PUT', `/api/admin/assignments/${a.id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.message).toBe(CONFLICT_MESSAGES.inactiveMentor);
  });

  it('answers 404 for an unknown pair', async () => {
    const res = await call('PUT', '/api/admin/assignments/nope__nope/status', {
      token,
      body: { isActive: true },
    });
    expect(res.status).toBe(404);
  });
});

describe('deleting pairs', () => {
  it('deletes one and releases the student and the mentor', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const { body: a } = await assign(token, mentorId, studentId);
    const res = await call('DELETE', `/api/admin/assignments/${a.id}`, { token });
    expect(res).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await doc('pairs', a.id)).toBeUndefined();
    expect(await studentSlot(studentId)).toBeNull();
    expect(await mentorCount(mentorId)).toBe(0);
    expect((await call('DELETE', `/api/admin/assignments/${a.id}`, { token })).status).toBe(404);
  });

  it('bulk-deletes, summing several places of one mentor', async () => {
    const mentorId = await createMentor(token, { capacity: 3 });
    const students = [await createStudent(token), await createStudent(token)];
    const ids: string[] = [];
    for (const s of students) ids.push((await assign(token, mentorId, s)).body.id);
    expect(await mentorCount(mentorId)).toBe(2);
    const res = await call<{ message: string; deleted: number }>(
      'POST',
      '/api/admin/assignments/bulk-delete',
      { token, body: { assignmentIds: [...ids, 'notThere123'] } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Deleted 2 pairs.', deleted: 2 });
    expect(await mentorCount(mentorId)).toBe(0);
    for (const s of students) expect(await studentSlot(s)).toBeNull();
  });

  it('rejects an empty or invalid bulk list', async () => {
    const empty = await call<ErrorBody>('POST', '/api/admin/assignments/bulk-delete', {
      token,
      body: { assignmentIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.assignmentIds).toMatch(/at least one/);
    const bad = await call<ErrorBody>('POST', '/api/admin/assignments/bulk-delete', {
      token,
      body: { assignmentIds: ['../x'] },
    });
    expect(bad.status).toBe(400);
  });
});

/** A mentor with `capacity` places and two new students, none of them matched yet. */
const mentorAndTwoStudents = async (capacity: number) => ({
  mentorId: await createMentor(token, { capacity }),
  s1: await createStudent(token),
  s2: await createStudent(token),
});

describe('bulk status', () => {
  it('changes each pair and reports the ones that cannot change', async () => {
    const { mentorId, s1, s2 } = await mentorAndTwoStudents(1);
    const a1 = (await assign(token, mentorId, s1)).body.id;
    const off = await call<BulkStatusResponse>('POST', '/api/admin/assignments/bulk-status', {
      token,
      body: { assignmentIds: [a1], isActive: false },
    });
    expect(off.body).toMatchObject({ updated: [a1], failed: [] });
    const a2 = (await assign(token, mentorId, s2)).body.id;
    await call('PUT', `/api/admin/assignments/${a2}/status`, { token, body: { isActive: false } });

    const on = await call<BulkStatusResponse>('POST', '/api/admin/assignments/bulk-status', {
      token,
      body: { assignmentIds: [a1, a2], isActive: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.updated).toEqual([a1]);
    expect(on.body.failed).toEqual([{ id: a2, message: CONFLICT_MESSAGES.mentorFull }]);
    expect(await mentorCount(mentorId)).toBe(1);
  });

  it('counts its progress across the calls of one selection, as the server finishes them', async () => {
    const mentorId = await createMentor(token, { capacity: 3 });
    const pairs: string[] = [];
    for (let i = 0; i < 3; i++)
      pairs.push((await assign(token, mentorId, await createStudent(token))).body.id);
    const id = `progress${Date.now()}abcdefghij`;
    const first = await call<BulkStatusResponse>('POST', '/api/admin/assignments/bulk-status', {
      token,
      body: {
        assignmentIds: pairs.slice(0, 2),
        isActive: false,
        progress: { id, offset: 0, total: 3 },
      },
    });
    expect(first.status).toBe(200);
    expect(await doc('workProgress', id)).toMatchObject({
      kind: 'pairs.deactivate',
      total: 3,
      done: 2,
      state: 'running',
    });
    const last = await call<BulkStatusResponse>('POST', '/api/admin/assignments/bulk-status', {
      token,
      body: {
        assignmentIds: pairs.slice(2),
        isActive: false,
        progress: { id, offset: 2, total: 3 },
      },
    });
    expect(last.body.updated).toEqual(pairs.slice(2));
    expect(await doc('workProgress', id)).toMatchObject({ total: 3, done: 3, state: 'done' });
    expect(await mentorCount(mentorId)).toBe(0);

    // A delete counts the same way, its call being one change.
    const deleteId = `${id}del`;
    const deleted = await call('POST', '/api/admin/assignments/bulk-delete', {
      token,
      body: { assignmentIds: pairs, progress: { id: deleteId, offset: 0, total: 3 } },
    });
    expect(deleted.status).toBe(200);
    expect(await doc('workProgress', deleteId)).toMatchObject({
      kind: 'pairs.delete',
      total: 3,
      done: 3,
      state: 'done',
    });
  });

  it('refuses a progress it cannot count, changing nothing', async () => {
    const { mentorId, s1 } = await mentorAndTwoStudents(1);
    const pair = (await assign(token, mentorId, s1)).body.id;
    const id = `refused${Date.now()}abcdefghijk`;
    for (const progress of [
      { id: 'short', offset: 0, total: 1 },
      { id, offset: 1, total: 1 },
      { id, offset: 0 },
    ]) {
      const res = await call<ErrorBody>('POST', '/api/admin/assignments/bulk-status', {
        token,
        body: { assignmentIds: [pair], isActive: false, progress },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}).some((f) => f.startsWith('progress'))).toBe(
        true,
      );
    }
    expect((await doc('pairs', pair))?.isActive).toBe(true);
    expect(await doc('workProgress', id)).toBeUndefined();
  });
});

describe('cascade delete of a person', () => {
  it('deleting a mentor deletes their pairs and frees the students', async () => {
    const { mentorId, s1, s2 } = await mentorAndTwoStudents(2);
    const a1 = (await assign(token, mentorId, s1)).body.id;
    const a2 = (await assign(token, mentorId, s2)).body.id;
    await call('PUT', `/api/admin/assignments/${a2}/status`, { token, body: { isActive: false } });

    const res = await call('DELETE', `/api/admin/mentors/${mentorId}`, { token });
    expect(res).toMatchObject({ status: 200, body: { deletedPairs: 2 } });
    expect(await doc('pairs', a1)).toBeUndefined();
    expect(await doc('pairs', a2)).toBeUndefined();
    expect(await studentSlot(s1)).toBeNull();
    expect(await studentSlot(s2)).toBeNull();
    // The students can be matched again.
    expect((await assign(token, await createMentor(token), s1)).status).toBe(201);
  });

  it("deleting a student deletes their pairs and gives the mentors' places back", async () => {
    const m1 = await createMentor(token);
    const m2 = await createMentor(token);
    const studentId = await createStudent(token);
    const old = (await assign(token, m1, studentId)).body.id;
    await call('PUT', `/api/admin/assignments/${old}/status`, { token, body: { isActive: false } });
    const current = (await assign(token, m2, studentId)).body.id;
    expect(await mentorCount(m2)).toBe(1);

    const res = await call('DELETE', `/api/admin/students/${studentId}`, { token });
    expect(res).toMatchObject({ status: 200, body: { deletedPairs: 2 } });
    expect(await doc('pairs', old)).toBeUndefined();
    expect(await doc('pairs', current)).toBeUndefined();
    expect(await mentorCount(m1)).toBe(0);
    expect(await mentorCount(m2)).toBe(0);
  });

  it('renaming a person renames their pairs', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const a = (await assign(token, mentorId, studentId)).body.id;
    await call('PUT', `/api/admin/mentors/${mentorId}`, {
      token,
      body: { fullName: 'Renamed Mentor', capacity: 1 },
    });
    expect((await doc('pairs', a))?.mentorName).toBe('Renamed Mentor');
    expect(await mentorCount(mentorId)).toBe(1);
  });

  it('refuses to lower capacity below the active students', async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    await assign(token, mentorId, await createStudent(token));
    await assign(token, mentorId, await createStudent(token));
    const res = await call<ErrorBody>('PUT', `/api/admin/mentors/${mentorId}`, {
      token,
      body: { fullName: 'Full Mentor', capacity: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.capacity).toMatch(/2 active students/);
    expect((await doc('mentors', mentorId))?.capacity).toBe(2);
  });
});
