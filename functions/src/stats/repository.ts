/**
 * Dashboard counts through count() aggregation queries on the list rows: no document is read.
 * A person has a row once their address is confirmed (shared/rows.ts), so the rows count exactly
 * the people the lists show, by the rules the dashboard counts its live lists with (statsOf):
 * one cohort's rows (`cohorts/{id}/studentRows`) or every cohort's (a collection group).
 */
import type { Query } from 'firebase-admin/firestore';
import { ROW_COLLECTIONS, rowsPath, type Stats } from '@mentorship/domain';
import { db } from '../firebase';
import { countPairs } from '../pairs';

const count = async (query: Query): Promise<number> => (await query.count().get()).data().count;

const rows = (kind: keyof typeof ROW_COLLECTIONS, cohortId: string | null): Query =>
  cohortId ? db.collection(rowsPath(kind, cohortId)) : db.collectionGroup(ROW_COLLECTIONS[kind]);

/** Every cohort, or one (`cohortId`): equality filters only, so no composite index is needed. */
export async function readStats(cohortId: string | null = null): Promise<Stats> {
  const students = rows('student', cohortId);
  const mentors = rows('mentor', cohortId);
  const [
    totalStudents,
    activeStudents,
    totalMentors,
    activeMentors,
    totalAssignments,
    awaitingStudents,
    awaitingMentors,
  ] = await Promise.all([
    count(students),
    count(students.where('isActive', '==', true)),
    count(mentors),
    count(mentors.where('isActive', '==', true)),
    countPairs(cohortId),
    count(students.where('reviewStatus', '==', 'awaiting')),
    count(mentors.where('reviewStatus', '==', 'awaiting')),
  ]);
  return {
    totalStudents,
    totalMentors,
    activeStudents,
    activeMentors,
    totalAssignments,
    awaitingReview: awaitingStudents + awaitingMentors,
  };
}
