/**
 * Ranked suggestions for Create Assignment: once one side is chosen, the other side's people are
 * ordered best first, each with the shared items that make the score. Students are ranked as the
 * whole-cohort proposal ranks them (propose.ts): a student to be re-matched, then one carried
 * forward, before any other (`priorityRank`, the one ranking of priority for both); then by the
 * spec's match score, moved by working-hours overlap as the TIME-ZONE RULE states
 * (working-hours.ts): a person with enough overlap ranks above one with little overlap who scores
 * at most 1 more; the score itself is never changed.
 */
import type { MentorListItem, StudentListItem } from '../api';
import { priorityRank } from '../carry-forward';
import { matchScore, type MatchResult } from '../match';
import { freePlaces, mentorCanTakeStudent, studentCanBeMatched } from '../people';
import { overlapRankKey, workingHoursOverlap } from './working-hours';

export interface Suggestion<T> {
  person: T;
  match: MatchResult;
  /** Hours of working-hours overlap (working-hours.ts); null when a time zone is unknown. */
  overlapHours: number | null;
}

/** `person` (one of the two) suggested for the other: their score and working-hours overlap. */
const suggestion = <T>(
  person: T,
  mentor: MentorListItem,
  student: StudentListItem,
): Suggestion<T> => ({
  person,
  match: matchScore(mentor, student),
  overlapHours: workingHoursOverlap(student.timeZone, mentor.timeZone),
});

const rankKey = (s: Suggestion<unknown>) => overlapRankKey(s.match.score, s.overlapHours);

type Named = { id: string; fullName: string };

/** Both sides' ranking: the score moved by overlap (rankKey), then the score itself. */
const byRankKeyThenScore = (a: Suggestion<unknown>, b: Suggestion<unknown>) =>
  rankKey(b) - rankKey(a) || b.match.score - a.match.score;

/** Both sides' last ties: by name, then by id. */
const byNameThenId = (a: Suggestion<Named>, b: Suggestion<Named>) =>
  a.person.fullName.localeCompare(b.person.fullName) || a.person.id.localeCompare(b.person.id);

/**
 * Mentors for a student: by score moved by overlap (rankKey), then score; ties: more free places
 * first, then by name.
 */
export function rankMentorsFor(
  student: StudentListItem,
  mentors: readonly MentorListItem[],
): Suggestion<MentorListItem>[] {
  return mentors
    .filter(mentorCanTakeStudent)
    .map((mentor) => suggestion(mentor, mentor, student))
    .sort(
      (a, b) =>
        byRankKeyThenScore(a, b) ||
        freePlaces(b.person) - freePlaces(a.person) ||
        byNameThenId(a, b),
    );
}

/**
 * Students for a mentor: priority first (re-match, then carried forward: as the proposal), then
 * score moved by overlap (rankKey); ties: the longest-waiting application first.
 */
export function rankStudentsFor(
  mentor: MentorListItem,
  students: readonly StudentListItem[],
): Suggestion<StudentListItem>[] {
  return students
    .filter(studentCanBeMatched)
    .map((student) => suggestion(student, mentor, student))
    .sort(
      (a, b) =>
        priorityRank(b.person.matchPriority) - priorityRank(a.person.matchPriority) ||
        byRankKeyThenScore(a, b) ||
        a.person.createdAt.localeCompare(b.person.createdAt) ||
        byNameThenId(a, b),
    );
}
