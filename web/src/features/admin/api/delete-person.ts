import { apiPaths, type DeletePersonResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';
import type { PersonKind } from './set-person-status';

/** DELETE /api/admin/{students|mentors}/:id (their pairs go in the same write). */
export const deletePerson = ({ kind, id }: { kind: PersonKind; id: string }) =>
  adminRequest<DeletePersonResponse>(
    kind === 'student' ? apiPaths.admin.student(id) : apiPaths.admin.mentor(id),
    { method: 'DELETE' },
  );

export const useDeletePerson = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePerson, onSuccess: () => invalidateAdminData(client) });
};
