import { apiPaths, type MessageResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const deletePair = (id: string) =>
  adminRequest<MessageResponse>(apiPaths.admin.pair(id), { method: 'DELETE' });

export const useDeletePair = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePair,
    onSuccess: () => invalidateAdminData(client),
  });
};
