/**
 * Enrolment codes: what lets an account without a passkey create its first one. The password
 * alone, or the mailbox alone (a password reset, an e-mail sign-in link), never does: whoever
 * holds them would otherwise register their own passkey in the window before the owner does.
 *
 * A code is ten letters of ENROLMENT_CODE_ALPHABET (about 49 bits: not guessable within the
 * hour it works, each guess costing a passkey ceremony; the domain makes and hashes it). Only
 * its SHA-256 is kept, on the account's secrets document (`enrolment`), with its expiry; the
 * first passkey stored with it spends it. Issued on the accept page of an invitation, by a
 * coordinator's reset of someone else's passkeys (shown to them once, to hand over in person or
 * by phone) and by the command lines that make or reset a coordinator (scripts/lib/admin.ts
 * writes the same record).
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  ENROLMENT_CODE_TTL_MS,
  SESSION_MESSAGES,
  enrolmentCodeHash,
  newEnrolmentCode,
} from '@mentorship/domain';
import type { EnrolmentRecord } from '../shared/coordinator-sessions';
import { DomainError } from '../shared/errors';

/** A new code (as shown: `ABCDE-FGHJK`) and the record to keep of it. */
export async function newEnrolment(
  now = Date.now(),
): Promise<{ code: string; record: EnrolmentRecord }> {
  const code = newEnrolmentCode();
  return {
    code,
    record: {
      hash: (await enrolmentCodeHash(code)) as string,
      expiresAt: Timestamp.fromMillis(now + ENROLMENT_CODE_TTL_MS),
    },
  };
}

/**
 * Refuses (400, on the field `enrolmentCode`) a first passkey without the account's standing
 * code: none typed, a wrong one, or one past its hour.
 */
export async function checkEnrolmentCode(
  record: EnrolmentRecord | null | undefined,
  typed: unknown,
  now = Date.now(),
): Promise<void> {
  if (typed === undefined || typed === null || typed === '') {
    throw new DomainError('invalid-argument', SESSION_MESSAGES.enrolmentCodeNeeded, {
      enrolmentCode: SESSION_MESSAGES.enrolmentCodeNeeded,
    });
  }
  const hash = typeof typed === 'string' ? await enrolmentCodeHash(typed) : null;
  if (!hash || !record || record.expiresAt.toMillis() <= now || hash !== record.hash) {
    throw new DomainError('invalid-argument', SESSION_MESSAGES.enrolmentCodeWrong, {
      enrolmentCode: SESSION_MESSAGES.enrolmentCodeWrong,
    });
  }
}

/** Gives `uid` a new code (replacing any earlier one): answers it and when it expires. */
export async function issueEnrolmentCode(
  db: Firestore,
  uid: string,
  email: string,
): Promise<{ code: string; expiresAt: Date }> {
  const { code, record } = await newEnrolment();
  await db
    .collection(COLLECTIONS.coordinatorSecrets)
    .doc(uid)
    .set({ email, enrolment: record }, { merge: true });
  return { code, expiresAt: record.expiresAt.toDate() };
}
