/**
 * The passkey routes. The second step of a sign-in (behind requireSignedInCoordinator: a
 * coordinator's password session, not yet confirmed): POST /api/session/passkey/options,
 * POST /api/session/passkey/verify, POST /api/session/local-demo (local emulators only), and
 * sign-out, POST /api/session/end (any session of the coordinator's, ended or not). Admin
 * (behind requireAdmin): POST /api/admin/session/activity, POST
 * /api/admin/account/step-up/options, POST /api/admin/account/step-up, POST
 * /api/admin/account/passkeys/options, GET and POST /api/admin/account/passkeys, DELETE
 * /api/admin/account/passkeys/:id, DELETE /api/admin/team/:id/passkeys.
 */
import { Router, type Request } from 'express';
import {
  API,
  SESSION_MESSAGES,
  type ConfirmedSessionResponse,
  type MessageResponse,
  type OwnPasskeysResponse,
  type PasskeysResetResponse,
  type StepUpResponse,
} from '@mentorship/domain';
import { requireSignedInCoordinator } from '../http/authenticate';
import { requireJsonBody } from '../http/request-guards';
import { idOf, routerWithIds } from '../http/route';
import {
  coordinatorSecrets,
  endSession,
  openSession,
  requireFreshAnswer,
  sessionIdOf,
} from '../shared/coordinator-sessions';
import { DomainError } from '../shared/errors';
import { localDemoAllowed } from './local-demo';
import {
  addPasskey,
  addPasskeyOptions,
  ownPasskeys,
  removeOwnPasskey,
  resetPasskeys,
  sessionOptions,
  stepUp,
  stepUpOptions,
  verifySession,
} from './service';

const tokenOf = (req: Request) => {
  if (!req.admin)
    throw new DomainError('unauthenticated', 'Sign in as an administrator to continue.');
  return req.admin;
};

/** The WebAuthn answer in `{ response }`: an object the library checks field by field. */
const answerOf = (req: Request): unknown => {
  const body = req.body as { response?: unknown } | undefined;
  if (typeof body?.response !== 'object' || body.response === null) {
    throw new DomainError('invalid-argument', SESSION_MESSAGES.passkeyRefused);
  }
  return body.response;
};

export const passkeySessionRouter = Router();

passkeySessionRouter.post(
  API.passkeyOptions.path,
  requireJsonBody,
  requireSignedInCoordinator,
  async (req, res) => {
    const token = tokenOf(req);
    if (localDemoAllowed(process.env, token.email)) {
      res.json({ mode: 'local-demo', options: null });
      return;
    }
    res.json(await sessionOptions(token, req.header('origin')));
  },
);

passkeySessionRouter.post(
  API.passkeyVerify.path,
  requireJsonBody,
  requireSignedInCoordinator,
  async (req, res) => {
    const { enrolmentCode } = req.body as { enrolmentCode?: unknown };
    const signInToken = await verifySession(tokenOf(req), answerOf(req), enrolmentCode);
    const body: ConfirmedSessionResponse = { message: SESSION_MESSAGES.verified, signInToken };
    res.json(body);
  },
);

passkeySessionRouter.post(
  API.localDemoFactor.path,
  requireJsonBody,
  requireSignedInCoordinator,
  async (req, res) => {
    const token = tokenOf(req);
    if (!localDemoAllowed(process.env, token.email)) {
      throw new DomainError('permission-denied', SESSION_MESSAGES.localOnly);
    }
    await coordinatorSecrets()
      .doc(token.uid)
      .set({ email: token.email ?? '' }, { merge: true });
    const signInToken = await openSession(token.uid);
    const body: ConfirmedSessionResponse = { message: SESSION_MESSAGES.verified, signInToken };
    res.json(body);
  },
);

passkeySessionRouter.post(
  API.endSession.path,
  requireJsonBody,
  requireSignedInCoordinator,
  async (req, res) => {
    const token = tokenOf(req);
    const id = sessionIdOf(token);
    if (id) await endSession(token.uid, id);
    res.status(204).end();
  },
);

export const passkeyAdminRouter = routerWithIds('Coordinator');

passkeyAdminRouter.post(API.sessionActivity.path, (_req, res) => {
  // requireAdmin has recorded the activity already.
  res.status(204).end();
});

passkeyAdminRouter.post(API.stepUpOptions.path, async (req, res) => {
  res.json(await stepUpOptions(tokenOf(req), req.header('origin')));
});

passkeyAdminRouter.post(API.stepUp.path, async (req, res) => {
  const token = tokenOf(req);
  const id = sessionIdOf(token);
  if (!id) throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  const until = await stepUp(token, id, answerOf(req));
  const body: StepUpResponse = { message: SESSION_MESSAGES.steppedUp, until: until.toISOString() };
  res.json(body);
});

passkeyAdminRouter.post(API.addPasskeyOptions.path, async (req, res) => {
  requireFreshAnswer(req.adminSession);
  res.json(await addPasskeyOptions(tokenOf(req), req.header('origin')));
});

passkeyAdminRouter.post(API.addPasskey.path, async (req, res) => {
  requireFreshAnswer(req.adminSession);
  await addPasskey(tokenOf(req), answerOf(req));
  const body: MessageResponse = { message: SESSION_MESSAGES.added };
  res.status(201).json(body);
});

passkeyAdminRouter.get(API.ownPasskeys.path, async (req, res) => {
  const session = req.adminSession;
  if (!session) throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  const body: OwnPasskeysResponse = { passkeys: await ownPasskeys(tokenOf(req).uid, session) };
  res.json(body);
});

passkeyAdminRouter.delete(API.ownPasskey.path, async (req, res) => {
  // A session left open, or taken over, must not strip the owner's other devices.
  requireFreshAnswer(req.adminSession);
  const token = tokenOf(req);
  const id = sessionIdOf(token);
  if (!id) throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  await removeOwnPasskey(token, id, String(req.params.id));
  const body: MessageResponse = { message: SESSION_MESSAGES.passkeyRemoved };
  res.json(body);
});

passkeyAdminRouter.delete(API.teamMemberPasskeys.path, async (req, res) => {
  // Another's account rebound by a session left open, or taken over, is what this prevents.
  requireFreshAnswer(req.adminSession);
  const reset = await resetPasskeys(tokenOf(req).uid, idOf(req));
  const body: PasskeysResetResponse = {
    message: SESSION_MESSAGES.passkeysReset(reset.email),
    enrolmentCode: reset.enrolmentCode,
    expiresAt: reset.expiresAt.toISOString(),
  };
  res.json(body);
});
