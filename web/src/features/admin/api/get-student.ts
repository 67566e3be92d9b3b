import { apiPaths, type StudentRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const getStudent = (id: string): Promise<StudentRecord> =>
  adminRequest<StudentRecord>(apiPaths.admin.student(id));
