import { apiPaths, type MentorRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const getMentor = (id: string): Promise<MentorRecord> =>
  adminRequest<MentorRecord>(apiPaths.admin.mentor(id));
