import { apiPaths, type CreatedResponse, type MentorInput } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const createMentor = (input: MentorInput): Promise<CreatedResponse> =>
  adminRequest<CreatedResponse>(apiPaths.admin.mentors, { method: 'POST', body: input });

export const useCreateMentor = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createMentor, onSuccess: () => invalidateAdminData(client) });
};
