/**
 * Test data in the test stack: the one place the integration and browser tests (and nothing
 * else) put data into the emulators and read it back. The data itself comes from the factories
 * (tests/factories); here it is stored, through the API where the API makes it (people, pairs,
 * applications: so the application locks, list rows and counters exist as the server keeps them) and
 * straight into Firestore with the Admin SDK where a test arranges history (cohorts, dates,
 * sessions, check-ins, surveys, ended pairs).
 *
 * - `apply`: a public application, as the wizard sends it (optionally confirmed);
 * - `createStudent`, `createMentor`, `assign`: what a coordinator makes;
 * - `seedCohort`: a cohort by its start, or by how long ago it ended;
 * - `seedPair`: a student and a mentor, matched, in a cohort (optionally dated back);
 * - `seedSessions`, `seedCheckIns`, `seedSurvey`, `endPair`: a pair's months (`relistPairs`
 *   after a test's own change to a pair: its place on the Pairs page);
 * - `moveToCohort`: a person moved with their list row;
 * - `doc`, `rowsFiled`, `rowOfPerson`, `countWhere`, `certificatesOf`: what is stored.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  PAIR_COLLECTIONS,
  REPORT_TALLIES_COLLECTION,
  ROW_COLLECTIONS,
  SURVEYS_COLLECTION,
  apiPaths,
  isoDayOf,
  listingOfDoc,
  pairStartOf,
  rowsPath,
  type PairRecord,
  type CertificateDoc,
  type CohortRecord,
  type CreatedResponse,
  type IsoDay,
  type PairDoc,
  type MentorApplication,
  type MentorInput,
  type PairEndReason,
  type StudentApplication,
  type StudentInput,
  type SurveyDoc,
} from '@mentorship/domain';
import {
  answeredCheckIn,
  checkInId,
  cohortRecord,
  mentorApplication,
  mentorRecordBody,
  programEndedDaysAgo,
  sessionDoc,
  studentApplication,
  studentRecordBody,
  surveyDoc,
  uniqueTag,
} from '../factories';
import { call, confirmApplicant, firestore, ownClient } from './api';

const created = (what: string, res: { status: number; body: unknown }): string => {
  if (res.status !== 201)
    throw new Error(`${what}: expected 201, got ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as CreatedResponse).id;
};

// ---------------------------------------------------------------------------------------------
// People and pairs through the API

type Applications = { student: StudentApplication; mentor: MentorApplication };

/**
 * A public application sent as the wizard sends it, from a client of its own (so no other test
 * shares its allowance); `confirm`: its address confirmed, as opening the e-mailed link does
 * (coordinators review it from then on). Fails unless it is stored (201).
 */
export async function apply<K extends keyof Applications = 'student'>(
  kind: K = 'student' as K,
  { application, confirm = false }: { application?: Applications[K]; confirm?: boolean } = {},
): Promise<{ id: string; application: Applications[K]; email: string }> {
  const body =
    application ??
    ((kind === 'student' ? studentApplication() : mentorApplication()) as Applications[K]);
  const path = kind === 'student' ? apiPaths.studentApplication : apiPaths.mentorApplication;
  const res = await call('POST', path, { headers: ownClient(), body });
  const id = created(`POST ${path}`, res);
  const email = 'emailAddress' in body ? body.emailAddress : (body as MentorApplication).email;
  if (confirm) await confirmApplicant(email);
  return { id, application: body, email };
}

/**
 * Set-up made one request at a time. A burst through the Functions emulator starts a worker
 * process per request, and on a busy machine one of twenty can outlast the Hosting emulator's
 * 60 s proxy (it answered 504 to a mentor's creation). What a test sends at once is its race,
 * and that goes straight to the function (`direct`).
 */
export async function inTurn<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let index = 0; index < count; index++) made.push(await make(index));
  return made;
}

export const createStudent = async (token: string, extra: Partial<StudentInput> = {}) =>
  created(
    'create student',
    await call('POST', apiPaths.admin.students, {
      token,
      body: studentRecordBody(undefined, extra),
    }),
  );

export const createMentor = async (token: string, extra: Partial<MentorInput> = {}) =>
  created(
    'create mentor',
    await call('POST', apiPaths.admin.mentors, { token, body: mentorRecordBody(undefined, extra) }),
  );

export const assign = (
  token: string,
  mentorId: string,
  studentId: string,
  { direct = false }: { direct?: boolean } = {},
) =>
  call<PairRecord>('POST', apiPaths.admin.pairs, {
    token,
    body: { mentorId, studentId },
    direct,
  });

// ---------------------------------------------------------------------------------------------
// Cohorts

/** How a test asks for a cohort: by its program's first day, or by how long ago it ended. */
type CohortSpec = { name?: string; id?: string } & (
  { programStart: IsoDay; programEnd?: IsoDay } | { endedDaysAgo: number; today?: IsoDay }
);

