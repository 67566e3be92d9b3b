/**
 * Property-based tests (fast-check) of every write endpoint, through the hosting emulator:
 * random and malformed bodies (wrong types, huge strings, unknown keys, nested objects, arrays,
 * unicode, nulls) never cause a 5xx and store nothing; the server accepts a body exactly when the
 * shared schema does; and every valid generated application is stored exactly as its cast
 * (trimmed, empty -> null, defaults) says, read back through the admin API.
 *
 * Each public request comes from a client address of its own, so the rate limit never trips here.
 */
import fc from 'fast-check';
import {
  AVAILABILITY,
  DISCIPLINES,
  MAX_LENGTH,
  hasHiddenCharacters,
  MAX_SKILLS,
  MENTOR_CAPACITY,
  MENTORING_TOPICS,
  YEARS_EXPERIENCE,
  YEARS_OF_STUDY,
  apiPaths,
  mentorApplicationSchema,
  mentorRecordSchema,
  statusSchema,
  studentApplicationSchema,
  studentRecordSchema,
  validateBody,
  type AnyObjectSchema,
  decodeTable,
  type PairRecord,
  type TableResponse,
  type MentorRecord,
  type StudentRecord,
} from '@mentorship/domain';
import {
  call,
  firestore,
  ownClient,
  tokenFor,
  type ApiResponse,
  uniqueSuffix,
} from '../support/api';
import {
  mentorApplication,
  mentorRecordBody,
  studentApplication,
  studentRecordBody,
} from '../factories';
import { assign, countWhere, createMentor, createStudent } from '../support/seed';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const TIMEOUT = 300_000;
const run = <Ts extends unknown[]>(property: fc.IAsyncPropertyWithHooks<Ts>, numRuns = RUNS) =>
  fc.assert(property, {
    numRuns,
    endOnFailure: true,
    // Counterexamples can hold 70 kB strings: keep the report readable.
    reporter: (details) => {
      if (!details.failed) return;
      const example = JSON.stringify(details.counterexample).replace(/(.)\1{60,}/g, '$1…');
      throw new Error(
        `Property failed (seed ${details.seed}, path ${details.counterexamplePath}): ` +
          `${example.slice(0, 2000)}\n${String(details.errorInstance)}`,
      );
    },
  });

let token = '';
beforeAll(async () => {
  token = await tokenFor('admin');
});

let sequence = 0;
const unique = () => `${uniqueSuffix()}${(sequence++).toString(36)}`;
const publicHeaders = ownClient;

type Body = Record<string, unknown>;

/** Sets a key as an own property, even `__proto__` (as JSON.parse on the server would). */
const put = (body: Body, key: string, value: unknown) =>
  Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });

/** What the server receives: the body after a JSON round trip (undefined dropped, NaN -> null). */
const asSent = (body: unknown): unknown => JSON.parse(JSON.stringify(body) ?? 'null');

// ---------------------------------------------------------------------------------------------
// Arbitraries

const HUGE = 'x'.repeat(70_000);

/** Values of the wrong shape, size or type for any field. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 400 }),
  fc.constantFrom(null, '', '   ', '\u0000', '\u202e', 0, -1, 1.5, true, false, [], {}),
  fc.constantFrom('x'.repeat(2001), 'y'.repeat(121), HUGE),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 30 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

interface Mutation {
  kind: 'set' | 'delete' | 'add';
  key: string;
  value: unknown;
}

/** 1-3 changes to a valid body: a field set to a bad value, a field removed, an unknown key. */
const mutations = (schema: AnyObjectSchema) => {
  const known = Object.keys(schema.fields);
  const unknownKey = fc
    .oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'isActive'))
    .filter((key) => !known.includes(key) && key !== 'website');
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.constantFrom(...known),
      value: badValue,
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      key: fc.constantFrom(...known),
      value: fc.constant(undefined),
    }),
    fc.record({ kind: fc.constant('add' as const), key: unknownKey, value: badValue }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
};

const applyMutations = (base: Body, changes: Mutation[]): Body => {
  const body: Body = { ...base };
  for (const change of changes) {
    if (change.kind === 'delete') delete body[change.key];
    else put(body, change.key, change.value);
  }
  return body;
};

