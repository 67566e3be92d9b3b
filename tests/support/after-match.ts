/**
 * The months after matching, seeded directly with the Admin SDK: what the completion job and the
 * cohort report read, in the shapes of packages/domain/src/pairs.ts and cohort.ts:
 * - `cohorts/{id}`: CohortRecord (name, term, year, the five dates);
 * - `assignments/{id}`: made through the API (so both people, their e-mail locks and the pair
 *   exist), then given `cohortId` (and the student too); an ended pair gets `isActive: false`,
 *   `endedAt`, `endReason` (PAIR_END_REASONS), `endedBy: 'coordinator'`;
 * - `sessions/{id}`: SessionDoc, one per day held;
 * - `checkIns/{assignmentId}_{role}_{month}`: CheckInDoc, answered with a rating;
 * - `surveys/{certificateId}`: SurveyDoc (normally written by PUT /api/me/certificates/:id/survey).
 * Used by the integration tests and the browser tests (e2e/completion-support.ts).
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  PAIR_COLLECTIONS,
  SURVEYS_COLLECTION,
  addMonths,
  isoDayOf,
  type CertificateDoc,
  type CheckInDoc,
  type CohortRecord,
  type IsoDay,
  type PairEndReason,
  type SessionDoc,
  type SurveyDoc,
} from '@mentorship/domain';
import { call, firestore, uniqueSuffix } from './api';
import { moveToCohort } from '../api/fixtures';

const DAY = 86_400_000;
export const dayOffset = (day: IsoDay, days: number): IsoDay =>
  isoDayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY));

/**
 * A cohort whose program ended `endedDaysAgo` days before `today` (negative: still running),
 * four months long, with a unique id.
 */
export async function seedCohort(
  name: string,
  {
    today = isoDayOf(new Date()),
    endedDaysAgo = 1,
  }: { today?: IsoDay; endedDaysAgo?: number } = {},
): Promise<{ id: string } & CohortRecord> {
  const programEnd = dayOffset(today, -endedDaysAgo);
  const programStart = isoDayOf(addMonths(new Date(`${dayOffset(programEnd, 1)}T00:00:00Z`), -4));
  return writeCohort(name, programStart, programEnd);
}

/**
 * The one way tests write a cohort record: applications open 60 days before the start, close 30
 * days before, matching done 7 days before; the id unique unless given.
 */
export async function writeCohort(
  name: string,
  programStart: IsoDay,
  programEnd: IsoDay,
  id = `test-${uniqueSuffix()}`.toLowerCase(),
): Promise<{ id: string } & CohortRecord> {
  const record: CohortRecord = {
    name,
    term: 'fall',
    year: Number(programStart.slice(0, 4)),
    applicationsOpen: dayOffset(programStart, -60),
    applicationsClose: dayOffset(programStart, -30),
    matchingDoneBy: dayOffset(programStart, -7),
    programStart,
    programEnd,
  };
  await firestore()
    .collection(COHORTS_COLLECTION)
    .doc(id)
    .set({ ...record, createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
  return { id, ...record };
}

export interface SeededPair {
  assignmentId: string;
  studentId: string;
  mentorId: string;
  studentEmail: string;
  mentorEmail: string;
  studentName: string;
  mentorName: string;
}

async function created(path: string, token: string, body: Record<string, unknown>) {
  const res = await call<{ id: string }>('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path} answered ${res.status}`);
  return res.body.id;
}

/** A student and a mentor made by a coordinator, matched through the API, in `cohortId`. */
export async function seedPair(
  token: string,
  cohortId: string,
  names: { student?: string; mentor?: string } = {},
): Promise<SeededPair> {
  const tag = uniqueSuffix();
  const studentName = names.student ?? `Sam Student ${tag}`;
  const mentorName = names.mentor ?? `Max Mentor ${tag}`;
  const studentEmail = `sam.${tag}@student.example.edu`.toLowerCase();
  const mentorEmail = `max.${tag}@mentors.example.com`.toLowerCase();
  const studentId = await created('/api/admin/students', token, {
    fullName: studentName,
    emailAddress: studentEmail,
  });
  const mentorId = await created('/api/admin/mentors', token, {
    fullName: mentorName,
    email: mentorEmail,
  });
  const res = await call<{ id: string }>('POST', '/api/admin/assignments', {
    token,
    body: { mentorId, studentId },
  });
  if (res.status !== 201) throw new Error(`assignment answered ${res.status}`);
  const assignmentId = res.body.id;
  const db = firestore();
  await db.collection('assignments').doc(assignmentId).update({ cohortId });
  await moveToCohort('student', studentId, cohortId);
  await moveToCohort('mentor', mentorId, cohortId);
  return {
    assignmentId,
    studentId,
    mentorId,
    studentEmail,
    mentorEmail,
    studentName,
    mentorName,
  };
}

/** Sessions held on these days, logged by the student. */
export async function seedSessions(pair: SeededPair, cohortId: string, days: IsoDay[]) {
  const db = firestore();
  for (const heldOn of days) {
    const session: SessionDoc = {
      assignmentId: pair.assignmentId,
      cohortId,
      studentId: pair.studentId,
      mentorId: pair.mentorId,
      heldOn,
      loggedBy: 'student',
      loggedAt: new Date(`${heldOn}T18:00:00Z`).toISOString(),
    };
    await db.collection(PAIR_COLLECTIONS.sessions).add(session);
  }
}

/** Answered check-ins of the student, month 1, 2, ... with these ratings (null: no rating). */
export async function seedCheckIns(pair: SeededPair, cohortId: string, ratings: (number | null)[]) {
  const db = firestore();
  for (const [index, rating] of ratings.entries()) {
    const month = index + 1;
    const checkIn: CheckInDoc = {
      assignmentId: pair.assignmentId,
      cohortId,
      role: 'student',
      personId: pair.studentId,
      month,
      sentAt: new Date().toISOString(),
      answeredAt: new Date().toISOString(),
      answer: 'met',
      rating,
      note: null,
      fit: month === 1 ? 'good-fit' : null,
    };
    await db
      .collection(PAIR_COLLECTIONS.checkIns)
      .doc(`${pair.assignmentId}_student_${month}`)
      .set(checkIn);
  }
}

/** The pair ended by a coordinator with a reason (what ending a pair will write). */
export async function endPair(pair: SeededPair, reason: PairEndReason) {
  await firestore().collection('assignments').doc(pair.assignmentId).update({
    isActive: false,
    endedAt: Timestamp.now(),
    endReason: reason,
    endedBy: 'coordinator',
  });
}

/** A final survey answer (what PUT /api/me/certificates/:id/survey stores). */
export async function seedSurvey(
  pair: SeededPair,
  cohortId: string,
  answers: Pick<SurveyDoc, 'rating' | 'wouldRecommend'>,
) {
  const survey: SurveyDoc = {
    ...answers,
    improve: '',
    certificateId: `seeded-${uniqueSuffix()}`,
    assignmentId: pair.assignmentId,
    cohortId,
    personId: pair.studentId,
    role: 'student',
    answeredAt: new Date().toISOString(),
  };
  await firestore().collection(SURVEYS_COLLECTION).doc(survey.certificateId).set(survey);
}

/** The certificates issued for a pair, by role. */
export async function certificatesOf(assignmentId: string) {
  const snapshot = await firestore()
    .collection(PAIR_COLLECTIONS.certificates)
    .where('assignmentId', '==', assignmentId)
    .get();
  return snapshot.docs.map((d) => ({ id: d.id, ...(d.data() as CertificateDoc) }));
}
