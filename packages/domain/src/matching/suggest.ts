/**
 * Ranked suggestions for Create Assignment: once one side is chosen, the other side's people are
 * ordered best first, each with the shared items that make the score. Students are ranked as the
 * whole-cohort proposal ranks them (propose.ts): a student to be re-matched, then one carried
 * forward, before any other (`priorityRank`, the one ranking of priority for both); then by the
 * spec's match score.
 */
import type { MentorListItem, StudentListItem } from '../api';
import { priorityRank } from '../carry-forward';
import { matchScore, type MatchResult } from '../match';
import { freePlaces, mentorCanTakeStudent, studentCanBeMatched } from '../people';

export interface Suggestion<T> {
  person: T;
  match: MatchResult;
}

const byName = (a: { fullName: string }, b: { fullName: string }) =>
  a.fullName.localeCompare(b.fullName);

/** Mentors for a student: best score first; ties: more free places first, then by name. */
export function rankMentorsFor(
  student: StudentListItem,
  mentors: readonly MentorListItem[],
): Suggestion<MentorListItem>[] {
  return mentors
    .filter(mentorCanTakeStudent)
    .map((mentor) => ({ person: mentor, match: matchScore(mentor, student) }))
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        freePlaces(b.person) - freePlaces(a.person) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
    );
}

/**
 * Students for a mentor: priority first (re-match, then carried forward: as the proposal), then
 * best score; ties: the longest-waiting application first.
 */
export function rankStudentsFor(
  mentor: MentorListItem,
  students: readonly StudentListItem[],
): Suggestion<StudentListItem>[] {
  return students
    .filter(studentCanBeMatched)
    .map((student) => ({ person: student, match: matchScore(mentor, student) }))
    .sort(
      (a, b) =>
        priorityRank(b.person.matchPriority) - priorityRank(a.person.matchPriority) ||
        b.match.score - a.match.score ||
        a.person.createdAt.localeCompare(b.person.createdAt) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
    );
}
