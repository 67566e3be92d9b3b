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

const rankKey = (s: Suggestion<unknown>) => overlapRankKey(s.match.score, s.overlapHours);

const byName = (a: { fullName: string }, b: { fullName: string }) =>
  a.fullName.localeCompare(b.fullName);

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
    .map((mentor) => ({
      person: mentor,
      match: matchScore(mentor, student),
      overlapHours: workingHoursOverlap(student.timeZone, mentor.timeZone),
    }))
    .sort(
      (a, b) =>
        rankKey(b) - rankKey(a) ||
        b.match.score - a.match.score ||
        freePlaces(b.person) - freePlaces(a.person) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
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
    .map((student) => ({
      person: student,
      match: matchScore(mentor, student),
      overlapHours: workingHoursOverlap(student.timeZone, mentor.timeZone),
    }))
    .sort(
      (a, b) =>
        priorityRank(b.person.matchPriority) - priorityRank(a.person.matchPriority) ||
        rankKey(b) - rankKey(a) ||
        b.match.score - a.match.score ||
        a.person.createdAt.localeCompare(b.person.createdAt) ||
        byName(a.person, b.person) ||
        a.person.id.localeCompare(b.person.id),
    );
}
