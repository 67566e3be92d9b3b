import { apiPaths, type MentorRecord } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getMentor = (id: string): Promise<MentorRecord> =>
  adminRequest<MentorRecord>(apiPaths.admin.mentor(id));

export const useMentor = (id: string) =>
  useQuery({ queryKey: adminKeys.mentor(id), queryFn: () => getMentor(id) });