/**
 * The one way tests store a cohort record (cohortRecord's dates), with a unique id unless given.
 * A bare day is the program's first day (four months long); otherwise a `CohortSpec`: e.g.
 * `{ name: 'Report Chosen', endedDaysAgo: 3 }` ended three days before today (negative: still
 * running).
 */
export async function seedCohort(
  spec: IsoDay | CohortSpec,
): Promise<{ id: string } & CohortRecord> {
  const given: CohortSpec = typeof spec === 'string' ? { programStart: spec } : spec;
  const id = given.id ?? `test-${uniqueTag()}`.toLowerCase();
  const dates =
    'programStart' in given
      ? { programStart: given.programStart, programEnd: given.programEnd }
      : programEndedDaysAgo(given.endedDaysAgo, given.today);
  const record = cohortRecord(
    given.name ?? `Test cohort ${id}`,
    dates.programStart,
    dates.programEnd,
  );
  await firestore()
    .collection(COHORTS_COLLECTION)
    .doc(id)
    .set({ ...record, createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
  return { id, ...record };
}

/**
 * Puts a person into another cohort (or none) straight in Firestore, as a test arranging history
 * does, and moves their list row with them as the server does (shared/rows.ts `setPerson`), so
 * the rows stay filed under their person's cohort.
 */
export async function moveToCohort(
  kind: 'student' | 'mentor',
  id: string,
  cohortId: string | null,
  fields: Record<string, unknown> = {},
) {
  const db = firestore();
  const person = db.collection(kind === 'student' ? 'students' : 'mentors').doc(id);
  const before = ((await person.get()).get('cohortId') as string | undefined) ?? null;
  const from = db.collection(rowsPath(kind, before)).doc(id);
  const row = await from.get();
  await person.update({ ...fields, cohortId: cohortId ?? FieldValue.delete() });
  if (!row.exists) return;
  await from.delete();
  await db
    .collection(rowsPath(kind, cohortId))
    .doc(id)
    .set({ ...row.data(), cohortId });
}

// ---------------------------------------------------------------------------------------------
// A pair and its months

/**
 * The seeders below write records straight into Firestore, around the API that keeps the cohort
 * report's tallies as records change (functions/src/pairs/kept-tallies.ts): they drop these
 * cohorts' kept tallies, so the report counts them again from their records.
 */
export async function recountReport(...cohortIds: (string | null | undefined)[]): Promise<void> {
  const tallies = firestore().collection(REPORT_TALLIES_COLLECTION);
  await Promise.all(
    [...new Set(cohortIds.map((id) => id || FOUNDING_COHORT_ID))].map((id) =>
      tallies.doc(id).delete(),
    ),
  );
}

export interface SeededPair {
  /** The pair's id (also `pairId`). */
  id: string;
  pairId: string;
  studentId: string;
  mentorId: string;
  studentEmail: string;
  mentorEmail: string;
  studentName: string;
  mentorName: string;
}

/**
 * A student and a mentor made by a coordinator and matched through the API, then put in
 * `cohortId`: the pair, the student and (unless `mentorStays`) the mentor. `assignedOn` dates the
 * pair back to noon of that day; `names` gives the people their names.
 */
export async function seedPair(
  token: string,
  cohortId: string,
  {
    assignedOn,
    names = {},
    mentorStays = false,
  }: {
    assignedOn?: IsoDay;
    names?: { student?: string; mentor?: string };
    mentorStays?: boolean;
  } = {},
): Promise<SeededPair> {
  const tag = uniqueTag();
  const student = studentRecordBody(tag, names.student ? { fullName: names.student } : {});
  const mentor = mentorRecordBody(tag, names.mentor ? { fullName: names.mentor } : {});
  const [studentId, mentorId] = await Promise.all([
    created(
      'create student',
      await call('POST', apiPaths.admin.students, { token, body: student }),
    ),
    created('create mentor', await call('POST', apiPaths.admin.mentors, { token, body: mentor })),
  ]);
  const pairId = created('assign', await assign(token, mentorId, studentId));
  const filed = await doc('pairs', pairId);
  await recountReport(filed?.cohortId as string | null, cohortId);
  await firestore()
    .collection('pairs')
    .doc(pairId)
    .update({
      cohortId,
      ...(assignedOn
        ? { assignedAt: Timestamp.fromDate(new Date(`${assignedOn}T12:00:00Z`)) }
        : {}),
    });
  await moveToCohort('student', studentId, cohortId);
  if (!mentorStays) await moveToCohort('mentor', mentorId, cohortId);
  await relistPairs(pairId);
  return {
    id: pairId,
    pairId,
    studentId,
    mentorId,
    studentEmail: student.emailAddress.toLowerCase(),
    mentorEmail: String(mentor.email).toLowerCase(),
    studentName: student.fullName,
    mentorName: mentor.fullName,
  };
}

/** Sessions held on these days, logged by the student. */
export async function seedSessions(pair: SeededPair, cohortId: string, days: IsoDay[]) {
  const sessions = firestore().collection(PAIR_COLLECTIONS.sessions);
  for (const heldOn of days) await sessions.add(sessionDoc(pair, cohortId, heldOn));
  await recountReport(cohortId);
}

/** Answered check-ins of the student, month 1, 2, ... with these ratings (null: no rating). */
export async function seedCheckIns(pair: SeededPair, cohortId: string, ratings: (number | null)[]) {
  const checkIns = firestore().collection(PAIR_COLLECTIONS.checkIns);
  for (const [index, rating] of ratings.entries()) {
    const month = index + 1;
    await checkIns
      .doc(checkInId(pair, 'student', month))
      .set(answeredCheckIn(pair, cohortId, month, rating));
  }
  await recountReport(cohortId);
}

/** The pair ended by a coordinator with a reason (what ending a pair will write). */
export async function endPair(pair: SeededPair, reason: PairEndReason) {
  const filed = await doc('pairs', pair.pairId);
  await firestore().collection('pairs').doc(pair.pairId).update({
    isActive: false,
    endedAt: Timestamp.now(),
    endReason: reason,
    endedBy: 'coordinator',
  });
  await recountReport(filed?.cohortId as string | null);
  await relistPairs(pair.pairId);
}

/**
 * The Pairs page's place of these pairs judged again, after a test changed them around the API
 * (the API keeps it with every change it makes; functions/src/pairs/store.ts `withListing`).
 * The pair's cohort is found as the function finds it (`withCohorts`): its own, else its
 * student's, else the founding cohort; its start from the cohort's dates, else the day matched.
 * Written here with the domain's rule, since the browser tests' loader cannot load the function's
 * modules.
 */
export async function relistPairs(...pairIds: string[]): Promise<void> {
  const db = firestore();
  const today = isoDayOf(new Date());
  for (const id of pairIds) {
    const pair = (await db.collection('pairs').doc(id).get()).data() as
      (PairDoc<Timestamp> & { cohortId: string | null }) | undefined;
    if (!pair) continue;
    const student = await doc('students', pair.studentId);
    const cohortId =
      pair.cohortId || (student?.cohortId as string | undefined) || FOUNDING_COHORT_ID;
    const cohort = (await db.collection(COHORTS_COLLECTION).doc(cohortId).get()).data();
    const matchedOn = isoDayOf(pair.assignedAt.toDate());
    const pairStart = pairStartOf((cohort?.programStart as IsoDay) ?? matchedOn, matchedOn);
    await db
      .collection('pairs')
      .doc(id)
      .update({ listing: listingOfDoc(pair, { cohortId, pairStart }, today) });
  }
}

/** A final survey answer (what PUT /api/me/certificates/:id/survey stores). */
export async function seedSurvey(
  pair: SeededPair,
  cohortId: string,
  answers: Pick<SurveyDoc, 'rating' | 'wouldRecommend'>,
) {
  const survey = surveyDoc(pair, cohortId, answers);
  await firestore().collection(SURVEYS_COLLECTION).doc(survey.certificateId).set(survey);
  await recountReport(cohortId);
}

// ---------------------------------------------------------------------------------------------
// What is stored

export const doc = async (collection: string, id: string) => {
  const snapshot = await firestore().collection(collection).doc(id).get();
  return snapshot.exists ? (snapshot.data() as Record<string, unknown>) : undefined;
};

/**
 * Every list row of a person, wherever it is filed (the dashboard's rows are filed under the
 * person's cohort, `rowsPath`: there must be exactly one, or none once they are gone).
 */
export const rowsFiled = async (kind: 'student' | 'mentor', id: string) => {
  const all = await firestore().collectionGroup(ROW_COLLECTIONS[kind]).get();
  return all.docs.filter((d) => d.id === id).map((d) => d.ref.path);
};

/** A person's list row where the dashboard reads it: under the person's own cohort. */
export const rowOfPerson = async (kind: 'student' | 'mentor', id: string) => {
  const person = await doc(kind === 'student' ? 'students' : 'mentors', id);
  const cohortId = (person?.cohortId as string | undefined) ?? null;
  const snapshot = await firestore().collection(rowsPath(kind, cohortId)).doc(id).get();
  return snapshot.exists ? (snapshot.data() as Record<string, unknown>) : undefined;
};

/** How many documents of a collection have `field == value` (to check that nothing was stored). */
export const countWhere = async (collection: string, field: string, value: unknown) =>
  (await firestore().collection(collection).where(field, '==', value).count().get()).data().count;

/** The certificates issued for a pair, by role. */
export async function certificatesOf(pairId: string) {
  const snapshot = await firestore()
    .collection(PAIR_COLLECTIONS.certificates)
    .where('pairId', '==', pairId)
    .get();
  return snapshot.docs.map((d) => ({ id: d.id, ...(d.data() as CertificateDoc) }));
}
