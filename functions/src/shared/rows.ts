/**
 * The dashboard's live lists (issue: a live admin area) read row documents, not whole
 * applications: `studentRows/{id}` and `mentorRows/{id}` hold exactly a person's list fields
 * (STUDENT_LIST_FIELDS, MENTOR_LIST_FIELDS). Every write of a student or mentor goes through the
 * helpers below, which write the row in the same transaction as its source, so the two never
 * disagree; a change the lists do not show (an edited motivation) writes no row. Assignments are
 * small already and are read as they are.
 */
import type { DocumentReference, Transaction, UpdateData } from 'firebase-admin/firestore';
import { db } from '../firebase';
import type { PersonKind } from './people';
import { personRef } from './people';
import {
  COLLECTIONS,
  LIST_FIELDS,
  isConfirmed,
  rowOf,
  type MentorDoc,
  type StudentDoc,
} from './records';

export const rowRef = (kind: PersonKind, id: string): DocumentReference =>
  db.collection(kind === 'student' ? COLLECTIONS.studentRows : COLLECTIONS.mentorRows).doc(id);

/** The part of a patch the row carries (FieldValue sentinels pass through). */
function rowPatch(kind: PersonKind, patch: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of LIST_FIELDS[kind]) if (field in patch) picked[field] = patch[field];
  return picked;
}

export function createPerson(
  tx: Transaction,
  kind: PersonKind,
  ref: DocumentReference,
  doc: StudentDoc | MentorDoc,
): void {
  tx.create(ref, doc);
  // An unconfirmed application gets its row when it is confirmed (applicants/confirm.ts).
  if (isConfirmed(doc)) tx.create(rowRef(kind, ref.id), rowOf(kind, doc));
}

/** Replaces the whole document (an edit); the row is rewritten only if a list field changed. */
export function setPerson(
  tx: Transaction,
  kind: PersonKind,
  id: string,
  doc: StudentDoc | MentorDoc,
  before: StudentDoc | MentorDoc,
): void {
  tx.set(personRef(kind, id), doc);
  if (!isConfirmed(doc)) return;
  const row = rowOf(kind, doc);
  if (JSON.stringify(row) !== JSON.stringify(rowOf(kind, before))) tx.set(rowRef(kind, id), row);
}

export function updatePerson(
  tx: Transaction,
  kind: PersonKind,
  id: string,
  patch: Record<string, unknown>,
): void {
  tx.update(personRef(kind, id), patch as UpdateData<StudentDoc>);
  const row = rowPatch(kind, patch);
  if (Object.keys(row).length > 0) tx.update(rowRef(kind, id), row);
}

export function deletePerson(tx: Transaction, kind: PersonKind, id: string): void {
  tx.delete(personRef(kind, id));
  tx.delete(rowRef(kind, id));
}
