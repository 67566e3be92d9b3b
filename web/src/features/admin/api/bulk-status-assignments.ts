import { apiPaths, bulkMessages, type BulkStatusResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { inChunks } from './in-chunks';
import { invalidateAdminData } from './query-keys';

/** Activates or deactivates the selection, in several calls when it is larger than one takes. */
export const bulkStatusAssignments = ({
  assignmentIds,
  isActive,
}: {
  assignmentIds: string[];
  isActive: boolean;
}): Promise<BulkStatusResponse> =>
  inChunks(
    assignmentIds,
    (chunk) =>
      adminRequest<BulkStatusResponse>(apiPaths.admin.assignmentsBulkStatus, {
        method: 'POST',
        body: { assignmentIds: chunk, isActive },
      }),
    (a, b) => {
      const updated = [...a.updated, ...b.updated];
      const failed = [...a.failed, ...b.failed];
      return {
        updated,
        failed,
        message: bulkMessages.status(isActive, updated.length, failed.length),
      };
    },
    (sum) => sum.message,
  );

export const useBulkStatusAssignments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkStatusAssignments,
    // Also after a partial failure: what changed must show.
    onSettled: () => invalidateAdminData(client),
  });
};
