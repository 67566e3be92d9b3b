import type { PairKey } from '@mentorship/domain';

export const pairKeyOf = (pair: PairKey): string => `${pair.mentorId}__${pair.studentId}`;
