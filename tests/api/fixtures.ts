/** Valid bodies and small helpers shared by the API integration tests. */
import {
  ROW_COLLECTIONS,
  rowsPath,
  type AssignmentRecord,
  type CreatedResponse,
  type MentorApplication,
  type MentorInput,
  type StudentApplication,
  type StudentInput,
} from '@mentorship/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { call, firestore, uniqueSuffix } from '../support/api';

export const studentApplication = (tag = uniqueSuffix()): StudentApplication => ({
  fullName: `Ana Student ${tag}`,
  emailAddress: `ana.${tag}@student.example.edu`,
  linkedinUrl: `https://www.linkedin.com/in/ana-${tag}`,
  phoneNumber: '+1 555 0101',
  universityName: 'University of Toronto',
  academicProgram: 'B.Sc. Computer Science',
  yearOfStudy: '2nd Year Undergraduate',
  nominatedBy: null,
  professorEmail: null,
  careerInterests: null,
  preferredDisciplines: ['Computer Science', 'Data Science'],
  mentoringTopics: ['Career Planning'],
  mentorshipGoals: null,
  agreedToCommitment: true,
  consentToContact: true,
});

export const mentorApplication = (tag = uniqueSuffix()): MentorApplication => ({
  fullName: `Mo Mentor ${tag}`,
  email: `mo.${tag}@mentors.example.com`,
  phoneNumber: '+1 555 0202',
  linkedinUrl: null,
  currentJobTitle: 'Senior Software Engineer',
  company: 'Shopify',
  yearsExperience: 8,
  education: null,
  skills: ['Python'],
  location: 'Toronto, ON',
  timeZone: 'America/Toronto',
  profileSummary: null,
  preferredDisciplines: ['Computer Science'],
  mentoringTopics: ['Career Planning', 'Technical Skills'],
  availability: ['Flexible Schedule'],
  motivation: null,
  capacity: 1,
  agreedToCommitment: true,
  consentToContact: true,
});

export const studentRecordBody = (tag = uniqueSuffix(), extra: Partial<StudentInput> = {}) => ({
  fullName: `Sam Student ${tag}`,
  emailAddress: `sam.${tag}@student.example.edu`,
  ...extra,
});

export const mentorRecordBody = (tag = uniqueSuffix(), extra: Partial<MentorInput> = {}) => ({
  fullName: `Max Mentor ${tag}`,
  email: `max.${tag}@mentors.example.com`,
  ...extra,
});

async function created(res: { status: number; body: unknown }): Promise<string> {
  if (res.status !== 201)
    throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as CreatedResponse).id;
}

export const createStudent = async (token: string, extra: Partial<StudentInput> = {}) =>
  created(
    await call('POST', '/api/admin/students', { token, body: studentRecordBody(undefined, extra) }),
  );

export const createMentor = async (token: string, extra: Partial<MentorInput> = {}) =>
  created(
    await call('POST', '/api/admin/mentors', { token, body: mentorRecordBody(undefined, extra) }),
  );

export const assign = (token: string, mentorId: string, studentId: string) =>
  call<AssignmentRecord>('POST', '/api/admin/assignments', {
    token,
    body: { mentorId, studentId },
  });

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

/** How many documents of a collection have `field == value` (to check that nothing was stored). */
export const countWhere = async (collection: string, field: string, value: unknown) =>
  (await firestore().collection(collection).where(field, '==', value).count().get()).data().count;
