/** Students and mentors as "people": what features that treat both alike need. */
import type { DocumentReference } from 'firebase-admin/firestore';
import type { PersonKind } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from './records';

export type { PersonKind };

export const personRef = (kind: PersonKind, id: string): DocumentReference =>
  db.collection(kind === 'student' ? COLLECTIONS.students : COLLECTIONS.mentors).doc(id);
