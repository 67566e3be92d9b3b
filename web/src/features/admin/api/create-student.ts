import { apiPaths, type CreatedResponse, type StudentInput } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const createStudent = (input: StudentInput): Promise<CreatedResponse> =>
  adminRequest<CreatedResponse>(apiPaths.admin.students, { method: 'POST', body: input });
