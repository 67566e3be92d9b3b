import { apiPaths, type ListResponse, type MentorListItem } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getMentors = async (): Promise<MentorListItem[]> =>
  (await adminRequest<ListResponse<MentorListItem>>(apiPaths.admin.mentors)).items;

export const useMentors = () => useQuery({ queryKey: adminKeys.mentors, queryFn: getMentors });
