/** The matching endpoints, one function and one hook each. */
import {
  matchingPaths,
  type ApplyMatchesResponse,
  type PairKey,
  type ProposalResponse,
} from '@mentorship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';

/** The proposal for one cohort (its id), or for every cohort (null). */
export const requestProposal = (cohortId: string | null) =>
  adminRequest<ProposalResponse>(matchingPaths.proposal, { method: 'POST', body: { cohortId } });

/** Creates `pairs`; the server counts them in `workProgress/{progressId}` as it goes. */
export const applyPairs = ({ pairs, progressId }: { pairs: PairKey[]; progressId: string }) =>
  adminRequest<ApplyMatchesResponse>(matchingPaths.apply, {
    method: 'POST',
    body: { pairs, progress: { id: progressId, offset: 0, total: pairs.length } },
  });

/** Computing a proposal reads current data but changes nothing: a mutation only because it is a POST. */
export const useProposal = () => useMutation({ mutationFn: requestProposal });

/**
 * Applying creates pairs: what the admin area reads through the API (a person's record,
 * history, pairs) is read again; the dashboard's lists are live and follow by themselves.
 */
export const useApplyPairs = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyPairs,
    onSettled: () => client.invalidateQueries(),
  });
};
