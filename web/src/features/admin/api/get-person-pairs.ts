import { apiPaths, type PersonPairsResponse } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';
import type { PersonKind } from './set-person-status';

/** GET .../pairs: every pair of one person, active or not, newest first. */
export const usePersonPairs = (kind: PersonKind, id: string) =>
  useQuery({
    queryKey: adminKeys.personPairs(id),
    queryFn: async () =>
      (
        await adminRequest<PersonPairsResponse>(
          kind === 'student' ? apiPaths.admin.studentPairs(id) : apiPaths.admin.mentorPairs(id),
        )
      ).pairs,
  });
