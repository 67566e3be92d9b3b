/** Firestore reads for the whole-cohort proposal (the only matching code touching Firestore). */
import {
  freePlaces,
  type MatchPriority,
  mentorCanTakeStudent,
  studentCanBeMatched,
  type PairKey,
} from '@mentorship/domain';
import type { Query } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { existingPairKeys } from '../pairs';
import { COLLECTIONS, type MentorDoc, type StudentDoc } from '../shared/records';

const studentsCollection = () => db.collection(COLLECTIONS.students);
const mentorsCollection = () => db.collection(COLLECTIONS.mentors);

export interface CandidateStudent {
  id: string;
  fullName: string;
  academicProgram: string | null;
  universityName: string | null;
  preferredDisciplines: string[] | null;
  mentoringTopics: string[] | null;
  matchPriority: MatchPriority;
  /** Chosen from TIME_ZONES; null when not given. */
  timeZone: string | null;
}

export interface CandidateMentor {
  id: string;
  fullName: string;
  currentJobTitle: string | null;
  company: string | null;
  preferredDisciplines: string[];
  mentoringTopics: string[];
  freeCapacity: number;
  /** The mentor's own words (the spec's free text), read by the TIME-ZONE RULE. */
  timeZone: string | null;
}

export interface MatchingData {
  students: CandidateStudent[];
  mentors: CandidateMentor[];
  existingPairs: PairKey[];
}

/**
 * Active students without an active pair, active mentors with free places, and every
 * existing pair (active or not: a pair is never created twice).
 */
export async function loadMatchingData(cohortId: string | null = null): Promise<MatchingData> {
  const scoped = (query: Query) => (cohortId ? query.where('cohortId', '==', cohortId) : query);
  const [studentSnap, mentorSnap, existingPairs] = await Promise.all([
    scoped(studentsCollection().where('isActive', '==', true)).get(),
    scoped(mentorsCollection().where('isActive', '==', true)).get(),
    existingPairKeys(),
  ]);

  const students: CandidateStudent[] = [];
  for (const d of studentSnap.docs) {
    const doc = d.data() as StudentDoc;
    if (!studentCanBeMatched(doc)) continue;
    students.push({
      id: d.id,
      fullName: doc.fullName,
      academicProgram: doc.academicProgram ?? null,
      universityName: doc.universityName ?? null,
      preferredDisciplines: doc.preferredDisciplines ?? null,
      mentoringTopics: doc.mentoringTopics ?? null,
      matchPriority: doc.matchPriority ?? null,
      timeZone: doc.timeZone ?? null,
    });
  }

  const mentors: CandidateMentor[] = [];
  for (const d of mentorSnap.docs) {
    const doc = d.data() as MentorDoc;
    if (!mentorCanTakeStudent(doc)) continue;
    const freeCapacity = freePlaces(doc);
    mentors.push({
      id: d.id,
      fullName: doc.fullName,
      currentJobTitle: doc.currentJobTitle ?? null,
      company: doc.company ?? null,
      preferredDisciplines: doc.preferredDisciplines ?? [],
      mentoringTopics: doc.mentoringTopics ?? [],
      freeCapacity,
      timeZone: doc.timeZone ?? null,
    });
  }

  return { students, mentors, existingPairs };
}
