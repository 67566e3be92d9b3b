/** Dashboard counts through count() aggregation queries: no document is read. */
import type { Query } from 'firebase-admin/firestore';
import type { Stats } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

const count = async (query: Query): Promise<number> => (await query.count().get()).data().count;

export async function readStats(): Promise<Stats> {
  const students = db.collection(COLLECTIONS.students);
  const mentors = db.collection(COLLECTIONS.mentors);
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
    count(db.collection(COLLECTIONS.assignments)),
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
