import { apiPaths, type StudentRecord } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getStudent = (id: string): Promise<StudentRecord> =>
  adminRequest<StudentRecord>(apiPaths.admin.student(id));

export const useStudent = (id: string) =>
  useQuery({ queryKey: adminKeys.student(id), queryFn: () => getStudent(id) });
