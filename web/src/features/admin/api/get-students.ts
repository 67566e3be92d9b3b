import { apiPaths, type StudentListItem } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { getList } from './get-list';
import { adminKeys } from './query-keys';

/** All students, newest first; with `limit`, only the newest `limit` of them. */
export const getStudents = (limit?: number): Promise<StudentListItem[]> =>
  getList<StudentListItem>(apiPaths.admin.students, limit);

export const useStudents = () =>
  useQuery({ queryKey: adminKeys.students, queryFn: () => getStudents() });
