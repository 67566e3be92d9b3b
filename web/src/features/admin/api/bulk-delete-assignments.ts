import { apiPaths, type MessageResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const bulkDeleteAssignments = (assignmentIds: string[]) =>
  adminRequest<MessageResponse>(apiPaths.admin.assignmentsBulkDelete, {
    method: 'POST',
    body: { assignmentIds },
  });

export const useBulkDeleteAssignments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteAssignments,
    onSuccess: () => invalidateAdminData(client),
  });
};