const pad = fc.constantFrom('', ' ', '  ', '\t', '\n ');
/** Non-blank text of at most `max` characters after trimming, with optional padding. */
const text = (max: number) =>
  fc
    .tuple(pad, fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 60) }), pad)
    .filter(
      ([, core]) =>
        core.trim().length > 0 &&
        core.trim().length <= max &&
        // Valid text only: the schemas refuse hidden characters (text-safety.ts).
        !hasHiddenCharacters(core.trim(), max >= MAX_LENGTH.longText),
    )
    .map(([before, core, after]) => `${before}${core}${after}`);
const optionalText = (max: number) =>
  fc.oneof(fc.constant(null), fc.constantFrom('', '   '), text(max));
const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,29}$/);
const email = () => slug.map((local) => `${local}.${unique()}@fuzz.example.org`);
const optionalEmail = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  slug.map((l) => `${l}@uni.example.edu`),
);

const validStudentApplication = fc.record({
  fullName: text(MAX_LENGTH.name),
  emailAddress: email(),
  linkedinUrl: slug.map((s) => `https://www.linkedin.com/in/${s}`),
  phoneNumber: text(MAX_LENGTH.phone),
  universityName: text(MAX_LENGTH.shortText),
  academicProgram: text(MAX_LENGTH.shortText),
  yearOfStudy: fc.constantFrom(...YEARS_OF_STUDY),
  nominatedBy: optionalText(MAX_LENGTH.name),
  professorEmail: optionalEmail,
  careerInterests: optionalText(MAX_LENGTH.longText),
  preferredDisciplines: fc.shuffledSubarray([...DISCIPLINES]),
  mentoringTopics: fc.shuffledSubarray([...MENTORING_TOPICS]),
  mentorshipGoals: optionalText(MAX_LENGTH.longText),
  agreedToCommitment: fc.constant(true),
  consentToContact: fc.constant(true),
});

const validMentorApplication = fc.record(
  {
    fullName: text(MAX_LENGTH.name),
    email: email(),
    phoneNumber: text(MAX_LENGTH.phone),
    linkedinUrl: fc.oneof(
      fc.constant(null),
      slug.map((s) => `https://linkedin.com/in/${s}`),
    ),
    currentJobTitle: text(MAX_LENGTH.shortText),
    company: text(MAX_LENGTH.shortText),
    yearsExperience: fc.integer({ min: YEARS_EXPERIENCE.min, max: YEARS_EXPERIENCE.max }),
    education: optionalText(MAX_LENGTH.shortText),
    skills: fc.array(text(MAX_LENGTH.skill), { maxLength: MAX_SKILLS }),
    location: text(MAX_LENGTH.shortText),
    timeZone: optionalText(MAX_LENGTH.shortText),
    profileSummary: optionalText(MAX_LENGTH.longText),
    preferredDisciplines: fc.shuffledSubarray([...DISCIPLINES], { minLength: 1 }),
    mentoringTopics: fc.shuffledSubarray([...MENTORING_TOPICS], { minLength: 1 }),
    availability: fc.shuffledSubarray([...AVAILABILITY], { minLength: 1 }),
    motivation: optionalText(MAX_LENGTH.longText),
    capacity: fc.integer({ min: MENTOR_CAPACITY.min, max: MENTOR_CAPACITY.max }),
    agreedToCommitment: fc.constant(true),
    consentToContact: fc.constant(true),
  },
  {
    // The optional fields may be absent (the schema fills defaults); everything else is sent.
    requiredKeys: [
      'fullName',
      'email',
      'phoneNumber',
      'currentJobTitle',
      'company',
      'yearsExperience',
      'location',
      'preferredDisciplines',
      'mentoringTopics',
      'availability',
      'agreedToCommitment',
      'consentToContact',
    ],
  },
);

// ---------------------------------------------------------------------------------------------
// Checks

/** Some wrong types make the schema's cast throw (text expected, array sent): a rejection too. */
const brokenCast = (): { ok: false } => ({ ok: false });

