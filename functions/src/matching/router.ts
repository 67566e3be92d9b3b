/**
 * /api/admin/matching (mounted behind requireAdmin):
 * POST /proposal {} -> ProposalResponse; POST /apply {pairs} -> ApplyMatchesResponse.
 */
import { Router } from 'express';
import {
  applyMatchesSchema,
  proposalRequestSchema,
  type ApplyMatchesInput,
} from '@mentorship/domain';
import { validate } from '../http/validate';
import { applyMatches, buildProposal } from './service';

export const matchingRouter = Router();

matchingRouter.post('/proposal', validate(proposalRequestSchema), async (_req, res) => {
  res.json(await buildProposal());
});

matchingRouter.post('/apply', validate(applyMatchesSchema), async (req, res) => {
  const { pairs } = req.body as ApplyMatchesInput;
  res.json(await applyMatches(pairs));
});
