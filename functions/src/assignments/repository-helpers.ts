/**
 * Transaction helpers shared by the people repository (and its kinds) and the assignments repository:
 * reading a person's assignments and releasing the counters an active assignment holds.
 */
import { FieldValue, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { COLLECTIONS, type AssignmentDoc } from '../shared/records';
import { updatePerson, type RowKey } from '../shared/rows';

export const assignmentsCollection = () => db.collection(COLLECTIONS.assignments);
export const studentsCollection = () => db.collection(COLLECTIONS.students);
export const mentorsCollection = () => db.collection(COLLECTIONS.mentors);

export { pairId } from '../shared/ids';

export interface StoredAssignment {
  id: string;
  doc: AssignmentDoc;
}

/** Every assignment of one person (read inside the transaction). */
export async function assignmentsOf(
  tx: Transaction,
  field: 'mentorId' | 'studentId',
  personId: string,
): Promise<StoredAssignment[]> {
  const snapshot = await tx.get(assignmentsCollection().where(field, '==', personId));
  return snapshot.docs.map((d) => ({ id: d.id, doc: d.data() as AssignmentDoc }));
}

/** Writes that free the student's slot and the mentor's place held by an active assignment. */
export function releaseStudentSlot(tx: Transaction, student: RowKey, now: Timestamp) {
  updatePerson(tx, 'student', student, { activeAssignmentId: null, updatedAt: now });
}

export function changeMentorCount(tx: Transaction, mentor: RowKey, delta: number, now: Timestamp) {
  if (delta === 0) return;
  updatePerson(tx, 'mentor', mentor, {
    activeStudentCount: FieldValue.increment(delta),
    updatedAt: now,
  });
}
