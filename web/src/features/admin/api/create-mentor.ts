import { apiPaths, type CreatedResponse, type MentorInput } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const createMentor = (input: MentorInput): Promise<CreatedResponse> =>
  adminRequest<CreatedResponse>(apiPaths.admin.mentors, { method: 'POST', body: input });
