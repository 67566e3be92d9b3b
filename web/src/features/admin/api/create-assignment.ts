import { apiPaths, type AssignmentRecord, type CreateAssignmentInput } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export const createAssignment = (input: CreateAssignmentInput) =>
  adminRequest<AssignmentRecord>(apiPaths.admin.assignments, { method: 'POST', body: input });

export const useCreateAssignment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: () => invalidateAdminData(client),
  });
};
