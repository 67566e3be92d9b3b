/** Mentor use cases for the admin area and the public application. */
import {
  CONFLICT_MESSAGES,
  type DeletePersonResponse,
  type StatusResponse,
  type MentorInput,
  type MentorListItem,
  type MentorRecord,
} from '@mentorship/domain';
import type { PublicApplication } from '../registrations/public-application';
import { ApiError } from '../http/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { NOT_FOUND } from '../shared/not-found';
import * as repository from './repository';

const raceToConflict = (error: unknown): never => {
  if (isAlreadyExists(error)) {
    throw new ApiError('already-exists', CONFLICT_MESSAGES.duplicateMentorEmail, {
      email: CONFLICT_MESSAGES.duplicateMentorEmail,
    });
  }
  throw error;
};

export const listMentors = (limit?: number): Promise<MentorListItem[]> =>
  repository.listMentors(limit);

export async function getMentor(id: string): Promise<MentorRecord> {
  const mentor = await repository.getMentor(id);
  if (!mentor) throw new ApiError('not-found', NOT_FOUND.mentor);
  return mentor;
}

/**
 * Creates the mentor (409 when the e-mail is taken). A public `application` brings
 * its client's rate-limit counter into the creating transaction (see registrations).
 */
export const createMentor = (
  input: MentorInput,
  application?: PublicApplication,
): Promise<string> => repository.createMentor(input, application);

export const updateMentor = (id: string, input: MentorInput): Promise<MentorRecord> =>
  repository.updateMentor(id, input).catch(raceToConflict);

export const setMentorStatus = (id: string, isActive: boolean): Promise<StatusResponse> =>
  repository.setMentorStatus(id, isActive);

export const deleteMentor = (id: string): Promise<DeletePersonResponse> =>
  repository.deleteMentor(id);
