/**
 * The team's routes. Admin (behind requireAdmin): GET /api/admin/team, POST
 * /api/admin/team/invitations, DELETE /api/admin/team/invitations/:id (cancel), DELETE
 * /api/admin/team/:id. Public, under their own rate-limit
 * scopes: POST /api/team/invitations/accept and POST /api/team/password-reset (also under the
 * door caps, abuse/door-caps.ts), POST /api/team/password-reset/confirm (the new password of a
 * reset link, through the one password policy). Admin: POST /api/admin/account/password.
 */
import { Router } from 'express';
import {
  TEAM_MESSAGES,
  acceptInvitationSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  SESSION_MESSAGES,
  inviteCoordinatorSchema,
  passwordResetRequestSchema,
  API,
  type AcceptInvitationResponse,
  type CreatedResponse,
  type MessageResponse,
} from '@mentorship/domain';
import { admitDoorRequest, withRetryAfter } from '../abuse/door-caps';
import { mailSenderOf } from '../abuse/rate-limit';
import { recordDoorRequest } from '../abuse/door-requests';
import type { CapsConfig } from '../abuse/public-caps';
import type { RateLimiter } from '../abuse/rate-limit';
import { requireJsonBody } from '../http/request-guards';
import { requireFreshAnswer } from '../shared/coordinator-sessions';
import { idOf, linkRoute, respondWith, routerWithIds, withBody } from '../http/route';
import {
  acceptInvitation,
  cancelInvitation,
  changePassword,
  confirmPasswordReset,
  inviteCoordinator,
  listTeam,
  removeCoordinator,
} from './service';

export const teamRouter = routerWithIds('Coordinator');

teamRouter.get(
  API.team.path,
  respondWith(() => listTeam()),
);

teamRouter.post(
  API.invitations.path,
  withBody(inviteCoordinatorSchema, async ({ email }, _req, res) => {
    const id = await inviteCoordinator(email);
    const body: CreatedResponse & MessageResponse = { id, message: TEAM_MESSAGES.invited(email) };
    res.status(201).json(body);
  }),
);

teamRouter.post(
  API.changePassword.path,
  withBody(changePasswordSchema, async ({ password }, req, res) => {
    const admin = req.admin;
    if (!admin) throw new Error('requireAdmin did not run');
    // A session left open, or taken over, does not change the password by itself.
    requireFreshAnswer(req.adminSession);
    await changePassword(admin.uid, admin.email ?? '', password);
    const body: MessageResponse = { message: SESSION_MESSAGES.passwordChanged };
    res.json(body);
  }),
);

// Before the member route: `invitations` is not a coordinator's id.
teamRouter.delete(API.invitation.path, async (req, res) => {
  const email = await cancelInvitation(idOf(req));
  const body: MessageResponse = { message: TEAM_MESSAGES.invitationCancelled(email) };
  res.json(body);
});

teamRouter.delete(API.teamMember.path, async (req, res) => {
  const email = await removeCoordinator(idOf(req));
  const body: MessageResponse = { message: TEAM_MESSAGES.removed(email) };
  res.json(body);
});

export function createPublicTeamRouter(
  limiters: { invitations: RateLimiter; passwordReset: RateLimiter },
  caps: CapsConfig,
): Router {
  const router = Router();
  linkRoute(
    router,
    API.acceptInvitation.path,
    limiters.invitations,
    acceptInvitationSchema,
    async ({ token, password }): Promise<AcceptInvitationResponse> =>
      acceptInvitation(token, password),
  );
  router.post(
    API.passwordReset.path,
    requireJsonBody,
    limiters.passwordReset,
    withBody(passwordResetRequestSchema, async ({ email }, _req, res) => {
      const mail = { kind: 'password-reset', sender: mailSenderOf(res), past: 'refuse' } as const;
      // Within the door's caps, the request is recorded; a trigger looks the address up and
      // queues the link (abuse/door-requests.ts): the same work and answer for every address.
      await withRetryAfter(res, () =>
        admitDoorRequest('password-reset', email, caps, mail, (tx) =>
          recordDoorRequest(tx, 'password-reset', email),
        ),
      );
      const body: MessageResponse = { message: TEAM_MESSAGES.passwordResetSent };
      res.status(202).json(body);
    }),
  );
  linkRoute(
    router,
    API.passwordResetConfirm.path,
    limiters.passwordReset,
    passwordResetConfirmSchema,
    async ({ oobCode, password }): Promise<MessageResponse> => {
      await confirmPasswordReset(oobCode, password);
      return { message: SESSION_MESSAGES.passwordChanged };
    },
  );
  return router;
}
