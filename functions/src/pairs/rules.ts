/**
 * The rules an active pair must satisfy, checked on creation and on re-activation.
 * Pure: the repository reads the documents in its transaction and calls these before writing.
 */
import { CONFLICT_MESSAGES, freePlaces } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { NOT_FOUND } from '../shared/not-found';
import type { MentorDoc, StudentDoc } from '../shared/records';

export interface PairState {
  mentor: MentorDoc | undefined;
  student: StudentDoc | undefined;
}

const conflict = (message: string) => new DomainError('failed-precondition', message);

/** Both people exist and are active, the student is free and the mentor has a place left. */
export function assertCanBeActive({ mentor, student }: PairState): void {
  if (!mentor) throw new DomainError('not-found', NOT_FOUND.mentor);
  if (!student) throw new DomainError('not-found', NOT_FOUND.student);
  if (!mentor.isActive) throw conflict(CONFLICT_MESSAGES.inactiveMentor);
  if (!student.isActive) throw conflict(CONFLICT_MESSAGES.inactiveStudent);
  if (student.activePairId) throw conflict(CONFLICT_MESSAGES.studentAlreadyMatched);
  if (freePlaces(mentor) === 0) throw conflict(CONFLICT_MESSAGES.mentorFull);
}

/** The pair already has a pair (active or not): refuse a second one. */
export const duplicatePair = () =>
  new DomainError('already-exists', CONFLICT_MESSAGES.duplicatePair);
