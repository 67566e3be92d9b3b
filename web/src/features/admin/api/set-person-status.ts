import { apiPaths, type PersonKind, type StatusResponse } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';

export type { PersonKind };

/** PUT /api/admin/{students|mentors}/:id/status */
export const setPersonStatus = ({
  kind,
  id,
  isActive,
}: {
  kind: PersonKind;
  id: string;
  isActive: boolean;
}) =>
  adminRequest<StatusResponse>(
    kind === 'student' ? apiPaths.admin.studentStatus(id) : apiPaths.admin.mentorStatus(id),
    { method: 'PUT', body: { isActive } },
  );

export const useSetPersonStatus = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: setPersonStatus, onSuccess: () => invalidateAdminData(client) });
};
