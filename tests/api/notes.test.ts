/**
 * What the person's page reads and writes beyond the record: private notes (added with the
 * coordinator as author, newest first, validated, deleted with the person, never in the record
 * the lists and exports read) and the person's pairs.
 */
import {
  NOTE_MAX,
  type NotesResponse,
  type PersonPairsResponse,
  type PersonNote,
  type StudentRecord,
  type ApiErrorBody as ErrorBody,
} from '@mentorship/domain';
import { call, firestore } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { assign, createMentor, createStudent } from '../support/seed';

const addNote = (kind: 'students' | 'mentors', id: string, body: unknown) =>
  call<PersonNote & ErrorBody>('POST', `/api/admin/${kind}/${id}/notes`, { token, body });
const notes = async (kind: 'students' | 'mentors', id: string) =>
  (await call<NotesResponse>('GET', `/api/admin/${kind}/${id}/notes`, { token })).body.notes;

describe('notes', () => {
  it('adds a note signed by the coordinator, trimmed, and lists notes newest first', async () => {
    const id = await createStudent(token);
    const first = await addNote('students', id, { text: '  Screening call: keen, clear goals.  ' });
    expect(first.status).toBe(201);
    expect(first.body.text).toBe('Screening call: keen, clear goals.');
    expect(first.body.author.email).toMatch(/@test\.example\.org$/);
    expect(first.body.author.uid).toBeTruthy();
    expect(Date.now() - Date.parse(first.body.at)).toBeLessThan(60_000);
    const second = await addNote('students', id, { text: 'Prefers evening sessions.' });
    expect(second.status).toBe(201);

    expect((await notes('students', id)).map((n) => n.text)).toEqual([
      'Prefers evening sessions.',
      'Screening call: keen, clear goals.',
    ]);
    // Private: the record (what lists, exports and the edit form read) carries no notes.
    const record = await call<StudentRecord>('GET', `/api/admin/students/${id}`, { token });
    expect(JSON.stringify(record.body)).not.toContain('Screening call');
  });

  it('refuses an empty, blank, too long or non-text note with a field error and stores nothing', async () => {
    const id = await createMentor(token);
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(NOTE_MAX + 1) },
      { text: 42 },
      { text: ['a'] },
    ]) {
      const res = await addNote('mentors', id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-argument');
      expect(res.body.error.fields?.text).toBeTruthy();
    }
    const exact = await addNote('mentors', id, { text: 'y'.repeat(NOTE_MAX) });
    expect(exact.status).toBe(201);
    expect(await notes('mentors', id)).toHaveLength(1);
  });

  it('answers 404 for a person that does not exist, and writes nothing there', async () => {
    const res = await addNote('students', 'noSuchStudent0000001', { text: 'Lost note' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Student not found');
    const stray = await firestore().collection('students/noSuchStudent0000001/notes').get();
    expect(stray.size).toBe(0);
    const mentor = await call<ErrorBody>('GET', '/api/admin/mentors/noSuchMentor00000001/notes', {
      token,
    });
    expect(mentor.status).toBe(404);
    expect(mentor.body.error.message).toBe('Mentor not found');
  });

  it('deletes the notes with the person, in the same transaction', async () => {
    const id = await createStudent(token);
    await addNote('students', id, { text: 'Private remark' });
    expect((await firestore().collection(`students/${id}/notes`).get()).size).toBe(1);
    const res = await call('DELETE', `/api/admin/students/${id}`, { token });
    expect(res.status).toBe(200);
    expect((await firestore().collection(`students/${id}/notes`).get()).size).toBe(0);
  });
});

describe("a person's pairs", () => {
  it('lists every pair of the student and of the mentor, active or not', async () => {
    const [mentorA, mentorB, student] = await Promise.all([
      createMentor(token),
      createMentor(token),
      createStudent(token),
    ]);
    const first = await assign(token, mentorA, student);
    expect(first.status).toBe(201);
    const deactivate = await call('PUT', `/api/admin/assignments/${first.body.id}/status`, {
      token,
      body: { isActive: false },
    });
    expect(deactivate.status).toBe(200);
    const second = await assign(token, mentorB, student);
    expect(second.status).toBe(201);

    const ofStudent = await call<PersonPairsResponse>(
      'GET',
      `/api/admin/students/${student}/assignments`,
      { token },
    );
    expect(ofStudent.status).toBe(200);
    expect(ofStudent.body.pairs.map((a) => [a.mentorId, a.isActive])).toEqual([
      [mentorB, true],
      [mentorA, false],
    ]);
    const ofMentor = await call<PersonPairsResponse>(
      'GET',
      `/api/admin/mentors/${mentorA}/assignments`,
      { token },
    );
    expect(ofMentor.body.pairs.map((a) => a.studentId)).toEqual([student]);
  });
});
