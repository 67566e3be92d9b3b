import { apiPaths, type Stats } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';

export const getStats = (): Promise<Stats> => adminRequest<Stats>(apiPaths.admin.stats);

export const useStats = () => useQuery({ queryKey: adminKeys.stats, queryFn: getStats });
