import { apiPaths, type PersonAssignmentsResponse } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';
import type { PersonKind } from './set-person-status';

/** GET .../assignments: every assignment of one person, active or not, newest first. */
export const usePersonAssignments = (kind: PersonKind, id: string) =>
  useQuery({
    queryKey: adminKeys.personAssignments(id),
    queryFn: async () =>
      (
        await adminRequest<PersonAssignmentsResponse>(
          kind === 'student'
            ? apiPaths.admin.studentAssignments(id)
            : apiPaths.admin.mentorAssignments(id),
        )
      ).assignments,
  });
