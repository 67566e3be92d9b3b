import { apiPaths, type BulkStatusResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const bulkStatusAssignments = (input: { assignmentIds: string[]; isActive: boolean }) =>
  adminRequest<BulkStatusResponse>(apiPaths.admin.assignmentsBulkStatus, {
    method: 'POST',
    body: input,
  });

export const useBulkStatusAssignments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkStatusAssignments,
    onSuccess: () => invalidateAdminData(client),
  });
};
