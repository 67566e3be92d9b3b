/**
 * /api/admin/matching (mounted behind requireAdmin):
 * POST /proposal {} -> ProposalResponse; POST /apply {pairs} -> ApplyMatchesResponse.
 */
import { Router } from 'express';
import { applyMatchesSchema, matchingPaths, proposalRequestSchema } from '@mentorship/domain';
import { withBody } from '../http/route';
import { applyMatches, buildProposal } from './service';

export const matchingRouter = Router();

matchingRouter.post(
  matchingPaths.proposal,
  withBody(proposalRequestSchema, async ({ cohortId }, _req, res) => {
    res.json(await buildProposal(cohortId ?? null));
  }),
);

matchingRouter.post(
  matchingPaths.apply,
  withBody(applyMatchesSchema, async ({ pairs, progress }, _req, res) => {
    res.json(await applyMatches(pairs, progress));
  }),
);
