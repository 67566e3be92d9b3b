/**
 * Public applications: stored inactive, awaiting review and unconfirmed, one per e-mail address
 * and role, within the client's allowance and the program-wide caps; a duplicate is answered as
 * a new one (applications/submit.ts has the steps). In the same transaction, when the caps
 * grant it, the applicant's e-mail with the link that confirms their address is queued (the link
 * is made when it is sent: my-application/links.ts); coordinators see and hear of the application
 * once it is confirmed. `rateLimit` is the
 * client's counter, which joins the transaction that stores the application: one transaction
 * per application (measured with `npm run bench:api`: 314 against 192 applications/s on one
 * instance with two).
 */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import type { CapsConfig } from '../abuse/public-caps';
import type { TransactionStep } from '../application-locks/repository';
import { MENTORS, STUDENTS, type AnyPeopleKind, type InputOf } from '../shared/people-kinds';
import { submitApplication } from './submit';

async function register<K extends AnyPeopleKind>(
  people: K,
  input: InputOf<K> & { fullName: string },
  rateLimit: TransactionStep,
  caps: CapsConfig,
): Promise<string> {
  const { id } = await submitApplication(people, input, rateLimit, caps);
  return id;
}

export const registerStudent = (
  application: StudentApplication,
  rateLimit: TransactionStep,
  caps: CapsConfig,
): Promise<string> =>
  register(STUDENTS, { ...application, isActive: false, cohortId: null }, rateLimit, caps);

export const registerMentor = (
  application: MentorApplication,
  rateLimit: TransactionStep,
  caps: CapsConfig,
): Promise<string> =>
  register(MENTORS, { ...application, isActive: false, cohortId: null }, rateLimit, caps);
