/** The nominator's one-click answer, by the token of the e-mailed link. */
import {
  nominationPaths,
  type NominationAnswer,
  type NominationAnswered,
} from '@mentorship/domain';
import { apiRequest } from '../../lib/api-client';

export const answerNomination = (token: string, answer: NominationAnswer, note: string | null) =>
  apiRequest<NominationAnswered>(nominationPaths.answer, {
    method: 'POST',
    body: { token, answer, note },
  });
