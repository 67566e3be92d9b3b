import { apiPaths, withVersion, type StudentInput, type StudentRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

/** `version`: the record's updatedAt when the form opened (a record changed since is refused). */
export const updateStudent = ({
  id,
  input,
  version,
}: {
  id: string;
  input: StudentInput;
  version: string;
}) =>
  adminRequest<StudentRecord>(withVersion(apiPaths.admin.student(id), version), {
    method: 'PUT',
    body: input,
  });
