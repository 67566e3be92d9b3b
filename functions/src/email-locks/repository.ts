/**
 * One application per e-mail address and role. Firestore has no unique index, so each record
 * with an e-mail owns a lock document `emailLocks/<role>:<normalised e-mail>`, created, moved and
 * deleted in the same transaction as the record. These helpers only run inside a transaction:
 * reads first (`isEmailTaken`, `isEmailTakenWith`), then writes (`claimEmail`, `releaseEmail`).
 */
import { createPerson } from '../shared/rows';
import type { MentorDoc, StudentDoc } from '../shared/records';
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { db, runTransaction } from '../firebase';
import { isAlreadyExists } from '../shared/firestore-errors';
import { emailLockId, normaliseEmail, type LockRole } from '../shared/ids';
import { COLLECTIONS } from '../shared/records';

export { normaliseEmail, type LockRole };

const lockRef = (role: LockRole, email: string) =>
  db.collection(COLLECTIONS.emailLocks).doc(emailLockId(role, email));

export async function isEmailTaken(
  tx: Transaction,
  role: LockRole,
  email: string,
): Promise<boolean> {
  return (await tx.get(lockRef(role, email))).exists;
}

/**
 * Work of another concern that joins the transaction creating a record (the rate limit of the
 * public forms): its one document is read in the same round trip as the e-mail lock, and it
 * writes in the same commit.
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

/**
 * `isEmailTaken` for a record being created, with an optional step read alongside (one
 * `getAll`) and applied before the answer is returned. A record without an e-mail reads no lock.
 */
export async function isEmailTakenWith(
  tx: Transaction,
  role: LockRole,
  email: string | null | undefined,
  step: TransactionStep | undefined,
): Promise<boolean> {
  if (!step) return email ? isEmailTaken(tx, role, email) : false;
  if (!email) {
    step.apply(tx, await tx.get(step.ref));
    return false;
  }
  const [lock, stepDocument] = await tx.getAll(lockRef(role, email), step.ref);
  if (!lock || !stepDocument) throw new Error('getAll answered fewer documents than asked for');
  step.apply(tx, stepDocument);
  return lock.exists;
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
 * Creates a record and, when it has an e-mail, claims that address, in one transaction. `step`
 * (the public forms' rate limit) is read with the lock and committed with the record, or alone
 * when the address is taken. Throws `duplicate()` when the address is taken, also when a
 * concurrent request claimed it first (the lock's `create` then fails with ALREADY_EXISTS).
 */
export async function createWithEmailLock<T extends StudentDoc | MentorDoc>(options: {
  ref: DocumentReference;
  role: LockRole;
  email: string | null | undefined;
  /** The stored document, built inside the transaction (its timestamps are the commit's). */
  build: () => T;
  duplicate: () => Error;
  step?: TransactionStep;
  /** More writes of the same commit, only when the record is created (e.g. its e-mails). */
  onCreate?: (tx: Transaction, id: string) => void;
}): Promise<string> {
  const { ref, role, email, build, duplicate, step, onCreate } = options;
  const taken = await runTransaction(async (tx) => {
    if (await isEmailTakenWith(tx, role, email, step)) return true;
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
