import { apiPaths, type AssignmentRecord } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { getList } from './get-list';
import { adminKeys } from './query-keys';

/** All assignments, newest first; with `limit`, only the newest `limit` of them. */
export const getAssignments = (limit?: number): Promise<AssignmentRecord[]> =>
  getList<AssignmentRecord>(apiPaths.admin.assignments, limit);

export const useAssignments = () =>
  useQuery({ queryKey: adminKeys.assignments, queryFn: () => getAssignments() });
