/**
 * Public applications: stored inactive and awaiting review, one per e-mail address and role; the
 * applicant's confirmation and the coordinators' note are written in the same transaction.
 */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import { createMentor } from '../mentors/service';
import { createStudent } from '../students/service';

export const registerStudent = (application: StudentApplication): Promise<string> =>
  createStudent({ ...application, isActive: false }, 'public');

export const registerMentor = (application: MentorApplication): Promise<string> =>
  createMentor({ ...application, isActive: false }, 'public');
