import { apiPaths, type PairRecord, type CreatePairInput } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const createPair = (input: CreatePairInput) =>
  adminRequest<PairRecord>(apiPaths.admin.pairs, { method: 'POST', body: input });

export const useCreatePair = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPair,
    onSuccess: () => invalidateAdminData(client),
  });
};
