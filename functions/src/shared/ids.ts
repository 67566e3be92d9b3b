/**
 * Document ids that carry meaning, in one place for the function, the seeding scripts and the
 * tests. Pure: no Firebase SDK.
 */
import type { PersonKind } from '@mentorship/domain';

/** An application lock belongs to one kind of person: a student and a mentor may share an address. */
export type LockRole = PersonKind;

/** Trimmed and lower-cased: `Ana@Example.org ` and `ana@example.org` are the same address. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * `applicationLocks/<role>:<normalised e-mail>`: one application per e-mail address and role.
 * encodeURIComponent keeps '/' (legal in an e-mail's local part) out of the document path.
 */
export const applicationLockId = (role: LockRole, email: string): string =>
  `${role}:${encodeURIComponent(normaliseEmail(email))}`;

/** A pair's fixed id: a duplicate pair is one document read away. */
export const pairId = (mentorId: string, studentId: string): string => `${mentorId}__${studentId}`;
