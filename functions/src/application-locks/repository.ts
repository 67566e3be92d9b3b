/**
 * One application per e-mail address and role. Firestore has no unique index, so each record
 * with an e-mail owns a lock document `applicationLocks/<role>:<normalised e-mail>`, created, moved and
 * deleted in the same transaction as the record. These helpers only run inside a transaction:
 * reads first (`isEmailTaken`), then writes (`claimEmail`, `releaseEmail`).
 */
import { createPerson } from '../shared/rows';
import type { MentorDoc, StudentDoc } from '../shared/records';
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { db, runTransaction } from '../firebase';
import { personRef, type PersonKind } from '../shared/people';
import { isAlreadyExists } from '../shared/firestore-errors';
import { applicationLockId, normaliseEmail, type LockRole } from '../shared/ids';
import { COLLECTIONS } from '../shared/records';

export { normaliseEmail, type LockRole };

export const lockRef = (role: LockRole, email: string) =>
  db.collection(COLLECTIONS.applicationLocks).doc(applicationLockId(role, email));

export async function isEmailTaken(
  tx: Transaction,
  role: LockRole,
  email: string,
): Promise<boolean> {
  return (await tx.get(lockRef(role, email))).exists;
}

/**
 * Work of another concern that joins the transaction creating a record (the rate limit of the
 * public forms, applications/submit.ts): its one document is read in the same round trip as the
 * application lock, and it writes in the same commit.
 */
export interface TransactionStep {
  readonly ref: DocumentReference;
  /**
   * Called once all of the transaction's reads are done (again on each retry). Throwing refuses
   * the whole transaction, so nothing is written; otherwise it may add writes. Its writes are
   * committed even when the e-mail turns out to be taken.
   */
  apply(tx: Transaction, snapshot: DocumentSnapshot): void;
}

/** `create` fails if another transaction took the address first, so the commit is refused. */
export function claimEmail(tx: Transaction, role: LockRole, email: string, recordId: string) {
  tx.create(lockRef(role, email), {
    role,
    email: normaliseEmail(email),
    recordId,
  });
}

export function releaseEmail(tx: Transaction, role: LockRole, email: string) {
  tx.delete(lockRef(role, email));
}

/** Whether two addresses are the same lock. */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  (a ? normaliseEmail(a) : null) === (b ? normaliseEmail(b) : null);

/**
 * Creates a record and, when it has an e-mail, claims that address, in one transaction. Throws `duplicate()` when the address is taken, also when a
 * concurrent request claimed it first (the lock's `create` then fails with ALREADY_EXISTS).
 */
export async function createWithEmailLock<T extends StudentDoc | MentorDoc>(options: {
  ref: DocumentReference;
  role: LockRole;
  email: string | null | undefined;
  /** The stored document, built inside the transaction (its timestamps are the commit's). */
  build: () => T;
  duplicate: () => Error;
  /** More writes of the same commit, only when the record is created (e.g. its e-mails). */
  onCreate?: (tx: Transaction, id: string) => void;
}): Promise<string> {
  const { ref, role, email, build, duplicate, onCreate } = options;
  const taken = await runTransaction(async (tx) => {
    if (email && (await isEmailTaken(tx, role, email))) return true;
    if (email) claimEmail(tx, role, email, ref.id);
    // The record and its list row (shared/rows.ts).
    createPerson(tx, role, ref, build());
    onCreate?.(tx, ref.id);
    return false;
  }).catch((error: unknown) => {
    if (isAlreadyExists(error)) return true;
    throw error;
  });
  if (taken) throw duplicate();
  return ref.id;
}

const KINDS: PersonKind[] = ['student', 'mentor'];

/** An application found by its address: the person's kind, id and stored record. */
export interface Found {
  kind: PersonKind;
  id: string;
  doc: StudentDoc | MentorDoc;
}

/**
 * The records the address applied with (at most one per role), through their locks: how an
 * applicant's verified address reaches their own records.
 */
export async function findApplications(email: string): Promise<Found[]> {
  const locks = await db.getAll(
    ...KINDS.map((kind) =>
      db.collection(COLLECTIONS.applicationLocks).doc(applicationLockId(kind, email)),
    ),
  );
  const found: Found[] = [];
  for (const [index, lock] of locks.entries()) {
    const kind = KINDS[index] as PersonKind;
    const recordId = lock.get('recordId') as string | undefined;
    if (!lock.exists || !recordId) continue;
    const snapshot = await personRef(kind, recordId).get();
    if (snapshot.exists)
      found.push({ kind, id: recordId, doc: snapshot.data() as StudentDoc | MentorDoc });
  }
  return found;
}
