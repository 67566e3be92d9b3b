import { apiPaths, type MentorListItem } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { getList } from './get-list';
import { adminKeys } from './query-keys';

/** All mentors, newest first; with `limit`, only the newest `limit` of them. */
export const getMentors = (limit?: number): Promise<MentorListItem[]> =>
  getList<MentorListItem>(apiPaths.admin.mentors, limit);

export const useMentors = () =>
  useQuery({ queryKey: adminKeys.mentors, queryFn: () => getMentors() });
