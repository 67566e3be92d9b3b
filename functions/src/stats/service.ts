import type { Stats } from '@mentorship/domain';
import { readStats } from './repository';

/** The five dashboard numbers; `totalAssignments` counts active and inactive pairs. */
export const getStats = (cohortId: string | null = null): Promise<Stats> => readStats(cohortId);
