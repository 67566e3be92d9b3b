import {
  apiPaths,
  decodeTable,
  LIST_LIMIT_PARAM,
  type MentorListItem,
  type TableResponse,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

/** All mentors, newest first; with `limit`, only the newest `limit` of them. */
export const getMentors = async (limit?: number): Promise<MentorListItem[]> =>
  decodeTable(
    await adminRequest<TableResponse<MentorListItem>>(
      limit === undefined
        ? apiPaths.admin.mentors
        : `${apiPaths.admin.mentors}?${LIST_LIMIT_PARAM}=${limit}`,
    ),
  );

export const useMentors = () =>
  useQuery({ queryKey: adminKeys.mentors, queryFn: () => getMentors() });
