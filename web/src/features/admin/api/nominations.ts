/** A student's nomination as their page shows it, and the ids a nomination filter keeps. */
import { nominationPaths, type NominationFilter, type NominationView } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const getNomination = (studentId: string) =>
  adminRequest<NominationView>(nominationPaths.ofStudent(studentId));

export const nominatedIds = (state: NominationFilter) =>
  adminRequest<{ ids: string[] }>(`${nominationPaths.list}?state=${state}`).then(
    (answer) => new Set(answer.ids),
  );
