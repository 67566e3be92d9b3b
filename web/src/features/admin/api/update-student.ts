import { apiPaths, type StudentInput, type StudentRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const updateStudent = ({ id, input }: { id: string; input: StudentInput }) =>
  adminRequest<StudentRecord>(apiPaths.admin.student(id), { method: 'PUT', body: input });
