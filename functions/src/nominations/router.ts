/**
 * Nominations: the nominator's public one-click answer (POST { token, answer, note? } from the
 * page the e-mail links to, limited per link like the other one-click doors), and the
 * coordinators' reads (behind requireAdmin, like all of /api/admin): one student's nomination on
 * their page, and the ids of the students in one nomination state for the students list's filter.
 */
import { Router, type RequestHandler } from 'express';
import {
  isDocumentId,
  NOMINATION_FILTERS,
  nominationAnswerSchema,
  API,
  type NominationFilter,
} from '@mentorship/domain';
import { linkRoute } from '../http/route';
import { DomainError } from '../shared/errors';
import { answerNomination, nominationOf, studentIdsWithNomination } from './service';

export function createNominationsPublicRouter(limiter: RequestHandler): Router {
  const router = Router();
  linkRoute(
    router,
    API.nominationAnswer.path,
    limiter,
    nominationAnswerSchema,
    ({ token, answer, note }) => answerNomination(token, answer, note ?? null),
  );
  return router;
}

export const nominationsAdminRouter = Router();

nominationsAdminRouter.get(API.studentNomination.path, async (req, res) => {
  const id = String(req.params.id);
  const view = isDocumentId(id) ? await nominationOf(id) : null;
  if (!view) throw new DomainError('not-found', 'Student not found');
  res.json(view);
});

nominationsAdminRouter.get(API.nominations.path, async (req, res) => {
  const state = String(req.query.state ?? '');
  if (!(NOMINATION_FILTERS as readonly string[]).includes(state)) {
    throw new DomainError('invalid-argument', 'Unknown nomination filter.', {
      state: `Choose one of: ${NOMINATION_FILTERS.join(', ')}.`,
    });
  }
  res.json({ ids: await studentIdsWithNomination(state as NominationFilter) });
});
