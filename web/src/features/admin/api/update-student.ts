import { apiPaths, type StudentInput, type StudentRecord } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const updateStudent = ({ id, input }: { id: string; input: StudentInput }) =>
  adminRequest<StudentRecord>(apiPaths.admin.student(id), { method: 'PUT', body: input });

export const useUpdateStudent = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateStudent, onSuccess: () => invalidateAdminData(client) });
};
