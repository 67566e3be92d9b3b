import { apiPaths, bulkMessages, type BulkDeleteResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { inChunks } from './in-chunks';
import { invalidateAdminData } from './query-keys';

const deleteChunk = (assignmentIds: string[]) =>
  adminRequest<BulkDeleteResponse>(apiPaths.admin.assignmentsBulkDelete, {
    method: 'POST',
    body: { assignmentIds },
  });

/** Deletes the selection, in several calls when it is larger than one call takes. */
export const bulkDeleteAssignments = (assignmentIds: string[]): Promise<BulkDeleteResponse> =>
  inChunks(
    assignmentIds,
    deleteChunk,
    (a, b) => {
      const deleted = a.deleted + b.deleted;
      return { deleted, message: bulkMessages.deleted(deleted) };
    },
    (sum) => sum.message,
  );

export const useBulkDeleteAssignments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteAssignments,
    // Also after a partial failure: what was deleted must leave the lists.
    onSettled: () => invalidateAdminData(client),
  });
};
