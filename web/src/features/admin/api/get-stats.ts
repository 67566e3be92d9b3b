import { apiPaths, type Stats } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getStats = (): Promise<Stats> => adminRequest<Stats>(apiPaths.admin.stats);

/** The server's counts; the dashboard stops asking once it counts its whole live lists. */
export const useStats = (enabled = true) =>
  useQuery({ queryKey: adminKeys.stats, queryFn: getStats, enabled });
