/**
 * The dashboard's live lists read row documents, not whole applications, so a coordinator's
 * browser downloads only what a list shows: `cohorts/{cohortId}/studentRows/{id}` and
 * `.../mentorRows/{id}` (`rowsPath`, filed under the person's cohort so one cohort's lists read
 * that cohort's rows only) hold exactly a person's list fields
 * (STUDENT_LIST_FIELDS, MENTOR_LIST_FIELDS). Every write of a student or mentor goes through the
 * helpers below, which write the row in the same transaction as its source, so the two never
 * disagree; a change the lists do not show (an edited motivation) writes no row. Pairs are
 * small already and are read as they are.
 */
import type { DocumentReference, Transaction, UpdateData } from 'firebase-admin/firestore';
import { rowsPath, type DocOf } from '@mentorship/domain';
import { db } from '../firebase';
import type { PersonKind } from './people';
import { personRef } from './people';
import { LIST_FIELDS, isConfirmed, rowOf, type MentorDoc, type StudentDoc } from './records';

/**
 * Which row: the person's id and the cohort their row is filed under (`rowsPath`), i.e. the
 * person document's `cohortId` as the transaction read it.
 */
export interface RowKey {
  id: string;
  cohortId: string | null;
}

/** A person's row key from their stored document. */
export const rowKeyOf = (id: string, doc: { cohortId?: string | null }): RowKey => ({
  id,
  cohortId: doc.cohortId ?? null,
});

export const rowRef = (kind: PersonKind, key: RowKey): DocumentReference =>
  db.collection(rowsPath(kind, key.cohortId)).doc(key.id);

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
  tx.create(ref, doc satisfies DocOf<'students'> | DocOf<'mentors'>);
  // An unconfirmed application gets its row when it is confirmed (my-application/confirm.ts).
  if (isConfirmed(doc)) tx.create(rowRef(kind, rowKeyOf(ref.id, doc)), rowOf(kind, doc));
}

/**
 * Replaces the whole document (an edit, a move to another cohort); the row is rewritten only if
 * a list field changed, and moves with its person to the new cohort's rows.
 */
export function setPerson(
  tx: Transaction,
  kind: PersonKind,
  id: string,
  doc: StudentDoc | MentorDoc,
  before: StudentDoc | MentorDoc,
): void {
  tx.set(personRef(kind, id), doc satisfies DocOf<'students'> | DocOf<'mentors'>);
  if (!isConfirmed(doc)) return;
  const row = rowOf(kind, doc);
  const [from, to] = [rowKeyOf(id, before), rowKeyOf(id, doc)];
  if (from.cohortId !== to.cohortId) {
    tx.delete(rowRef(kind, from));
    tx.set(rowRef(kind, to), row);
  } else if (JSON.stringify(row) !== JSON.stringify(rowOf(kind, before))) {
    tx.set(rowRef(kind, to), row);
  }
}

/** A partial update of a person and their row; a move to another cohort goes through setPerson. */
export function updatePerson(
  tx: Transaction,
  kind: PersonKind,
  key: RowKey,
  patch: Record<string, unknown>,
): void {
  if ('cohortId' in patch) throw new Error('updatePerson cannot move a person: use setPerson');
  tx.update(personRef(kind, key.id), patch as UpdateData<StudentDoc>);
  const row = rowPatch(kind, patch);
  if (Object.keys(row).length > 0) tx.update(rowRef(kind, key), row);
}
