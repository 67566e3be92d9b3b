import {
  MAX_BODY_BYTES,
  TOASTS,
  UNKNOWN_FIELD_MESSAGE,
  type ApiErrorBody as ErrorBody,
} from '@mentorship/domain';
import { call, uniqueSuffix } from '../support/api';
import { mentorApplication, studentApplication } from '../factories';
import { countWhere, doc } from '../support/seed';

/** Each kind's public application: where it is sent, where it would be stored, its address. */
const APPLICATIONS = {
  student: () => {
    const base = studentApplication();
    const where = { path: '/api/student-registration', collection: 'students' };
    return { base, ...where, emailField: 'emailAddress', email: base.emailAddress };
  },
  mentor: () => {
    const base = mentorApplication();
    const where = { path: '/api/mentor-registration', collection: 'mentors' };
    return { base, ...where, emailField: 'email', email: base.email };
  },
};

/** A complete application with `change` is refused with `field`'s error, and none of it stored. */
async function expectRefused(
  kind: keyof typeof APPLICATIONS,
  change: Record<string, unknown>,
  field: string,
  message: RegExp,
) {
  const { base, path, collection, emailField, email } = APPLICATIONS[kind]();
  const res = await call<ErrorBody>('POST', path, { body: { ...base, ...change } });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid-argument');
  expect(res.body.error.fields?.[field]).toMatch(message);
  expect(await countWhere(collection, 'fullName', base.fullName)).toBe(0);
  expect(await countWhere(collection, emailField, email)).toBe(0);
}

