import {
  apiPaths,
  decodeTable,
  LIST_LIMIT_PARAM,
  type AssignmentRecord,
  type TableResponse,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

/** All assignments, newest first; with `limit`, only the newest `limit` of them. */
export const getAssignments = async (limit?: number): Promise<AssignmentRecord[]> =>
  decodeTable(
    await adminRequest<TableResponse<AssignmentRecord>>(
      limit === undefined
        ? apiPaths.admin.assignments
        : `${apiPaths.admin.assignments}?${LIST_LIMIT_PARAM}=${limit}`,
    ),
  );

export const useAssignments = () =>
  useQuery({ queryKey: adminKeys.assignments, queryFn: () => getAssignments() });
