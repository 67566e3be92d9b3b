import { apiPaths, withVersion, type MentorInput, type MentorRecord } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

/** `version`: the record's updatedAt when the form opened (a record changed since is refused). */
export const updateMentor = ({
  id,
  input,
  version,
}: {
  id: string;
  input: MentorInput;
  version: string;
}) =>
  adminRequest<MentorRecord>(withVersion(apiPaths.admin.mentor(id), version), {
    method: 'PUT',
    body: input,
  });
