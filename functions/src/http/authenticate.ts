/**
 * Admin gate for every /api/admin/* route: verifies the Firebase ID token in
 * `Authorization: Bearer <token>`, checks that it was not revoked (`checkRevoked`: a removed
 * coordinator's sessions end at once, in production as on the emulator), and requires the custom
 * claim `admin: true` and the coordinator's document (`coordinators/{uid}`, which removal deletes
 * first; the Firestore rules require it too). Then the session itself (shared/coordinator-sessions.ts):
 * confirmed with a passkey, less than 12 hours old, not idle for 30 minutes.
 * 401 when the token is missing, malformed, invalid or revoked, or the session ended; 403 when
 * valid but not a coordinator, or not confirmed with a passkey.
 *
 * `requireSignedInCoordinator` is the gate of the second step (the passkey's challenge and
 * answer): the same, without the factor and the idle limit, which that step is there to satisfy.
 */
import type { NextFunction, Request, RequestHandler } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { SESSION_MESSAGES } from '@mentorship/domain';
import { actors } from '../audit/audit';
import { coordinators } from '../shared/coordinators';
import {
  checkSession,
  coordinatorSecrets,
  endSessions,
  pastAbsoluteLimit,
  type CoordinatorSecretsDoc,
} from '../shared/coordinator-sessions';
import { DomainError } from '../shared/errors';
import { db } from '../firebase';
import { verifiedIdToken } from './id-token';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: DecodedIdToken;
  }
}

const notAdministrator = () =>
  new DomainError('permission-denied', 'This account is not an administrator.');

/** The verified token of a coordinator, and their secrets document (one read for both). */
async function coordinatorToken(
  req: Request,
): Promise<{ decoded: DecodedIdToken; secrets: CoordinatorSecretsDoc | undefined }> {
  const decoded = await verifiedIdToken(req, {
    missing: 'Sign in as an administrator to continue.',
    invalid: 'Your session is not valid. Please sign in again.',
  });
  if (decoded.admin !== true) throw notAdministrator();
  const [member, secrets] = await db.getAll(
    coordinators().doc(decoded.uid),
    coordinatorSecrets().doc(decoded.uid),
  );
  if (!member?.exists) throw notAdministrator();
  return { decoded, secrets: secrets?.data() as CoordinatorSecretsDoc | undefined };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  checkAdmin(req, next).catch(next);
};

async function checkAdmin(req: Request, next: NextFunction): Promise<void> {
  const { decoded, secrets } = await coordinatorToken(req);
  await checkSession(decoded, secrets);
  req.admin = decoded;
  // The rest of the request runs as this coordinator: history entries name them (audit.ts).
  actors.run({ uid: decoded.uid, email: decoded.email ?? null }, () => next());
}

export const requireSignedInCoordinator: RequestHandler = (req, _res, next) => {
  coordinatorToken(req)
    .then(async ({ decoded }) => {
      if (pastAbsoluteLimit(decoded)) {
        await endSessions(decoded.uid);
        throw new DomainError('unauthenticated', SESSION_MESSAGES.expired);
      }
      req.admin = decoded;
      actors.run({ uid: decoded.uid, email: decoded.email ?? null }, () => next());
    })
    .catch(next);
};
