/**
 * Assignment use cases. `createAssignment` is the one way an assignment is made (the admin form
 * and the matching proposal both call it): every rule is checked in the transaction that writes.
 */
import {
  type AssignmentRecord,
  bulkMessages,
  type BulkDeleteResponse,
  type BulkStatusResponse,
  type CreateAssignmentInput,
  type StatusResponse,
} from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import * as repository from './repository';
import { duplicatePair } from './rules';

export const listAssignments = (limit?: number): Promise<AssignmentRecord[]> =>
  repository.listAssignments(limit);

/**
 * Creates an active assignment. Throws DomainError: 404 when either person is missing; 409 when the
 * mentor or student is inactive, the student already has an active assignment, the pair already
 * exists or the mentor has no free place.
 */
export async function createAssignment(
  input: CreateAssignmentInput,
  detail: string | null = null,
): Promise<AssignmentRecord> {
  try {
    return await repository.insertAssignment(input, detail);
  } catch (error) {
    // A concurrent request created the same pair between our read and our commit.
    if (isAlreadyExists(error)) throw duplicatePair();
    throw error;
  }
}

export const deleteAssignment = (id: string): Promise<void> => repository.removeAssignment(id);

export const setAssignmentStatus = (id: string, isActive: boolean): Promise<StatusResponse> =>
  repository.changeAssignmentStatus(id, isActive);

export async function bulkDeleteAssignments(ids: string[]): Promise<BulkDeleteResponse> {
  const deleted = await repository.removeAssignments(ids);
  return { message: bulkMessages.deleted(deleted), deleted };
}

/**
 * Changes each assignment in its own transaction, one after another, so that activating several
 * assignments of one mentor re-checks capacity against the ones just activated. Each id either
 * changes or is reported with the reason.
 */
export async function bulkSetAssignmentStatus(
  ids: string[],
  isActive: boolean,
): Promise<BulkStatusResponse> {
  const updated: string[] = [];
  const failed: BulkStatusResponse['failed'] = [];
  for (const id of new Set(ids)) {
    try {
      await repository.changeAssignmentStatus(id, isActive);
      updated.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ id, message: error.message });
    }
  }
  return { message: bulkMessages.status(isActive, updated.length, failed.length), updated, failed };
}
