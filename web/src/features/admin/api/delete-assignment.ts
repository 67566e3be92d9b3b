import { apiPaths, type MessageResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const deleteAssignment = (id: string) =>
  adminRequest<MessageResponse>(apiPaths.admin.assignment(id), { method: 'DELETE' });

export const useDeleteAssignment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () => invalidateAdminData(client),
  });
};
