/**
 * Ranked suggestions for Create Assignment: once one side is chosen, the other side's people are
 * ordered best first by the spec's match score, each with the shared items that make the score.
 */
import {
  freePlaces,
  matchScore,
  mentorCanTakeStudent,
  studentCanBeMatched,
  type MatchResult,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';

export interface Suggestion<T> {
  person: T;
  match: MatchResult;
}

/** The domain's rules (packages/domain/src/people.ts), under the names this screen uses. */
export { freePlaces };
export const mentorIsAvailable = mentorCanTakeStudent;
export const studentIsAvailable = studentCanBeMatched;

const byName = (a: { fullName: string }, b: { fullName: string }) =>
  a.fullName.localeCompare(b.fullName);

/** Mentors for a student: best score first; ties: more free places first, then by name. */
export function rankMentors(
  student: StudentListItem,
  mentors: readonly MentorListItem[],
): Suggestion<MentorListItem>[] {
  return mentors
    .filter(mentorIsAvailable)
    .map((mentor) => ({ person: mentor, match: matchScore(mentor, student) }))
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        freePlaces(b.person) - freePlaces(a.person) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
    );
}

/** Students for a mentor: best score first; ties: the longest-waiting application first. */
export function rankStudents(
  mentor: MentorListItem,
  students: readonly StudentListItem[],
): Suggestion<StudentListItem>[] {
  return students
    .filter(studentIsAvailable)
    .map((student) => ({ person: student, match: matchScore(mentor, student) }))
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        a.person.createdAt.localeCompare(b.person.createdAt) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
    );
}
