/**
 * Who can be matched: the one home of these rules, used by the server's pair checks, the
 * whole-cohort proposal's candidates and the admin screens' suggestions.
 */
import { MENTOR_CAPACITY } from './options';

/** The two kinds of people the program has (records, routes, locks, e-mails, history). */
export type PersonKind = 'student' | 'mentor';

interface MentorPlaces {
  capacity?: number | null;
  activeStudentCount?: number | null;
}

/** Places a mentor has left: capacity (default 1) minus active students, never below 0. */
export const freePlaces = (mentor: MentorPlaces): number =>
  Math.max(0, (mentor.capacity ?? MENTOR_CAPACITY.default) - (mentor.activeStudentCount ?? 0));

/** An active mentor with at least one free place. */
export const mentorCanTakeStudent = (mentor: MentorPlaces & { isActive: boolean }): boolean =>
  mentor.isActive === true && freePlaces(mentor) > 0;

/** An active student without an active pair. */
export const studentCanBeMatched = (student: {
  isActive: boolean;
  activePairId?: string | null;
}): boolean => student.isActive === true && !student.activePairId;
