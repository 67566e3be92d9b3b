/**
 * Assignment use cases of the admin API. The pair module owns the pair (pairs/transitions.ts): a
 * pair is created, paused, resumed and deleted there, each in one transaction; this file runs
 * them and shapes the answers.
 */
import {
  type AssignmentRecord,
  bulkMessages,
  type BulkDeleteResponse,
  type BulkStatusResponse,
  type CreateAssignmentInput,
  type StatusResponse,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { toAssignmentRecord } from '../shared/records';
import {
  listAssignments as listPairs,
  duplicatePair,
  createPair,
  deletePairs,
  setPairActive,
} from '../pairs';

export const listAssignments = (limit?: number): Promise<AssignmentRecord[]> => listPairs(limit);

/**
 * Creates an active assignment (the admin form and the matching proposal both call it). Throws
 * DomainError: 404 when either person is missing; 409 when the mentor or student is inactive, the
 * student already has an active assignment, the pair already exists or the mentor has no free
 * place.
 */
export async function createAssignment(
  input: CreateAssignmentInput,
  detail: string | null = null,
): Promise<AssignmentRecord> {
  try {
    const { pair } = await runTransaction((tx) => createPair(tx, input, detail));
    return toAssignmentRecord(pair.id, pair.doc);
  } catch (error) {
    // A concurrent request created the same pair between our read and our commit.
    if (isAlreadyExists(error)) throw duplicatePair();
    throw error;
  }
}

export async function deleteAssignment(id: string): Promise<void> {
  await runTransaction((tx) => deletePairs(tx, [id], true));
}

export async function setAssignmentStatus(id: string, isActive: boolean): Promise<StatusResponse> {
  await runTransaction((tx) => setPairActive(tx, id, isActive));
  return { id, isActive };
}

export async function bulkDeleteAssignments(ids: string[]): Promise<BulkDeleteResponse> {
  const { deleted } = await runTransaction((tx) => deletePairs(tx, ids));
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
      await setAssignmentStatus(id, isActive);
      updated.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ id, message: error.message });
    }
  }
  return { message: bulkMessages.status(isActive, updated.length, failed.length), updated, failed };
}
