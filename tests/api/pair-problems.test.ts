/**
 * "Report a problem" keeps every report: a second report (the same participant's or the
 * partner's) never replaces the first one the coordinators have not read yet. Each participant
 * sees that they reported; the partner never sees the report or that one was made.
 */
import {
  pairPaths,
  plusDays,
  isoDayOf,
  type MyPairsResponse,
  type PairsResponse,
} from '@mentorship/domain';
import { call, confirmApplicant, tokenFor, uniqueSuffix } from '../support/api';
import { seedCohort, seedPair, type SeededPair } from '../support/seed';

jest.setTimeout(120_000);

let admin: string;
let pair: SeededPair;
let cohortId: string;

beforeAll(async () => {
  admin = await tokenFor('admin');
  // A running program: it started ten days ago.
  const cohort = await seedCohort(plusDays(isoDayOf(new Date()), -10));
  cohortId = cohort.id;
  pair = await seedPair(admin, cohort.id);
});

const report = async (token: string, note: string) => {
  const res = await call('POST', pairPaths.myProblem(pair.id), { token, body: { note } });
  expect(res.status).toBe(200);
};

const myPair = async (token: string) => {
  const res = await call<MyPairsResponse>('GET', pairPaths.myPairs, { token });
  expect(res.status).toBe(200);
  return { body: res.body, pair: res.body.pairs.find((p) => p.pairId === pair.id) };
};

it('keeps every report for the coordinators, oldest first, and tells only the reporter', async () => {
  const tag = uniqueSuffix();
  const words = {
    first: `the student's first report ${tag}`,
    second: `the student's second report ${tag}`,
    mentor: `the mentor's report ${tag}`,
  };
  const studentToken = await confirmApplicant(pair.studentEmail);
  const mentorToken = await confirmApplicant(pair.mentorEmail);

  await report(studentToken, words.first);
  expect((await myPair(mentorToken)).pair).toMatchObject({ problemReported: false });
  await report(mentorToken, words.mentor);
  await report(studentToken, words.second);

  const health = await call<PairsResponse>('GET', `${pairPaths.pairs}?cohort=${cohortId}`, {
    token: admin,
  });
  expect(health.status).toBe(200);
  const row = health.body.pairs.find((p) => p.id === pair.id);
  expect(row?.problems.map((p) => [p.by, p.text])).toEqual([
    ['student', words.first],
    ['mentor', words.mentor],
    ['student', words.second],
  ]);

  const student = await myPair(studentToken);
  const mentor = await myPair(mentorToken);
  expect(student.pair).toMatchObject({ problemReported: true });
  expect(mentor.pair).toMatchObject({ problemReported: true });
  // Neither reads the other's words.
  expect(JSON.stringify(student.body)).not.toContain(words.mentor);
  for (const w of [words.first, words.second]) expect(JSON.stringify(mentor.body)).not.toContain(w);
});
