/**
 * The dashboard's live rows (`cohorts/{cohortId}/studentRows`, `.../mentorRows`) are copies of
 * the list fields of each person, filed under the person's cohort and written in the same
 * transaction as the person. After every kind of change, each person has exactly one row, under
 * their cohort, equal to their list fields; a move to another cohort moves it; a deleted person
 * leaves no row.
 */
import { rowsPath, type StudentRecord } from '@mentorship/domain';
import { MENTOR_LIST_FIELDS, STUDENT_LIST_FIELDS } from '../../functions/src/shared/records';
import { call, confirmApplicant, firestore, uniqueSuffix } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import {
  apply,
  assign,
  createMentor,
  createStudent,
  doc,
  rowOfPerson,
  rowsFiled,
  seedCohort,
} from '../support/seed';

// Each test makes several calls through the emulator stack (and confirms an application).
jest.setTimeout(30_000);

const listFields = (doc: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));

async function expectRowMatches(kind: 'student' | 'mentor', id: string) {
  const source = await firestore()
    .collection(kind === 'student' ? 'students' : 'mentors')
    .doc(id)
    .get();
  expect(source.exists).toBe(true);
  const row = await rowOfPerson(kind, id);
  const fields = kind === 'student' ? STUDENT_LIST_FIELDS : MENTOR_LIST_FIELDS;
  expect(row).toEqual(listFields(source.data() as Record<string, unknown>, fields));
  // Nothing beyond the list fields: the lists never carry whole applications.
  expect(Object.keys(row ?? {}).sort()).toEqual([...fields].sort());
  // One row, filed under the person's cohort (`rowsPath`) and nowhere else.
  expect(await rowsFiled(kind, id)).toEqual([
    `${rowsPath(kind, (source.get('cohortId') as string | undefined) ?? null)}/${id}`,
  ]);
}

describe('live list rows', () => {
  it('follow every change of a person in the same write, and go with the person', async () => {
    // Stored (201), or apply fails.
    const { id: studentId, application } = await apply('student');
    // No row until the applicant confirms their address; then the row is the record's.
    expect(await rowsFiled('student', studentId)).toEqual([]);
    await confirmApplicant(application.emailAddress);
    await expectRowMatches('student', studentId);

    // A review decision, then an edit of a list field and of a field no list shows.
    expect(
      (
        await call('PUT', `/api/admin/students/${studentId}/review`, {
          token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(200);
    await expectRowMatches('student', studentId);
    const record = (await call<StudentRecord>('GET', `/api/admin/students/${studentId}`, { token }))
      .body;
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      activePairId: _a,
      reviewStatus: _r,
      declineReason: _d,
      confirmed: _cf,
      withdrawnAt: _w,
      ...editable
    } = record;
    expect(
      (
        await call('PUT', `/api/admin/students/${studentId}`, {
          token,
          body: { ...editable, universityName: 'Renamed University', mentorshipGoals: 'Goals' },
        })
      ).status,
    ).toBe(200);
    await expectRowMatches('student', studentId);
    expect((await rowOfPerson('student', studentId))?.universityName).toBe('Renamed University');

    // An edit that moves them to another cohort moves the row (and writes nothing in the old).
    const later = (
      await seedCohort({
        name: `Rows move ${uniqueSuffix()}`,
        programStart: '2027-09-01',
        programEnd: '2027-12-31',
      })
    ).id;
    expect(
      (
        await call('PUT', `/api/admin/students/${studentId}`, {
          token,
          body: { ...editable, universityName: 'Renamed University', cohortId: later },
        })
      ).status,
    ).toBe(200);
    await expectRowMatches('student', studentId);
    expect((await rowOfPerson('student', studentId))?.cohortId).toBe(later);

    // Pairs move the counters on both rows.
    const mentorId = await createMentor(token, { capacity: 2 });
    await expectRowMatches('mentor', mentorId);
    const pair = await assign(token, mentorId, studentId);
    expect(pair.status).toBe(201);
    await expectRowMatches('student', studentId);
    await expectRowMatches('mentor', mentorId);
    expect((await rowOfPerson('mentor', mentorId))?.activeStudentCount).toBe(1);
    expect(
      (
        await call('PUT', `/api/admin/assignments/${pair.body.id}/status`, {
          token,
          body: { isActive: false },
        })
      ).status,
    ).toBe(200);
    await expectRowMatches('student', studentId);
    await expectRowMatches('mentor', mentorId);

    // Status, then deletion: the row goes with its person.
    expect(
      (
        await call('PUT', `/api/admin/mentors/${mentorId}/status`, {
          token,
          body: { isActive: false },
        })
      ).status,
    ).toBe(200);
    await expectRowMatches('mentor', mentorId);
    const other = await createStudent(token);
    await expectRowMatches('student', other);
    expect((await call('DELETE', `/api/admin/students/${studentId}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/api/admin/mentors/${mentorId}`, { token })).status).toBe(200);
    expect(await rowsFiled('student', studentId)).toEqual([]);
    expect(await rowsFiled('mentor', mentorId)).toEqual([]);
  });

  it('a refused change writes no row either', async () => {
    const studentId = await createStudent(token);
    const cohortId = ((await doc('students', studentId))?.cohortId as string | undefined) ?? null;
    const rowRef = firestore().collection(rowsPath('student', cohortId)).doc(studentId);
    const before = await rowRef.get();
    expect(before.exists).toBe(true);
    const res = await call('PUT', `/api/admin/students/${studentId}/review`, {
      token,
      body: { decision: 'approve' },
    });
    expect(res.status).toBe(409);
    const after = await rowRef.get();
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true);
  });
});
