/**
 * The dashboard's pair use cases (the spec's Assignments tab and Create Assignment, through
 * `/api/admin/assignments`). The pair module owns the pair (pairs/transitions.ts): a
 * pair is created, paused, resumed and deleted there, each in one transaction; this file runs
 * them and shapes the answers.
 */
import {
  type PairRecord,
  bulkMessages,
  type BulkDeleteResponse,
  type BulkStatusResponse,
  type CreatePairInput,
  type ProgressInput,
  type StatusResponse,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { toPairRecord } from '../shared/records';
import { progressReporter } from '../shared/work-progress';
import { createPair, deletePairs, setPairActive } from './transitions';
import { duplicatePair } from './rules';

/**
 * Creates an active pair (the admin form and the matching proposal both call it). Throws
 * DomainError: 404 when either person is missing; 409 when the mentor or student is inactive, the
 * student already has an active pair, the pair already exists or the mentor has no free
 * place.
 */
export async function makePair(
  input: CreatePairInput,
  detail: string | null = null,
): Promise<PairRecord> {
  try {
    const { pair } = await runTransaction((tx) => createPair(tx, input, detail));
    return toPairRecord(pair.id, pair.doc);
  } catch (error) {
    // A concurrent request created the same pair between our read and our commit.
    if (isAlreadyExists(error)) throw duplicatePair();
    throw error;
  }
}

export async function deletePair(id: string): Promise<void> {
  await runTransaction((tx) => deletePairs(tx, [id], true));
}

export async function setPairStatus(id: string, isActive: boolean): Promise<StatusResponse> {
  await runTransaction((tx) => setPairActive(tx, id, isActive));
  return { id, isActive };
}

export async function bulkDeletePairs(
  ids: string[],
  progress?: ProgressInput,
): Promise<BulkDeleteResponse> {
  const report = progressReporter(progress, 'pairs.delete');
  // One transaction for the call: its progress is the call's end.
  const { deleted } = await runTransaction((tx) => deletePairs(tx, ids));
  await report.end(ids.length);
  return { message: bulkMessages.deleted(deleted), deleted };
}

/**
 * Changes each pair in its own transaction, one after another, so that activating several
 * pairs of one mentor re-checks capacity against the ones just activated. Each id either
 * changes or is reported with the reason.
 */
export async function bulkSetPairStatus(
  ids: string[],
  isActive: boolean,
  progress?: ProgressInput,
): Promise<BulkStatusResponse> {
  const report = progressReporter(progress, isActive ? 'pairs.activate' : 'pairs.deactivate');
  const updated: string[] = [];
  const failed: BulkStatusResponse['failed'] = [];
  const unique = [...new Set(ids)];
  for (const [index, id] of unique.entries()) {
    try {
      await setPairStatus(id, isActive);
      updated.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ id, message: error.message });
    }
    await report.step(index + 1);
  }
  // Counted against the ids sent, repeated ones included, as the browser counts its selection.
  await report.end(ids.length);
  return { message: bulkMessages.status(isActive, updated.length, failed.length), updated, failed };
}
