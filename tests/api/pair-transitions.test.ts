/**
 * The pair's transitions (functions/src/pairs/transitions.ts), one test each: create, deactivate,
 * reactivate, end, complete, delete, erase. After each: the pair as stored, the student's place
 * (`activePairId`) and the mentor's taken places (`activeStudentCount`), which only
 * pairs/places.ts `movePlaces` changes.
 */
import { PAIR_COLLECTIONS, type PairRecord, type EndPairInput } from '@mentorship/domain';
import { runCompletion } from '../../functions/src/program-end/completion';
import { call } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import {
  assign,
  countWhere,
  createMentor,
  createStudent,
  doc,
  seedCheckIns,
  seedCohort,
  seedPair,
  seedSessions,
} from '../support/seed';

jest.setTimeout(60_000);

const placesOf = async (mentorId: string, studentId: string) => ({
  mentorTaken: (await doc('mentors', mentorId))?.activeStudentCount,
  studentPair: (await doc('students', studentId))?.activePairId,
});

async function made(mentorId: string, studentId: string): Promise<PairRecord> {
  const res = await assign(token, mentorId, studentId);
  expect(res.status).toBe(201);
  return res.body;
}

const setActive = (id: string, isActive: boolean) =>
  call('PUT', `/api/admin/assignments/${id}/status`, { token, body: { isActive } });

const end = (id: string, body: EndPairInput) =>
  call('POST', `/api/admin/pairs/${id}/end`, { token, body });

