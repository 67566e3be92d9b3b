/** Student use cases for the admin area and the public application. */
import {
  CONFLICT_MESSAGES,
  type DeletePersonResponse,
  type StatusResponse,
  type StudentInput,
  type StudentListItem,
  type StudentRecord,
} from '@mentorship/domain';
import type { PublicApplication } from '../registrations/public-application';
import { ApiError } from '../http/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { NOT_FOUND } from '../shared/not-found';
import * as repository from './repository';

const raceToConflict = (error: unknown): never => {
  if (isAlreadyExists(error)) {
    throw new ApiError('already-exists', CONFLICT_MESSAGES.duplicateStudentEmail, {
      emailAddress: CONFLICT_MESSAGES.duplicateStudentEmail,
    });
  }
  throw error;
};

export const listStudents = (limit?: number): Promise<StudentListItem[]> =>
  repository.listStudents(limit);

export async function getStudent(id: string): Promise<StudentRecord> {
  const student = await repository.getStudent(id);
  if (!student) throw new ApiError('not-found', NOT_FOUND.student);
  return student;
}

/**
 * Creates the student (409 when the e-mail is taken). A public `application` brings
 * its client's rate-limit counter into the creating transaction (see registrations).
 */
export const createStudent = (
  input: StudentInput,
  application?: PublicApplication,
): Promise<string> => repository.createStudent(input, application);

export const updateStudent = (id: string, input: StudentInput): Promise<StudentRecord> =>
  repository.updateStudent(id, input).catch(raceToConflict);

export const setStudentStatus = (id: string, isActive: boolean): Promise<StatusResponse> =>
  repository.setStudentStatus(id, isActive);

export const deleteStudent = (id: string): Promise<DeletePersonResponse> =>
  repository.deleteStudent(id);
