/**
 * One application per e-mail address and role. Firestore has no unique index, so each record
 * with an e-mail owns a lock document `emailLocks/<role>:<normalised e-mail>`, created, moved and
 * deleted in the same transaction as the record. These helpers only run inside a transaction:
 * reads first (`isTaken`), then writes (`claim`, `release`).
 */
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

export type LockRole = 'student' | 'mentor';

/** Trimmed and lower-cased: `Ana@Example.org ` and `ana@example.org` are the same address. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// encodeURIComponent keeps '/' (legal in an e-mail's local part) out of the document path.
const lockRef = (role: LockRole, email: string) =>
  db.collection(COLLECTIONS.emailLocks).doc(`${role}:${encodeURIComponent(normaliseEmail(email))}`);

export async function isEmailTaken(
  tx: Transaction,
  role: LockRole,
  email: string,
): Promise<boolean> {
  return (await tx.get(lockRef(role, email))).exists;
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
