/**
 * Ranked suggestions for Create Assignment: the domain's one ranking
 * (packages/domain/src/matching/suggest.ts), which puts students to be re-matched and carried
 * forward first as the whole-cohort proposal does, then orders by the spec's match score.
 */
import { freePlaces, mentorCanTakeStudent, studentCanBeMatched } from '@mentorship/domain';

export {
  rankMentorsFor as rankMentors,
  rankStudentsFor as rankStudents,
  type Suggestion,
} from '@mentorship/domain';

/** The domain's rules (packages/domain/src/people.ts), under the names this screen uses. */
export { freePlaces };
export const mentorIsAvailable = mentorCanTakeStudent;
export const studentIsAvailable = studentCanBeMatched;
