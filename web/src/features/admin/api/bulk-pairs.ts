/**
 * The dashboard's bulk actions on pairs (delete, activate, deactivate). Each sends the
 * selection in as many calls as it takes (in-chunks.ts) and sums their answers; afterwards the
 * lists are read again, also after a partial failure: what changed must show.
 */
import {
  apiPaths,
  bulkMessages,
  type BulkDeleteResponse,
  type BulkStatusResponse,
} from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { inChunks } from './in-chunks';
import { invalidateAdminData } from './query-keys';

/**
 * POSTs `assignmentIds` (and `also`) to `path`, chunk by chunk, and folds the answers with `add`.
 * Every call names the action's `progressId` and where its chunk starts, so the server counts the
 * whole selection in one `workProgress` document.
 */
const inBulk = <R extends { message: string }>(
  path: string,
  assignmentIds: string[],
  progressId: string,
  also: Record<string, unknown>,
  add: (sum: R, next: R) => R,
): Promise<R> =>
  inChunks(
    assignmentIds,
    (chunk, offset) =>
      adminRequest<R>(path, {
        method: 'POST',
        body: {
          assignmentIds: chunk,
          progress: { id: progressId, offset, total: assignmentIds.length },
          ...also,
        },
      }),
    add,
    (sum) => sum.message,
  );

const useBulkMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateAdminData(client) });
};

export const useBulkDeletePairs = () =>
  useBulkMutation(
    ({ assignmentIds, progressId }: { assignmentIds: string[]; progressId: string }) =>
      inBulk<BulkDeleteResponse>(
        apiPaths.admin.pairsBulkDelete,
        assignmentIds,
        progressId,
        {},
        (a, b) => {
          const deleted = a.deleted + b.deleted;
          return { deleted, message: bulkMessages.deleted(deleted) };
        },
      ),
  );

/** Activates (`isActive`) or deactivates the selection. */
export const useBulkStatusPairs = () =>
  useBulkMutation(
    ({
      assignmentIds,
      isActive,
      progressId,
    }: {
      assignmentIds: string[];
      isActive: boolean;
      progressId: string;
    }) =>
      inBulk<BulkStatusResponse>(
        apiPaths.admin.pairsBulkStatus,
        assignmentIds,
        progressId,
        { isActive },
        (a, b) => {
          const updated = [...a.updated, ...b.updated];
          const failed = [...a.failed, ...b.failed];
          return {
            updated,
            failed,
            message: bulkMessages.status(isActive, updated.length, failed.length),
          };
        },
      ),
  );
