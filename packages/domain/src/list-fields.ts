/**
 * The fields a list row carries (`cohorts/{id}/studentRows`, `.../mentorRows`: the dashboard's
 * lists), one list per kind of person. The functions copy them into each row (and pass them to
 * select() so real Firestore sends no more); the audience statement (audience.ts) states them.
 */
import type { MentorListItem, StudentListItem } from './api';
import type { PersonKind } from './people';

export const STUDENT_LIST_FIELDS = [
  'fullName',
  'emailAddress',
  'universityName',
  'academicProgram',
  'yearOfStudy',
  'isActive',
  'createdAt',
  'preferredDisciplines',
  'mentoringTopics',
  'activePairId',
  'reviewStatus',
  'cohortId',
  'carriedForwardFrom',
  'matchPriority',
  /** For the suggestions' working-hours overlap (matching/working-hours.ts). */
  'timeZone',
] as const satisfies readonly (keyof StudentListItem)[];

export const MENTOR_LIST_FIELDS = [
  'fullName',
  'email',
  'company',
  'currentJobTitle',
  'isActive',
  'createdAt',
  'preferredDisciplines',
  'mentoringTopics',
  'capacity',
  'activeStudentCount',
  'reviewStatus',
  'cohortId',
  'carriedForwardFrom',
  'timeZone',
] as const satisfies readonly (keyof MentorListItem)[];

/** The list fields of each kind of person (what a dashboard row carries). */
export const LIST_FIELDS: Record<PersonKind, readonly string[]> = {
  student: STUDENT_LIST_FIELDS,
  mentor: MENTOR_LIST_FIELDS,
};
