import type { Stats } from '@mentorship/domain';
import { readStats } from './repository';

/** The five dashboard numbers; `totalAssignments` counts active and inactive assignments. */
export const getStats = (): Promise<Stats> => readStats();
