import { apiPaths, type ListResponse, type StudentListItem } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getStudents = async (): Promise<StudentListItem[]> =>
  (await adminRequest<ListResponse<StudentListItem>>(apiPaths.admin.students)).items;

export const useStudents = () => useQuery({ queryKey: adminKeys.students, queryFn: getStudents });
