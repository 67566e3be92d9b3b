/**
 * Test support for the months after matching: cohort documents by their start (`seedCohort`, on
 * after-match.ts's `writeCohort`), pairs placed in a cohort
 * and dated back, and the function's params for jobs run in the test process (as the Functions
 * emulator gets them from the stack's .env.local).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { programEndFor } from '@mentorship/domain';
import { assign, createMentor, createStudent, moveToCohort } from '../api/fixtures';
import { writeCohort } from './after-match';
import { firestore, siteUrl, uniqueSuffix } from './api';

/** The coordinators' address the stack configures (scripts/lib/mail.ts). */
export const COORDINATORS = 'coordinators@bridgementorship.org';

/** SITE_URL and COORDINATOR_EMAILS for `runDailyWork` called in the test process. */
export function useFunctionParams(): void {
  process.env.SITE_URL ??= siteUrl();
  process.env.COORDINATOR_EMAILS ??= COORDINATORS;
}

/** A cohort document whose program starts on `programStart` and lasts 4 months. */
export const seedCohort = (programStart: string, id = `cohort-${uniqueSuffix()}`) =>
  writeCohort(`Test cohort ${id}`, programStart, programEndFor(programStart), id);

export interface TestPair {
  id: string;
  studentId: string;
  mentorId: string;
  studentEmail: string;
  mentorEmail: string;
  studentName: string;
  mentorName: string;
}

/** A student and a mentor, matched through the API, then put in the cohort and dated back. */
export async function pairInCohort(
  token: string,
  cohortId: string,
  assignedOn: string,
): Promise<TestPair> {
  const db = firestore();
  const [studentId, mentorId] = await Promise.all([createStudent(token), createMentor(token)]);
  const res = await assign(token, mentorId, studentId);
  if (res.status !== 201) throw new Error(`assign answered ${res.status}`);
  const id = res.body.id;
  await db
    .collection('assignments')
    .doc(id)
    .update({ cohortId, assignedAt: Timestamp.fromDate(new Date(`${assignedOn}T12:00:00Z`)) });
  await moveToCohort('student', studentId, cohortId);
  const [s, m] = await Promise.all([
    db.collection('students').doc(studentId).get(),
    db.collection('mentors').doc(mentorId).get(),
  ]);
  return {
    id,
    studentId,
    mentorId,
    studentEmail: s.get('emailAddress') as string,
    mentorEmail: m.get('email') as string,
    studentName: s.get('fullName') as string,
    mentorName: m.get('fullName') as string,
  };
}

/** The outbox messages about a pair (by kind), with their recipients. */
export async function outboxAbout(assignmentId: string, kind?: string) {
  let query = firestore().collection('mail').where('subjectId', '==', assignmentId);
  if (kind) query = query.where('kind', '==', kind);
  const snapshot = await query.get();
  return snapshot.docs.map((d) => ({
    kind: d.get('kind') as string,
    to: d.get('to') as string[],
    text: d.get('message.text') as string,
  }));
}

/** The one-click link of a check-in e-mail's answer (`?answer=...#token=...`). */
export const checkInLink = (text: string, answer: string) => {
  const match = new RegExp(
    `https?://\\S+/my-application/check-in\\?answer=${answer}#token=([\\w-]+)`,
  ).exec(text);
  if (!match) throw new Error('no check-in link in the e-mail');
  return { url: match[0], token: match[1] as string };
};
