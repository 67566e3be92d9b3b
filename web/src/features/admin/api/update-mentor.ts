import { apiPaths, type MentorInput, type MentorRecord } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const updateMentor = ({ id, input }: { id: string; input: MentorInput }) =>
  adminRequest<MentorRecord>(apiPaths.admin.mentor(id), { method: 'PUT', body: input });

export const useUpdateMentor = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateMentor, onSuccess: () => invalidateAdminData(client) });
};
