import { apiPaths, type ReviewDecision } from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from './query-keys';
import type { PersonKind } from './set-person-status';

export const reviewPerson = ({
  kind,
  id,
  decision,
  reason,
}: {
  kind: PersonKind;
  id: string;
  decision: ReviewDecision;
  reason?: string;
}) =>
  adminRequest<{ id: string; reviewStatus: string; isActive: boolean }>(
    kind === 'student' ? apiPaths.admin.studentReview(id) : apiPaths.admin.mentorReview(id),
    { method: 'PUT', body: decision === 'decline' ? { decision, reason } : { decision } },
  );

export const useReviewPerson = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: reviewPerson, onSuccess: () => invalidateAdminData(client) });
};
