/** Admin CRUD of students and mentors: list, get, create, update, status, delete, application locks. */
import {
  CONFLICT_MESSAGES,
  decodeTable,
  type TableResponse,
  type MentorListItem,
  type MentorRecord,
  type StudentListItem,
  type StudentRecord,
  type ApiErrorBody as ErrorBody,
} from '@mentorship/domain';
import { call, firestore, uniqueSuffix } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { mentorRecordBody, studentRecordBody } from '../factories';
import { createMentor, createStudent, doc, countWhere } from '../support/seed';

describe('students (admin)', () => {
  it('creates an active student by default and reads it back', async () => {
    const body = studentRecordBody();
    const res = await call<{ id: string }>('POST', '/api/admin/students', { token, body });
    expect(res.status).toBe(201);
    const got = await call<StudentRecord>('GET', `/api/admin/students/${res.body.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: res.body.id,
      fullName: body.fullName,
      emailAddress: body.emailAddress,
      isActive: true,
      activePairId: null,
      linkedinUrl: null,
      preferredDisciplines: null,
    });
    expect(new Date(got.body.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('lists students newest first with the list fields only', async () => {
    const older = await createStudent(token);
    const newer = await createStudent(token);
    const res = await call<TableResponse<StudentListItem>>('GET', '/api/admin/students', {
      token,
    });
    expect(res.status).toBe(200);
    const items = decodeTable(res.body);
    const ids = items.map((s) => s.id);
    expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const row = items.find((s) => s.id === newer);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'academicProgram',
        'activePairId',
        'createdAt',
        'emailAddress',
        'fullName',
        'id',
        'isActive',
        'mentoringTopics',
        'preferredDisciplines',
        'reviewStatus',
        'cohortId',
        'carriedForwardFrom',
        'matchPriority',
        // The student's time zone: the ranked suggestions read it from the row.
        'timeZone',
        'universityName',
        'yearOfStudy',
      ].sort(),
    );
  });

  it('sends the list as a table: columns once, option values through a dictionary', async () => {
    const body = studentRecordBody(undefined, {
      preferredDisciplines: ['Design', 'Engineering'],
      mentoringTopics: ['Leadership'],
    });
    const created = await call<{ id: string }>('POST', '/api/admin/students', { token, body });
    expect(created.status).toBe(201);
    const res = await call<TableResponse<StudentListItem>>('GET', '/api/admin/students', {
      token,
    });
    const { columns, dictionaries, rows } = res.body;
    expect(columns[0]).toBe('id');
    const raw = rows.find((r) => r[0] === created.body.id) as unknown[];
    const disciplines = raw[columns.indexOf('preferredDisciplines')] as number[];
    expect(disciplines.every((i) => Number.isInteger(i))).toBe(true);
    expect(disciplines.map((i) => dictionaries.preferredDisciplines?.[i])).toEqual([
      'Design',
      'Engineering',
    ]);
    expect(decodeTable(res.body).find((s) => s.id === created.body.id)).toMatchObject({
      fullName: body.fullName,
      preferredDisciplines: ['Design', 'Engineering'],
      mentoringTopics: ['Leadership'],
    });
  });

  it('reads only the list fields from Firestore (select), as the emulator here does too', async () => {
    const id = await createStudent(token, { mentorshipGoals: 'A long goal that lists never show' });
    const snapshot = await firestore().collection('students').select('fullName', 'isActive').get();
    const mine = snapshot.docs.find((d) => d.id === id);
    expect(mine?.data()).toEqual({ fullName: expect.any(String), isActive: true });
  });

  it('answers only the newest rows for ?limit=N', async () => {
    // Other test files may add people meanwhile: the first row must be at least as new as the
    // last one created here, and the rows newest first.
    await createStudent(token);
    const newest = await createStudent(token);
    const newestAt = (await call<StudentRecord>('GET', `/api/admin/students/${newest}`, { token }))
      .body.createdAt;
    const res = await call<TableResponse<StudentListItem>>('GET', '/api/admin/students?limit=2', {
      token,
    });
    expect(res.status).toBe(200);
    const rows = decodeTable(res.body);
    expect(rows).toHaveLength(2);
    expect((rows[0] as StudentListItem).createdAt >= newestAt).toBe(true);
    expect((rows[0] as StudentListItem).createdAt >= (rows[1] as StudentListItem).createdAt).toBe(
      true,
    );

    const mentor = await createMentor(token);
    const mentorAt = (await call<MentorRecord>('GET', `/api/admin/mentors/${mentor}`, { token }))
      .body.createdAt;
    const mentors = await call<TableResponse<MentorListItem>>('GET', '/api/admin/mentors?limit=1', {
      token,
    });
    const mentorRows = decodeTable(mentors.body);
    expect(mentorRows).toHaveLength(1);
    expect((mentorRows[0] as MentorListItem).createdAt >= mentorAt).toBe(true);
  });

  it.each(['0', '-1', '1.5', 'ten', '1001', ''])(
    'refuses ?limit=%p with a field error',
    async (limit) => {
      for (const path of ['/api/admin/students', '/api/admin/mentors', '/api/admin/assignments']) {
        const res = await call<ErrorBody>('GET', `${path}?limit=${limit}`, { token });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid-argument');
        expect(res.body.error.fields).toEqual({
          limit: 'limit must be a whole number from 1 to 1000.',
        });
      }
    },
  );

  it('requires full name and e-mail on create, and stores nothing otherwise', async () => {
    const tag = uniqueSuffix();
    const res = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      body: { fullName: '', emailAddress: '', phoneNumber: `p-${tag}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      fullName: expect.stringMatching(/required/i),
      emailAddress: expect.stringMatching(/required/i),
    });
    expect(await countWhere('students', 'phoneNumber', `p-${tag}`)).toBe(0);
  });

  it('refuses an unknown field and a server-kept field', async () => {
    const res = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      body: { ...studentRecordBody(), activePairId: 'x', role: 'admin' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['activePairId', 'role']);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const body = studentRecordBody();
    expect((await call('POST', '/api/admin/students', { token, body })).status).toBe(201);
    const again = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      body: { ...body, emailAddress: body.emailAddress.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONFLICT_MESSAGES.duplicateStudentEmail);
  });

  it('updates the full form, moves the application lock and keeps server fields', async () => {
    const id = await createStudent(token);
    const body = studentRecordBody(uniqueSuffix(), { universityName: '  McGill University ' });
    const res = await call<StudentRecord>('PUT', `/api/admin/students/${id}`, { token, body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      fullName: body.fullName,
      emailAddress: body.emailAddress,
      universityName: 'McGill University',
      activePairId: null,
    });
    expect(await doc('students', id)).toMatchObject({ emailAddress: body.emailAddress });
    // The old address is free again; the new one is taken.
    const old = await call<StudentRecord>('GET', `/api/admin/students/${id}`, { token });
    expect(old.body.emailAddress).toBe(body.emailAddress);
    const reuseNew = await call('POST', '/api/admin/students', {
      token,
      body: studentRecordBody(undefined, { emailAddress: body.emailAddress }),
    });
    expect(reuseNew.status).toBe(409);
  });

  it('frees the old e-mail when it changes', async () => {
    const first = studentRecordBody();
    const created = await call<{ id: string }>('POST', '/api/admin/students', {
      token,
      body: first,
    });
    await call('PUT', `/api/admin/students/${created.body.id}`, {
      token,
      body: studentRecordBody(),
    });
    const reuse = await call('POST', '/api/admin/students', { token, body: first });
    expect(reuse.status).toBe(201);
  });

  it('refuses to move a student onto an e-mail another student holds', async () => {
    const taken = studentRecordBody();
    expect((await call('POST', '/api/admin/students', { token, body: taken })).status).toBe(201);
    const id = await createStudent(token);
    const res = await call<ErrorBody>('PUT', `/api/admin/students/${id}`, {
      token,
      body: { ...studentRecordBody(), emailAddress: taken.emailAddress },
    });
    expect(res.status).toBe(409);
    expect((await doc('students', id))?.emailAddress).not.toBe(taken.emailAddress);
  });

  it('validates updates and changes nothing on error', async () => {
    const id = await createStudent(token);
    const before = await doc('students', id);
    const res = await call<ErrorBody>('PUT', `/api/admin/students/${id}`, {
      token,
      body: { fullName: 'New Name', emailAddress: 'bad', yearOfStudy: 'Grade 12' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      emailAddress: expect.any(String),
      yearOfStudy: expect.any(String),
    });
    expect(await doc('students', id)).toEqual(before);
  });

  it('sets the status', async () => {
    const id = await createStudent(token);
    const res = await call('PUT', `/api/admin/students/${id}/status`, {
      token,
      body: { isActive: false },
    });
    expect(res).toMatchObject({ status: 200, body: { id, isActive: false } });
    expect((await doc('students', id))?.isActive).toBe(false);
    const bad = await call<ErrorBody>('PUT', `/api/admin/students/${id}/status`, {
      token,
      body: { isActive: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.isActive).toBeDefined();
  });

  it('deletes a student and frees the e-mail', async () => {
    const body = studentRecordBody();
    const { body: created } = await call<{ id: string }>('POST', '/api/admin/students', {
      token,
      body,
    });
    const res = await call('DELETE', `/api/admin/students/${created.id}`, { token });
    expect(res).toMatchObject({ status: 200, body: { deletedPairs: 0 } });
    expect(await doc('students', created.id)).toBeUndefined();
    expect((await call('GET', `/api/admin/students/${created.id}`, { token })).status).toBe(404);
    expect((await call('POST', '/api/admin/students', { token, body })).status).toBe(201);
  });

  it.each(['a.b', 'x'.repeat(200), '%24bad'])('answers 404 for the invalid id %s', async (id) => {
    const res = await call<ErrorBody>('GET', `/api/admin/students/${id}`, { token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not-found');
  });
});

describe('mentors (admin)', () => {
  it('creates, lists (with capacity and count), reads, updates and deletes a mentor', async () => {
    const body = mentorRecordBody(undefined, { capacity: 3, yearsExperience: 12 });
    const created = await call<{ id: string }>('POST', '/api/admin/mentors', { token, body });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const list = await call<TableResponse<MentorListItem>>('GET', '/api/admin/mentors', { token });
    expect(decodeTable(list.body).find((m) => m.id === id)).toMatchObject({
      fullName: body.fullName,
      email: body.email,
      capacity: 3,
      activeStudentCount: 0,
      isActive: true,
    });

    const got = await call<MentorRecord>('GET', `/api/admin/mentors/${id}`, { token });
    expect(got.body).toMatchObject({ id, yearsExperience: 12, skills: [], availability: [] });

    const update = mentorRecordBody(undefined, {
      company: 'Stripe',
      availability: ['By Appointment Only'],
    });
    const put = await call<MentorRecord>('PUT', `/api/admin/mentors/${id}`, {
      token,
      body: update,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ company: 'Stripe', capacity: 1, activeStudentCount: 0 });

    const del = await call('DELETE', `/api/admin/mentors/${id}`, { token });
    expect(del.status).toBe(200);
    expect(await doc('mentors', id)).toBeUndefined();
  });

  it('lets an administrator create mentors without an e-mail (no lock taken)', async () => {
    const a = await call('POST', '/api/admin/mentors', { token, body: { fullName: 'No Mail A' } });
    const b = await call('POST', '/api/admin/mentors', { token, body: { fullName: 'No Mail B' } });
    expect([a.status, b.status]).toEqual([201, 201]);
  });

  it('refuses a duplicate mentor e-mail on create and update', async () => {
    const body = mentorRecordBody();
    expect((await call('POST', '/api/admin/mentors', { token, body })).status).toBe(201);
    const dup = await call<ErrorBody>('POST', '/api/admin/mentors', { token, body });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(CONFLICT_MESSAGES.duplicateMentorEmail);
    const other = await createMentor(token);
    const move = await call('PUT', `/api/admin/mentors/${other}`, {
      token,
      body: { fullName: 'Other', email: body.email },
    });
    expect(move.status).toBe(409);
  });

  it.each([
    ['years of experience 51', { yearsExperience: 51 }, 'yearsExperience'],
    ['years of experience 1.5', { yearsExperience: 1.5 }, 'yearsExperience'],
    ['capacity 6', { capacity: 6 }, 'capacity'],
    ['invalid e-mail', { email: 'x@' }, 'email'],
    ['invalid LinkedIn URL', { linkedinUrl: 'javascript:alert(1)' }, 'linkedinUrl'],
    ['availability not in the list', { availability: ['Sundays'] }, 'availability'],
    ['empty full name', { fullName: '  ' }, 'fullName'],
  ])('rejects %s with a field error and stores nothing', async (_name, change, field) => {
    const base = mentorRecordBody();
    const res = await call<ErrorBody>('POST', '/api/admin/mentors', {
      token,
      body: { ...base, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[field]).toBeDefined();
    expect(await countWhere('mentors', 'fullName', base.fullName)).toBe(0);
  });

  it('answers 404 for a mentor that does not exist', async () => {
    const res = await call<ErrorBody>('GET', '/api/admin/mentors/doesNotExist123', { token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Mentor not found');
  });
});
