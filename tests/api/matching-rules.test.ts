/**
 * The proposal's two stated rules acting through the API (POST /api/admin/matching/proposal):
 * the TIME-ZONE RULE (domain matching/working-hours.ts) and the NOMINATION RULE
 * (matching/nomination-preference.ts), and the student's time zone as the API stores it. Each
 * case has a cohort of its own, and the proposal is asked for that cohort, so no other file's
 * people compete for the places.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  DISCIPLINES,
  NOMINATIONS_COLLECTION,
  apiPaths,
  matchingPaths,
  type ApiErrorBody,
  type ProposalResponse,
  type StudentRecord,
} from '@mentorship/domain';
import { studentApplication } from '../factories';
import { call, firestore, tokenFor, uniqueSuffix } from '../support/api';
import {
  apply,
  createMentor,
  createStudent,
  moveToCohort,
  rowOfPerson,
  seedCohort,
} from '../support/seed';

// Several writes and proposals per case, on a shared machine.
jest.setTimeout(60_000);

let token: string;
const run = uniqueSuffix();
const [d0, d1, d2] = DISCIPLINES as unknown as [string, string, string];

beforeAll(async () => {
  token = await tokenFor('admin');
});

const newCohort = async () =>
  (await seedCohort(new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10))).id;

async function student(cohortId: string, name: string, extra: Record<string, unknown>) {
  const id = await createStudent(token, {
    fullName: `${name} ${run}`,
    mentoringTopics: null,
    ...extra,
  });
  await moveToCohort('student', id, cohortId);
  return id;
}

async function mentor(cohortId: string, name: string, extra: Record<string, unknown>) {
  const id = await createMentor(token, {
    fullName: `${name} ${run}`,
    capacity: 1,
    mentoringTopics: [],
    ...extra,
  });
  await moveToCohort('mentor', id, cohortId);
  return id;
}

const propose = async (cohortId: string) => {
  const res = await call<ProposalResponse>('POST', matchingPaths.proposal, {
    token,
    body: { cohortId },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe("the student's time zone", () => {
  it('is stored from the wizard, shown in the record and the list row, refused when not listed', async () => {
    const { id } = await apply('student', {
      application: { ...studentApplication(), timeZone: 'Asia/Tokyo' },
      // Confirmed: the list row is written at the confirmation.
      confirm: true,
    });
    const record = await call<StudentRecord>('GET', apiPaths.admin.student(id), { token });
    expect(record.body.timeZone).toBe('Asia/Tokyo');
    expect((await rowOfPerson('student', id))?.timeZone).toBe('Asia/Tokyo');

    const refused = await call<ApiErrorBody>('POST', apiPaths.admin.students, {
      token,
      body: { fullName: `Zone ${run}`, emailAddress: `zone.${run}@example.edu`, timeZone: 'Tokyo' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ timeZone: 'Choose a time zone from the list.' });
  });
});

describe('TIME-ZONE RULE in the proposal', () => {
  /** A cohort of its own with a student in Tokyo and a Los Angeles mentor of all her disciplines. */
  const tokyoStudentAndLaMentor = async () => {
    const cohortId = await newCohort();
    const s = await student(cohortId, 'Tokyo Student', {
      preferredDisciplines: [d0, d1, d2],
      timeZone: 'Asia/Tokyo',
    });
    const la = await mentor(cohortId, 'LA Mentor', {
      preferredDisciplines: [d0, d1, d2],
      timeZone: 'America/Los_Angeles',
    });
    return { cohortId, s, la };
  };

  it('proposes a Singapore mentor 1 point below a Los Angeles one to a student in Tokyo', async () => {
    const { cohortId, s, la } = await tokyoStudentAndLaMentor();
    // A mentor's time zone is free text (the spec's field): an offset in words is read too.
    const sg = await mentor(cohortId, 'Singapore Mentor', {
      preferredDisciplines: [d0, d1],
      timeZone: 'Singapore (GMT+8)',
    });
    const { pairs, summary } = await propose(cohortId);
    expect(pairs).toEqual([
      expect.objectContaining({
        studentId: s,
        mentorId: sg,
        score: 2,
        overlapHours: 11,
        movedFrom: { mentorName: `LA Mentor ${run}`, score: 3, overlapHours: 4 },
        nomination: null,
      }),
    ]);
    expect(pairs.map((p) => p.mentorId)).not.toContain(la);
    expect(summary.totalScore).toBe(2);
  });

  it('keeps the better score when the gap is larger than the rule allows', async () => {
    const { cohortId, s, la } = await tokyoStudentAndLaMentor();
    await mentor(cohortId, 'Singapore Mentor', {
      preferredDisciplines: [d0],
      timeZone: 'Asia/Singapore',
    });
    const { pairs } = await propose(cohortId);
    expect(pairs).toEqual([
      expect.objectContaining({
        studentId: s,
        mentorId: la,
        score: 3,
        overlapHours: 4,
        movedFrom: null,
      }),
    ]);
  });
});

describe('NOMINATION RULE in the proposal', () => {
  it('gives the one place to the student whose nomination was confirmed', async () => {
    const cohortId = await newCohort();
    const a = await student(cohortId, 'Student A', { preferredDisciplines: [d0] });
    const b = await student(cohortId, 'Student B', { preferredDisciplines: [d0] });
    const m = await mentor(cohortId, 'Only Mentor', { preferredDisciplines: [d0] });
    // Without a confirmation the solver keeps the lower id (propose.ts: ties by id order).
    const [first, second] = [a, b].sort();
    const before = await propose(cohortId);
    expect(before.pairs.map((p) => [p.studentId, p.nomination])).toEqual([[first, null]]);

    // The nominator of the other student confirmed (as their click stores it, nominations.ts).
    const now = Timestamp.now();
    await firestore()
      .collection(NOMINATIONS_COLLECTION)
      .doc(second as string)
      .set({
        studentId: second,
        nominatorEmail: `nominator.${run}@faculty.example.edu`,
        nominatorName: null,
        state: 'confirmed',
        askedAt: now,
        linkExpiresAt: now,
        answeredAt: now,
        note: null,
        tokenHashes: [],
      });
    const after = await propose(cohortId);
    expect(after.pairs).toEqual([
      expect.objectContaining({ studentId: second, mentorId: m, nomination: 'favoured' }),
    ]);
    expect(after.unmatched).toEqual([
      expect.objectContaining({ studentId: first, reason: 'capacity-exhausted' }),
    ]);
  });
});