const noServerError = (res: ApiResponse, what: string) => {
  if (res.status >= 500) {
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
};

/**
 * The stored record holds exactly the cast value of every field that was sent. An empty cohort
 * is the server's to fill (the current cohort on create, the person's own on edit).
 */
const expectStoredAsCast = (record: Record<string, unknown>, cast: Body) => {
  for (const [key, value] of Object.entries(cast)) {
    if (key === 'cohortId' && value === null) continue;
    expect(record[key]).toEqual(value);
  }
};

/** A cohort id the schema accepts but no cohort has: the server refuses it on its field. */
const unknownCohort = async (cast: Body): Promise<boolean> =>
  typeof cast.cohortId === 'string' &&
  !(await firestore().collection('cohorts').doc(cast.cohortId).get()).exists;

interface Target {
  name: string;
  path: string;
  collection: 'students' | 'mentors';
  emailField: 'emailAddress' | 'email';
  schema: AnyObjectSchema;
  base: () => Body;
  admin: boolean;
  read: (id: string) => string;
}

const targets: Target[] = [
  {
    name: 'POST /api/student-registration',
    path: apiPaths.studentApplication,
    collection: 'students',
    emailField: 'emailAddress',
    schema: studentApplicationSchema,
    base: () => ({ ...studentApplication(unique()) }),
    admin: false,
    read: apiPaths.admin.student,
  },
  {
    name: 'POST /api/mentor-registration',
    path: apiPaths.mentorApplication,
    collection: 'mentors',
    emailField: 'email',
    schema: mentorApplicationSchema,
    base: () => ({ ...mentorApplication(unique()) }),
    admin: false,
    read: apiPaths.admin.mentor,
  },
  {
    name: 'POST /api/admin/students',
    path: apiPaths.admin.students,
    collection: 'students',
    emailField: 'emailAddress',
    schema: studentRecordSchema,
    base: () => ({
      ...studentRecordBody(unique()),
      universityName: 'McGill University',
      preferredDisciplines: ['Finance'],
    }),
    admin: true,
    read: apiPaths.admin.student,
  },
  {
    name: 'POST /api/admin/mentors',
    path: apiPaths.admin.mentors,
    collection: 'mentors',
    emailField: 'email',
    schema: mentorRecordSchema,
    base: () => ({ ...mentorRecordBody(unique()), capacity: 2, skills: ['Go'] }),
    admin: true,
    read: apiPaths.admin.mentor,
  },
];

const post = (target: Target, body: unknown) =>
  call<{ id?: string }>('POST', target.path, {
    body,
    ...(target.admin ? { token } : { headers: publicHeaders() }),
  });

describe.each(targets)('$name', (target) => {
  it(
    'answers a mutated body as the schema says: 201 stored as cast, or 400/413 and nothing stored',
    async () => {
      await run(
        fc.asyncProperty(mutations(target.schema), async (changes) => {
          const base = target.base();
          const body = applyMutations(base, changes);
          const res = await post(target, body);
          noServerError(res, target.name);
          const local = await validateBody(target.schema, asSent(body)).catch(brokenCast);
          if (local.ok && (await unknownCohort(local.value as Body))) {
            expect(res.status).toBe(400);
          } else if (local.ok) {
            expect(res.status).toBe(201);
            const id = res.body.id as string;
            const record = await call<Record<string, unknown>>('GET', target.read(id), { token });
            expectStoredAsCast(record.body, local.value as Body);
          } else {
            expect([400, 413]).toContain(res.status);
            expect(
              await countWhere(target.collection, target.emailField, base[target.emailField]),
            ).toBe(0);
            expect(await countWhere(target.collection, 'fullName', base.fullName)).toBe(0);
          }
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'answers 400 to random JSON and broken text, never a 5xx',
    async () => {
      const raw = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom('', '{', '{"fullName":', 'null', '[]', '{}', '"text"', '{"a":1}}'),
      );
      await run(
        fc.asyncProperty(raw, async (rawBody) => {
          const res = await call('POST', target.path, {
            rawBody,
            ...(target.admin ? { token } : { headers: publicHeaders() }),
          });
          noServerError(res, target.name);
          expect(res.status).toBe(400);
        }),
        Math.ceil(RUNS / 2),
      );
    },
    TIMEOUT,
  );
});

describe('valid generated applications round-trip', () => {
  it.each([
    ['student', validStudentApplication, targets[0] as Target],
    ['mentor', validMentorApplication, targets[1] as Target],
  ] as const)(
    'every valid %s application is stored exactly as its cast',
    async (_name, arbitrary: fc.Arbitrary<Body>, target) => {
      await run(
        fc.asyncProperty(arbitrary, async (body) => {
          const local = await validateBody(target.schema, asSent(body)).catch(brokenCast);
          if (!local.ok)
            throw new Error(`generator made an invalid body: ${JSON.stringify(local)}`);
          const res = await post(target, body);
          expect(res.status).toBe(201);
          const record = await call<StudentRecord | MentorRecord>(
            'GET',
            target.read(res.body.id as string),
            { token },
          );
          expect(record.status).toBe(200);
          expectStoredAsCast(
            record.body as unknown as Record<string, unknown>,
            local.value as Body,
          );
          expect(record.body.isActive).toBe(false);
        }),
      );
    },
    TIMEOUT,
  );
});

describe('admin updates', () => {
  it.each([
    ['student', studentRecordSchema, apiPaths.admin.student, createStudent, studentRecordBody],
    ['mentor', mentorRecordSchema, apiPaths.admin.mentor, createMentor, mentorRecordBody],
  ] as const)(
    'PUT %s: a mutated body is applied exactly when valid, otherwise nothing changes',
    async (_name, schema, pathOf, create, bodyOf) => {
      const email = `upd.${unique()}@fuzz.example.org`;
      const id = await create(token, _name === 'student' ? { emailAddress: email } : { email });
      const base: Body = {
        ...bodyOf(unique()),
        ...(_name === 'student' ? { emailAddress: email } : { email }),
      };
      await run(
        fc.asyncProperty(mutations(schema), async (changes) => {
          const before = await call<Record<string, unknown>>('GET', pathOf(id), { token });
          const body = applyMutations(base, changes);
          const res = await call<Record<string, unknown>>('PUT', pathOf(id), { token, body });
          noServerError(res, `PUT ${_name}`);
          const after = await call<Record<string, unknown>>('GET', pathOf(id), { token });
          const local = await validateBody(schema, asSent(body)).catch(brokenCast);
          if (local.ok && (await unknownCohort(local.value as Body))) {
            expect(res.status).toBe(400);
            expect(after.body).toEqual(before.body);
          } else if (local.ok) {
            expect(res.status).toBe(200);
            expectStoredAsCast(after.body, local.value as Body);
          } else {
            expect([400, 413]).toContain(res.status);
            expect(after.body).toEqual(before.body);
          }
        }),
        Math.ceil(RUNS / 2),
      );
    },
    TIMEOUT,
  );

  const statusBodies = fc.oneof(
    badValue,
    fc.record({ isActive: badValue }),
    fc.record({ isActive: fc.boolean() }),
    fc.record({ isActive: fc.boolean(), extra: badValue }),
  );

  it.each([
    ['student', apiPaths.admin.student, apiPaths.admin.studentStatus, createStudent],
    ['mentor', apiPaths.admin.mentor, apiPaths.admin.mentorStatus, createMentor],
  ] as const)(
    'PUT %s status: only {isActive: boolean} changes anything',
    async (name, recordPath, statusPath, create) => {
      const id = await create(token);
      await run(
        fc.asyncProperty(statusBodies, async (body) => {
          const before = await call<{ isActive: boolean }>('GET', recordPath(id), { token });
          const res = await call('PUT', statusPath(id), { token, body });
          noServerError(res, `PUT ${name} status`);
          const after = await call<{ isActive: boolean }>('GET', recordPath(id), { token });
          const local = await validateBody(statusSchema, asSent(body)).catch(brokenCast);
          if (local.ok) {
            expect(res.status).toBe(200);
            expect(after.body.isActive).toBe(local.value.isActive);
          } else {
            expect([400, 413]).toContain(res.status);
            expect(after.body.isActive).toBe(before.body.isActive);
          }
        }),
        Math.ceil(RUNS / 2),
      );
    },
    TIMEOUT,
  );
});

describe('pairs', () => {
  it(
    'create, status and bulk endpoints never answer 5xx and store nothing from bad input',
    async () => {
      const mentorId = await createMentor(token, { capacity: 5 });
      const studentId = await createStudent(token);
      const made = await assign(token, mentorId, studentId);
      expect(made.status).toBe(201);
      const pairId = made.body.id;
      const otherStudent = await createStudent(token);

      const idLike = fc.oneof(
        badValue,
        fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
        fc.constantFrom(mentorId, otherStudent, '../students', 'a/b', ' ', 'x'.repeat(200)),
      );
      const createBodies = fc.oneof(
        badValue,
        // Every pair but the one valid pair (that mentor, that free student): the constants
        // in idLike can otherwise draw it, and a valid body is rightly answered 201.
        fc
          .record({ mentorId: idLike, studentId: idLike })
          .filter((b) => !(b.mentorId === mentorId && b.studentId === otherStudent)),
        fc.record({
          mentorId: fc.constant(mentorId),
          studentId: fc.constant(otherStudent),
          // Not undefined: JSON drops the key, leaving the one valid body (seed -329036566).
          extra: badValue.filter((v) => v !== undefined),
        }),
        fc.record({ mentorId: idLike }, { requiredKeys: [] }),
      );
      await run(
        fc.asyncProperty(createBodies, async (body) => {
          const res = await call('POST', apiPaths.admin.pairs, { token, body });
          noServerError(res, 'POST pairs');
          expect([400, 404, 409, 413]).toContain(res.status);
        }),
      );
      // Nothing was assigned to the other student, and the real pair is untouched.
      expect(await countWhere('pairs', 'studentId', otherStudent)).toBe(0);

      const statusBodies = fc.oneof(
        badValue,
        fc.record({ isActive: badValue }),
        fc.record({ isActive: fc.constant(true), extra: badValue }),
      );
      await run(
        fc.asyncProperty(statusBodies, async (body) => {
          const res = await call('PUT', apiPaths.admin.pairStatus(pairId), {
            token,
            body,
          });
          noServerError(res, 'PUT pair status');
          const local = await validateBody(statusSchema, asSent(body)).catch(brokenCast);
          expect(local.ok ? [200] : [400, 413]).toContain(res.status);
        }),
        Math.ceil(RUNS / 2),
      );

      const bulkBodies = fc.oneof(
        badValue,
        fc.record({ assignmentIds: badValue }),
        fc.record({ assignmentIds: fc.array(idLike, { maxLength: 8 }), isActive: badValue }),
        fc.record({
          assignmentIds: fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,20}$/), { maxLength: 5 }),
          isActive: fc.boolean(),
        }),
      );
      for (const path of [apiPaths.admin.pairsBulkStatus, apiPaths.admin.pairsBulkDelete]) {
        await run(
          fc.asyncProperty(bulkBodies, async (body) => {
            const res = await call('POST', path, { token, body });
            noServerError(res, `POST ${path}`);
            expect([200, 400, 413]).toContain(res.status);
          }),
          Math.ceil(RUNS / 2),
        );
      }
      // Random ids deleted or changed nothing real.
      const list = await call<TableResponse<PairRecord>>('GET', apiPaths.admin.pairs, {
        token,
      });
      expect(decodeTable(list.body).some((a) => a.id === pairId)).toBe(true);
    },
    TIMEOUT * 2,
  );

  it(
    'random ids in the path answer 404 or 400, never a 5xx',
    async () => {
      // "." and ".." are dot segments: the URL itself drops them before any request is sent
      // (`/api/admin/assignments/.` is the list), so they never reach the server as an id.
      const anyId = fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
        .filter((id) => id !== '.' && id !== '..');
      await run(
        fc.asyncProperty(
          anyId,
          fc.constantFrom('students', 'mentors', 'pairs'),
          async (id, what) => {
            const path = `/api/admin/${what}/${encodeURIComponent(id)}`;
            for (const [method, body] of [
              ['GET', undefined],
              ['PUT', { isActive: true }],
              ['DELETE', undefined],
            ] as const) {
              const res = await call(
                method,
                what === 'pairs' && method === 'PUT' ? `${path}/status` : path,
                {
                  token,
                  body,
                },
              );
              noServerError(res, `${method} ${what}/:id`);
              expect([400, 404]).toContain(res.status);
            }
          },
        ),
        Math.ceil(RUNS / 2),
      );
    },
    TIMEOUT,
  );
});
