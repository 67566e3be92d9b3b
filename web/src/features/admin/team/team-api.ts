/** The team's API calls (admin: list, invite, cancel an invitation, remove; public: accept, reset request). */
import {
  teamPaths,
  type AcceptInvitationResponse,
  type CreatedResponse,
  type MessageResponse,
  type PasskeysResetResponse,
  type TeamResponse,
} from '@mentorship/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { apiRequest } from '../../../lib/api-client';

export const teamKey = ['admin', 'team'] as const;

export const useTeam = () =>
  useQuery({ queryKey: teamKey, queryFn: () => adminRequest<TeamResponse>(teamPaths.team) });

/**
 * The team read again after a change. A read still on its way (the page's first, which the
 * invitation form does not wait for) started before the change: it is dropped, not awaited,
 * since React Query would otherwise hand back its older answer instead of reading again.
 */
async function readTeamAgain(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: teamKey });
  await client.invalidateQueries({ queryKey: teamKey });
}

export const useInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      adminRequest<CreatedResponse & MessageResponse>(teamPaths.invitations, {
        method: 'POST',
        body: { email },
      }),
    onSuccess: () => readTeamAgain(client),
  });
};

/** Deletes what `path` names by its id; the team is read again whether it worked or not. */
const useTeamDelete = <T = MessageResponse>(path: (id: string) => string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest<T>(path(id), { method: 'DELETE' }),
    onSettled: () => readTeamAgain(client),
  });
};

/** Removes a coordinator, by uid. */
export const useRemoveCoordinator = () => useTeamDelete(teamPaths.member);

export const useCancelInvitation = () => useTeamDelete(teamPaths.invitation);

export const acceptInvitation = (token: string, password: string) =>
  apiRequest<AcceptInvitationResponse>(teamPaths.acceptInvitation, {
    method: 'POST',
    body: { token, password },
  });

export const requestPasswordReset = (email: string) =>
  apiRequest<MessageResponse>(teamPaths.passwordReset, { method: 'POST', body: { email } });

/** The new password of a reset link, through the server's password policy. */
export const confirmPasswordReset = (oobCode: string, password: string) =>
  apiRequest<MessageResponse>(teamPaths.passwordResetConfirm, {
    method: 'POST',
    body: { oobCode, password },
  });

/** The signed-in coordinator's new password, through the server's password policy. */
export const changePassword = (password: string) =>
  adminRequest<MessageResponse>(teamPaths.changePassword, { method: 'POST', body: { password } });

/**
 * Another coordinator's passkeys (they lost their device): removed, their sessions ended; answers
 * the enrolment code to hand over for their new one.
 */
export const useResetPasskeys = () =>
  useTeamDelete<PasskeysResetResponse>(teamPaths.memberPasskeys);