describe('the transitions of a pair and the places they move', () => {
  it('create: the pair takes the student and one of the mentor places', async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const studentId = await createStudent(token);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
    const pair = await made(mentorId, studentId);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 1, studentPair: pair.id });
    expect(await doc('pairs', pair.id)).toMatchObject({
      isActive: true,
      mentorId,
      studentId,
    });
  });

  it('deactivate gives both places back; reactivate takes them again', async () => {
    const mentorId = await createMentor(token, { capacity: 1 });
    const studentId = await createStudent(token);
    const pair = await made(mentorId, studentId);

    expect((await setActive(pair.id, false)).status).toBe(200);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
    expect(await doc('pairs', pair.id)).toMatchObject({ isActive: false });
    // Twice changes nothing.
    expect((await setActive(pair.id, false)).status).toBe(200);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });

    expect((await setActive(pair.id, true)).status).toBe(200);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 1, studentPair: pair.id });
    expect(await doc('pairs', pair.id)).toMatchObject({ isActive: true });
  });

  it('reactivate is refused when the mentor is full meanwhile, and nothing moves', async () => {
    const mentorId = await createMentor(token, { capacity: 1 });
    const first = await createStudent(token);
    const second = await createStudent(token);
    const pair = await made(mentorId, first);
    expect((await setActive(pair.id, false)).status).toBe(200);
    const other = await made(mentorId, second);
    expect((await setActive(pair.id, true)).status).toBe(409);
    expect(await placesOf(mentorId, first)).toEqual({ mentorTaken: 1, studentPair: null });
    expect((await doc('students', second))?.activePairId).toBe(other.id);
  });

  it('end: history stays, both places are given back, the student is re-matched first', async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const studentId = await createStudent(token);
    const pair = await made(mentorId, studentId);
    expect((await end(pair.id, { reason: 'not-a-good-fit', note: null })).status).toBe(200);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
    expect(await doc('pairs', pair.id)).toMatchObject({
      isActive: false,
      endReason: 'not-a-good-fit',
      endedBy: 'coordinator',
    });
    expect((await doc('students', studentId))?.matchPriority).toBe('rematch');
    // An ended pair cannot be resumed: a new pair re-matches instead; nothing moves.
    expect((await setActive(pair.id, true)).status).toBe(409);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
  });

  it('end with the goals met does not put the student first', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const pair = await made(mentorId, studentId);
    expect((await end(pair.id, { reason: 'goals-met', note: null })).status).toBe(200);
    expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
    expect((await doc('students', studentId))?.matchPriority ?? null).toBeNull();
  });

  it("complete: the program's end gives the mentor's place back once; the student keeps theirs", async () => {
    const cohort = await seedCohort({ name: 'Transitions ended', endedDaysAgo: 1 });
    const pair = await seedPair(token, cohort.id);
    expect(await placesOf(pair.mentorId, pair.studentId)).toEqual({
      mentorTaken: 1,
      studentPair: pair.pairId,
    });
    await runCompletion(new Date());
    const after = { mentorTaken: 0, studentPair: pair.pairId };
    expect(await placesOf(pair.mentorId, pair.studentId)).toEqual(after);
    expect((await doc('pairs', pair.pairId))?.mentorPlaceReleasedAt).toBeTruthy();
    // A second run gives nothing back twice.
    await runCompletion(new Date());
    expect(await placesOf(pair.mentorId, pair.studentId)).toEqual(after);
    // Deleting the pair afterwards frees the student and leaves the mentor's count alone.
    expect((await call('DELETE', `/api/admin/assignments/${pair.pairId}`, { token })).status).toBe(
      200,
    );
    expect(await placesOf(pair.mentorId, pair.studentId)).toEqual({
      mentorTaken: 0,
      studentPair: null,
    });
  });

  it('delete: the places are given back and the pair forgets its sessions and check-ins', async () => {
    const cohort = await seedCohort({ name: 'Transitions running', endedDaysAgo: -60 });
    const pair = await seedPair(token, cohort.id);
    await seedSessions(pair, cohort.id, [cohort.programStart]);
    await seedCheckIns(pair, cohort.id, [4]);
    expect(await countWhere(PAIR_COLLECTIONS.sessions, 'pairId', pair.pairId)).toBe(1);
    expect(await countWhere(PAIR_COLLECTIONS.checkIns, 'pairId', pair.pairId)).toBe(1);

    const res = await call('DELETE', `/api/admin/assignments/${pair.pairId}`, { token });
    expect(res.status).toBe(200);
    expect(await placesOf(pair.mentorId, pair.studentId)).toEqual({
      mentorTaken: 0,
      studentPair: null,
    });
    expect(await doc('pairs', pair.pairId)).toBeUndefined();
    expect(await countWhere(PAIR_COLLECTIONS.sessions, 'pairId', pair.pairId)).toBe(0);
    expect(await countWhere(PAIR_COLLECTIONS.checkIns, 'pairId', pair.pairId)).toBe(0);
  });

  it("bulk delete gives back several of one mentor's places in one change", async () => {
    const mentorId = await createMentor(token, { capacity: 3 });
    const students = [await createStudent(token), await createStudent(token)];
    const pairs = [
      await made(mentorId, students[0] as string),
      await made(mentorId, students[1] as string),
    ];
    expect((await doc('mentors', mentorId))?.activeStudentCount).toBe(2);
    const res = await call<{ deleted: number }>('POST', '/api/admin/assignments/bulk-delete', {
      token,
      body: { assignmentIds: pairs.map((p) => p.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    for (const studentId of students) {
      expect(await placesOf(mentorId, studentId)).toEqual({ mentorTaken: 0, studentPair: null });
    }
  });

  it("erase a student: their pairs go and their mentor's place is given back", async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const studentId = await createStudent(token);
    const pair = await made(mentorId, studentId);
    const res = await call('DELETE', `/api/admin/students/${studentId}`, { token });
    expect(res.status).toBe(200);
    expect((await doc('mentors', mentorId))?.activeStudentCount).toBe(0);
    expect(await doc('students', studentId)).toBeUndefined();
    expect(await doc('pairs', pair.id)).toBeUndefined();
  });

  it("erase a mentor: their pairs go and each running pair's student is free again", async () => {
    const mentorId = await createMentor(token, { capacity: 2 });
    const running = await createStudent(token);
    const paused = await createStudent(token);
    const first = await made(mentorId, running);
    const second = await made(mentorId, paused);
    expect((await setActive(second.id, false)).status).toBe(200);
    const res = await call('DELETE', `/api/admin/mentors/${mentorId}`, { token });
    expect(res.status).toBe(200);
    expect((await doc('students', running))?.activePairId).toBeNull();
    expect((await doc('students', paused))?.activePairId).toBeNull();
    expect(await doc('pairs', first.id)).toBeUndefined();
    expect(await doc('pairs', second.id)).toBeUndefined();
  });
});
