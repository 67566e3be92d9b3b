/**
 * The dashboard's live rows (`studentRows`, `mentorRows`) are copies of the list fields of each
 * person, written in the same transaction as the person. After every kind of change, each row
 * equals its source's list fields, and a deleted person leaves no row.
 */
import type { StudentRecord } from '@mentorship/domain';
import {
  COLLECTIONS,
  MENTOR_LIST_FIELDS,
  STUDENT_LIST_FIELDS,
} from '../../functions/src/shared/records';
import { backfillRows } from '../../scripts/lib/backfill-rows';
import {
  call,
  confirmApplicant,
  firestore,
  ownClient,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { assign, createMentor, createStudent, studentApplication } from './fixtures';

// Each test makes several calls through the emulator stack (and confirms an application).
jest.setTimeout(30_000);

let token: string;
beforeAll(async () => {
  token = await tokenFor('admin');
});

const listFields = (doc: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));

async function expectRowMatches(kind: 'student' | 'mentor', id: string) {
  const [source, row] = await Promise.all([
    firestore()
      .collection(kind === 'student' ? 'students' : 'mentors')
      .doc(id)
      .get(),
    firestore()
      .collection(kind === 'student' ? COLLECTIONS.studentRows : COLLECTIONS.mentorRows)
      .doc(id)
      .get(),
  ]);
  expect(source.exists).toBe(true);
  expect(row.exists).toBe(true);
  const fields = kind === 'student' ? STUDENT_LIST_FIELDS : MENTOR_LIST_FIELDS;
  expect(row.data()).toEqual(listFields(source.data() as Record<string, unknown>, fields));
  // Nothing beyond the list fields: the lists never carry whole applications.
  expect(Object.keys(row.data() ?? {}).sort()).toEqual([...fields].sort());
}

describe('live list rows', () => {
  it('follow every change of a person in the same write, and go with the person', async () => {
    const application = studentApplication();
    const applied = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: ownClient(),
      body: application,
    });
    expect(applied.status).toBe(201);
    const studentId = applied.body.id;
    // No row until the applicant confirms their address; then the row is the record's.
    expect((await firestore().collection('studentRows').doc(studentId).get()).exists).toBe(false);
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
      activeAssignmentId: _a,
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
    const row = await firestore().collection(COLLECTIONS.studentRows).doc(studentId).get();
    expect(row.get('universityName')).toBe('Renamed University');

    // Assignments move the counters on both rows.
    const mentorId = await createMentor(token, { capacity: 2 });
    await expectRowMatches('mentor', mentorId);
    const pair = await assign(token, mentorId, studentId);
    expect(pair.status).toBe(201);
    await expectRowMatches('student', studentId);
    await expectRowMatches('mentor', mentorId);
    expect(
      (await firestore().collection(COLLECTIONS.mentorRows).doc(mentorId).get()).get(
        'activeStudentCount',
      ),
    ).toBe(1);
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
    expect(
      (await firestore().collection(COLLECTIONS.studentRows).doc(studentId).get()).exists,
    ).toBe(false);
    expect((await firestore().collection(COLLECTIONS.mentorRows).doc(mentorId).get()).exists).toBe(
      false,
    );
  });

  it('a refused change writes no row either', async () => {
    const studentId = await createStudent(token);
    const before = await firestore().collection(COLLECTIONS.studentRows).doc(studentId).get();
    const res = await call('PUT', `/api/admin/students/${studentId}/review`, {
      token,
      body: { decision: 'approve' },
    });
    expect(res.status).toBe(409);
    const after = await firestore().collection(COLLECTIONS.studentRows).doc(studentId).get();
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true);
  });
});

describe('the rows backfill (npm start, npm run rows:backfill)', () => {
  it('writes the rows of people stored before rows existed and deletes rows without a person', async () => {
    const db = firestore();
    const id = `before-rows-${uniqueSuffix()}`;
    const stored = {
      fullName: 'Stored Before Rows',
      emailAddress: `${id}@uni.example.org`,
      isActive: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await db.collection('students').doc(id).set(stored);
    const orphan = `orphan-${uniqueSuffix()}`;
    await db.collection(COLLECTIONS.mentorRows).doc(orphan).set({ fullName: 'Gone' });

    const first = await backfillRows(db);
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect(first.deleted).toBeGreaterThanOrEqual(1);
    await expectRowMatches('student', id);
    expect((await db.collection(COLLECTIONS.mentorRows).doc(orphan).get()).exists).toBe(false);
    // Idempotent: a second run finds nothing to do for these.
    const again = await backfillRows(db);
    expect(again).toEqual({ written: 0, deleted: 0 });
    await db.collection('students').doc(id).delete();
    await db.collection(COLLECTIONS.studentRows).doc(id).delete();
  });
});
