import { apiPaths, type MentorInput, type MentorRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const updateMentor = ({ id, input }: { id: string; input: MentorInput }) =>
  adminRequest<MentorRecord>(apiPaths.admin.mentor(id), { method: 'PUT', body: input });
