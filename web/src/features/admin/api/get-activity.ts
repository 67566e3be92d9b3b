import { apiPaths, type AuditEntry } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

/** The newest 200 history entries (what coordinators changed), newest first. */
export const useActivity = () =>
  useQuery({
    queryKey: adminKeys.activity,
    queryFn: async () =>
      (await adminRequest<{ entries: AuditEntry[] }>(`${apiPaths.admin.activity}?limit=200`))
        .entries,
  });

/** One person's history (every entry that concerns them), newest first. */
export const usePersonActivity = (id: string) =>
  useQuery({
    queryKey: adminKeys.personActivity(id),
    queryFn: async () =>
      (
        await adminRequest<{ entries: AuditEntry[] }>(
          `${apiPaths.admin.activity}?person=${encodeURIComponent(id)}`,
        )
      ).entries,
  });