describe('POST /api/student-registration', () => {
  it('stores a trimmed, inactive application and answers 201 with its id', async () => {
    const body = studentApplication();
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      body: { ...body, fullName: `  ${body.fullName}  `, mentoringTopics: [] },
    });
    expect(res.status).toBe(201);
    const stored = await doc('students', res.body.id);
    expect(stored).toMatchObject({
      fullName: body.fullName,
      emailAddress: body.emailAddress,
      isActive: false,
      activePairId: null,
      mentoringTopics: null,
      preferredDisciplines: ['Computer Science', 'Data Science'],
    });
    expect(stored?.createdAt).toBeDefined();
  });

  it('answers a second application for the same e-mail (any case) as a new one and keeps the first', async () => {
    const body = studentApplication();
    const first = await call<{ id: string }>('POST', '/api/student-registration', { body });
    expect(first.status).toBe(201);
    const second = await call<{ id: string }>('POST', '/api/student-registration', {
      body: { ...body, fullName: 'Someone Else', emailAddress: body.emailAddress.toUpperCase() },
    });
    // No enumeration: the same status and shape as a new application (a made-up id).
    expect(second.status).toBe(201);
    expect(Object.keys(second.body)).toEqual(['id']);
    expect(second.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await doc('students', second.body.id)).toBeUndefined();
    expect(await countWhere('students', 'fullName', 'Someone Else')).toBe(0);
    expect(await doc('students', first.body.id)).toMatchObject({ fullName: body.fullName });
  });

  type Case = [string, Record<string, unknown>, string, RegExp];
  const cases: Case[] = [
    ['missing full name', { fullName: '   ' }, 'fullName', /required/i],
    ['missing e-mail', { emailAddress: '' }, 'emailAddress', /required/i],
    ['invalid e-mail', { emailAddress: 'not-an-email' }, 'emailAddress', /valid email/i],
    ['missing LinkedIn URL', { linkedinUrl: '' }, 'linkedinUrl', /required/i],
    ['LinkedIn URL that is not http(s)', { linkedinUrl: 'ftp://x.org/a' }, 'linkedinUrl', /https/],
    ['missing phone', { phoneNumber: '' }, 'phoneNumber', /required/i],
    ['missing university', { universityName: '' }, 'universityName', /required/i],
    ['missing program', { academicProgram: '' }, 'academicProgram', /required/i],
    ['year of study not in the list', { yearOfStudy: '9th year' }, 'yearOfStudy', /list/],
    ['full name too long', { fullName: 'x'.repeat(121) }, 'fullName', /at most 120/],
    [
      'career interests too long',
      { careerInterests: 'x'.repeat(2001) },
      'careerInterests',
      /at most 2000/,
    ],
    ['invalid professor e-mail', { professorEmail: 'prof@' }, 'professorEmail', /valid email/i],
    [
      'discipline not in the list',
      { preferredDisciplines: ['Astrology'] },
      'preferredDisciplines',
      /list/,
    ],
    [
      'a discipline twice',
      { preferredDisciplines: ['Finance', 'Finance'] },
      'preferredDisciplines',
      /once/,
    ],
    ['topic not in the list', { mentoringTopics: ['Cooking'] }, 'mentoringTopics', /list/],
    ['commitment not agreed', { agreedToCommitment: false }, 'agreedToCommitment', /4-month/],
    ['no consent', { consentToContact: false }, 'consentToContact', /consent/],
    ['an unknown field', { isActive: true }, 'isActive', new RegExp(UNKNOWN_FIELD_MESSAGE)],
    [
      'disciplines that are not a list',
      { preferredDisciplines: 'Finance' },
      'preferredDisciplines',
      /list/,
    ],
  ];

  it.each(cases)('rejects %s with 400, a field error and nothing stored', (_name, ...refusal) =>
    expectRefused('student', ...refusal),
  );

  it('answers 400 for a body that is not a JSON object', async () => {
    const res = await call<ErrorBody>('POST', '/api/student-registration', { rawBody: '[1,2]' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    // Broken JSON is refused by the Cloud Functions runtime's own parser before the app runs,
    // so only the status is ours to promise here.
    const broken = await call('POST', '/api/student-registration', { rawBody: '{"a":' });
    expect(broken.status).toBe(400);
  });

  it('answers 415 in the JSON error shape when the body is not sent as JSON', async () => {
    const res = await call<ErrorBody>('POST', '/api/student-registration', {
      rawBody: 'fullName=Ana',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported-media-type');
  });

  it('answers 413 for a body larger than the limit and stores nothing', async () => {
    const body = { ...studentApplication(), careerInterests: 'x'.repeat(MAX_BODY_BYTES + 10) };
    const res = await call<ErrorBody>('POST', '/api/student-registration', { body });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload-too-large');
    expect(await countWhere('students', 'emailAddress', body.emailAddress)).toBe(0);
  });

  it('answers a 2 MB paste through Hosting with 413 and the JSON error, storing nothing', async () => {
    const body = { ...studentApplication(), mentorshipGoals: 'y'.repeat(2 * 1024 * 1024) };
    const res = await call<ErrorBody>('POST', '/api/student-registration', { body });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.error).toEqual({
      code: 'payload-too-large',
      message: 'The request body is too large.',
    });
    expect(await countWhere('students', 'emailAddress', body.emailAddress)).toBe(0);
  });
});

describe('POST /api/mentor-registration', () => {
  it('stores an inactive mentor with phone, e-mail and capacity', async () => {
    const body = { ...mentorApplication(), capacity: 3 };
    const res = await call<{ id: string }>('POST', '/api/mentor-registration', { body });
    expect(res.status).toBe(201);
    expect(await doc('mentors', res.body.id)).toMatchObject({
      fullName: body.fullName,
      email: body.email,
      phoneNumber: body.phoneNumber,
      capacity: 3,
      activeStudentCount: 0,
      isActive: false,
    });
  });

  it('defaults capacity to 1', async () => {
    const { capacity: _capacity, ...body } = mentorApplication();
    const res = await call<{ id: string }>('POST', '/api/mentor-registration', { body });
    expect(res.status).toBe(201);
    expect(await doc('mentors', res.body.id)).toMatchObject({ capacity: 1 });
  });

  it('answers a duplicate e-mail as a new application and stores nothing', async () => {
    const body = mentorApplication();
    expect((await call('POST', '/api/mentor-registration', { body })).status).toBe(201);
    const again = await call<{ id: string }>('POST', '/api/mentor-registration', {
      body: { ...body, email: ` ${body.email.toUpperCase()} ` },
    });
    expect(again.status).toBe(201);
    expect(await doc('mentors', again.body.id)).toBeUndefined();
    expect(await countWhere('mentors', 'email', body.email)).toBe(1);
  });

  it('lets the same e-mail apply once as a student and once as a mentor', async () => {
    const tag = uniqueSuffix();
    const email = `both.${tag}@example.org`;
    const s = await call('POST', '/api/student-registration', {
      body: { ...studentApplication(tag), emailAddress: email },
    });
    const m = await call('POST', '/api/mentor-registration', {
      body: { ...mentorApplication(tag), email },
    });
    expect([s.status, m.status]).toEqual([201, 201]);
  });

  type Case = [string, Record<string, unknown>, string, RegExp];
  const cases: Case[] = [
    ['missing full name', { fullName: '' }, 'fullName', /required/i],
    ['missing e-mail', { email: '' }, 'email', /required/i],
    ['invalid e-mail', { email: 'mo@@x' }, 'email', /valid email/i],
    ['missing phone', { phoneNumber: ' ' }, 'phoneNumber', /required/i],
    ['missing job title', { currentJobTitle: '' }, 'currentJobTitle', /required/i],
    ['missing company', { company: '' }, 'company', /required/i],
    ['missing location', { location: '' }, 'location', /required/i],
    ['invalid LinkedIn URL', { linkedinUrl: 'linkedin' }, 'linkedinUrl', /https/],
    ['years of experience not whole', { yearsExperience: 2.5 }, 'yearsExperience', /whole/],
    ['years of experience below 0', { yearsExperience: -1 }, 'yearsExperience', /at least 0/],
    ['years of experience above 50', { yearsExperience: 51 }, 'yearsExperience', /at most 50/],
    ['years of experience not a number', { yearsExperience: 'ten' }, 'yearsExperience', /number/],
    ['capacity 0', { capacity: 0 }, 'capacity', /at least 1/],
    ['capacity 6', { capacity: 6 }, 'capacity', /at most 5/],
    ['no discipline', { preferredDisciplines: [] }, 'preferredDisciplines', /at least one/],
    ['no topic', { mentoringTopics: [] }, 'mentoringTopics', /at least one/],
    ['no availability', { availability: [] }, 'availability', /at least one/],
    [
      'availability not in the list',
      { availability: ['Weekday mornings'] },
      'availability',
      /list/,
    ],
    [
      'too many skills',
      { skills: Array.from({ length: 21 }, (_, i) => `s${i}`) },
      'skills',
      /at most 20/,
    ],
    ['commitment not agreed', { agreedToCommitment: false }, 'agreedToCommitment', /commitment/],
    ['no consent', { consentToContact: false }, 'consentToContact', /consent/],
    ['an unknown field', { activeStudentCount: 0 }, 'activeStudentCount', /not accepted/],
  ];

  it.each(cases)('rejects %s with 400, a field error and nothing stored', (_name, ...refusal) =>
    expectRefused('mentor', ...refusal),
  );
});

describe('POST /api/linkedin-autofill', () => {
  it("answers 501 with the spec's message", async () => {
    const res = await call<ErrorBody>('POST', '/api/linkedin-autofill', {
      body: { linkedinUrl: 'https://www.linkedin.com/in/someone' },
    });
    expect(res.status).toBe(501);
    expect(res.body.error).toEqual({
      code: 'not-implemented',
      message: TOASTS.linkedinIntegrationRequired.description,
    });
  });
});
