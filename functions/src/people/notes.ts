/**
 * Coordinators' private notes on a person, kept in the person's `notes` subcollection (server
 * only in firestore.rules). A note is added in a transaction that checks the person exists, so a
 * note never outlives its person; erasing the person deletes their notes in the same
 * transaction (their erasure rule in the registry: under the person's record).
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { PersonNote } from '@mentorship/domain';
import { actors } from '../audit/audit';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { personRef, type PersonKind } from '../shared/people';
import { NOT_FOUND } from '../shared/not-found';
import { COLLECTIONS } from '../shared/records';

interface NoteDoc {
  at: Timestamp;
  author: { uid: string; email: string | null };
  text: string;
}

const notesOf = (kind: PersonKind, id: string) => personRef(kind, id).collection(COLLECTIONS.notes);

const toNote = (id: string, doc: NoteDoc): PersonNote => ({
  id,
  at: doc.at.toDate().toISOString(),
  author: doc.author,
  text: doc.text,
});

/** Newest first; 404 when the person does not exist. */
export async function listNotes(kind: PersonKind, id: string): Promise<PersonNote[]> {
  const [person, notes] = await Promise.all([
    personRef(kind, id).get(),
    notesOf(kind, id).orderBy('at', 'desc').get(),
  ]);
  if (!person.exists) throw new DomainError('not-found', NOT_FOUND[kind]);
  return notes.docs.map((d) => toNote(d.id, d.data() as NoteDoc));
}

/** Adds a note signed by the coordinator making the request. */
export async function addNote(kind: PersonKind, id: string, text: string): Promise<PersonNote> {
  const author = actors.getStore();
  if (!author) throw new DomainError('unauthenticated', 'Sign in again.');
  return runTransaction(async (tx) => {
    const person = await tx.get(personRef(kind, id));
    if (!person.exists) throw new DomainError('not-found', NOT_FOUND[kind]);
    const ref = notesOf(kind, id).doc();
    const doc: NoteDoc = { at: Timestamp.now(), author, text };
    tx.create(ref, doc);
    return toNote(ref.id, doc);
  });
}
