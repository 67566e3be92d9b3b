import {
  apiPaths,
  decodeTable,
  LIST_LIMIT_PARAM,
  type StudentListItem,
  type TableResponse,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

/** All students, newest first; with `limit`, only the newest `limit` of them. */
export const getStudents = async (limit?: number): Promise<StudentListItem[]> =>
  decodeTable(
    await adminRequest<TableResponse<StudentListItem>>(
      limit === undefined
        ? apiPaths.admin.students
        : `${apiPaths.admin.students}?${LIST_LIMIT_PARAM}=${limit}`,
    ),
  );

export const useStudents = () =>
  useQuery({ queryKey: adminKeys.students, queryFn: () => getStudents() });
