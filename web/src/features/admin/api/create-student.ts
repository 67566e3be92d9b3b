import { apiPaths, type CreatedResponse, type StudentInput } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const createStudent = (input: StudentInput): Promise<CreatedResponse> =>
  adminRequest<CreatedResponse>(apiPaths.admin.students, { method: 'POST', body: input });

export const useCreateStudent = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createStudent, onSuccess: () => invalidateAdminData(client) });
};
