import { apiPaths, type AssignmentRecord, type ListResponse } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getAssignments = async (): Promise<AssignmentRecord[]> =>
  (await adminRequest<ListResponse<AssignmentRecord>>(apiPaths.admin.assignments)).items;

export const useAssignments = () =>
  useQuery({ queryKey: adminKeys.assignments, queryFn: getAssignments });
