/** Public applications: stored inactive (pending review), one per e-mail address and role. */
import type { MentorApplication, StudentApplication } from '@mentorship/domain';
import { createMentor } from '../mentors/service';
import { createStudent } from '../students/service';

export const registerStudent = (application: StudentApplication): Promise<string> =>
  createStudent({ ...application, isActive: false });

export const registerMentor = (application: MentorApplication): Promise<string> =>
  createMentor({ ...application, isActive: false });
