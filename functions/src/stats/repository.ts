/** Dashboard counts through count() aggregation queries: no document is read. */
import type { Query } from 'firebase-admin/firestore';
import type { Stats } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

const count = async (query: Query): Promise<number> => (await query.count().get()).data().count;

/**
 * Applications whose address is not confirmed yet are not counted. A missing flag means
 * confirmed (records stored before confirmation existed), so they are counted as all minus the
 * unconfirmed: unconfirmed ones are inactive and awaiting review.
 */
const unconfirmed = (query: Query) => query.where('confirmed', '==', false);

/** Every cohort, or one (`cohortId`): equality filters only, so no composite index is needed. */
export async function readStats(cohortId: string | null = null): Promise<Stats> {
  const scoped = (query: Query) => (cohortId ? query.where('cohortId', '==', cohortId) : query);
  const students = scoped(db.collection(COLLECTIONS.students));
  const mentors = scoped(db.collection(COLLECTIONS.mentors));
  const [
    totalStudents,
    activeStudents,
    totalMentors,
    activeMentors,
    totalAssignments,
    awaitingStudents,
    awaitingMentors,
    unconfirmedStudents,
    unconfirmedMentors,
  ] = await Promise.all([
    count(students),
    count(students.where('isActive', '==', true)),
    count(mentors),
    count(mentors.where('isActive', '==', true)),
    count(scoped(db.collection(COLLECTIONS.assignments))),
    count(students.where('reviewStatus', '==', 'awaiting')),
    count(mentors.where('reviewStatus', '==', 'awaiting')),
    count(unconfirmed(students)),
    count(unconfirmed(mentors)),
  ]);
  return {
    totalStudents: totalStudents - unconfirmedStudents,
    totalMentors: totalMentors - unconfirmedMentors,
    activeStudents,
    activeMentors,
    totalAssignments,
    awaitingReview: awaitingStudents + awaitingMentors - unconfirmedStudents - unconfirmedMentors,
  };
}
