/**
 * Admin gate for every /api/admin/* route: verifies the Firebase ID token in
 * `Authorization: Bearer <token>`, checks that it was not revoked (`checkRevoked`: a removed
 * coordinator's sessions end at once, in production as on the emulator), and requires the custom
 * claim `admin: true` and the coordinator's document (`coordinators/{uid}`, which removal deletes
 * first; the Firestore rules require it too). Then the session itself (shared/coordinator-sessions.ts):
 * the token's `sid` names a record of the account that a passkey opened, less than 12 hours
 * old, not idle for 30 minutes.
 * 401 when the token is missing, malformed, invalid or revoked, or the session ended; 403 when
 * valid but not a coordinator, or not confirmed with a passkey.
 *
 * `requireSignedInCoordinator` is the gate of the second step (the passkey's challenge and
 * answer) and of sign-out: the same, without the session, which that step is there to open.
 */
import type { NextFunction, Request, RequestHandler } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { SESSION_LIMITS, SESSION_MESSAGES } from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { actors } from '../audit/audit';
import { alertAddressChanged } from '../shared/account-notice';
import { coordinators } from '../shared/coordinators';
import {
  checkSession,
  coordinatorSessions,
  sessionIdOf,
  type SessionRecord,
} from '../shared/coordinator-sessions';
import { DomainError } from '../shared/errors';
import { db } from '../firebase';
import { verifiedIdToken } from './id-token';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: DecodedIdToken;
    /** The confirmed session's record, as requireAdmin read it. */
    adminSession?: SessionRecord;
  }
}

const notAdministrator = () =>
  new DomainError('permission-denied', 'This account is not an administrator.');

/** The verified token of a coordinator, and the record of the session it names (one read). */
async function coordinatorToken(
  req: Request,
): Promise<{ decoded: DecodedIdToken; record: SessionRecord | undefined }> {
  const decoded = await verifiedIdToken(req, {
    missing: 'Sign in as an administrator to continue.',
    invalid: 'Your session is not valid. Please sign in again.',
  });
  if (decoded.admin !== true) throw notAdministrator();
  const id = sessionIdOf(decoded);
  const [member, record] = await db.getAll(
    coordinators().doc(decoded.uid),
    ...(id ? [coordinatorSessions().doc(id)] : []),
  );
  if (!member?.exists) throw notAdministrator();
  // The address the team knows them by is the account's: one changed through Firebase's own
  // account API (the password alone can ask for that) opens nothing until the team looks.
  const known = String(member.get('email') ?? '').toLowerCase();
  if ((decoded.email ?? '').toLowerCase() !== known) {
    logger.error("A coordinator's sign-in carries another address than the team's record", {
      uid: decoded.uid,
    });
    await alertAddressChanged(decoded.uid, known, (decoded.email ?? '').toLowerCase());
    throw new DomainError('permission-denied', SESSION_MESSAGES.addressChanged);
  }
  return { decoded, record: record?.data() as SessionRecord | undefined };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  checkAdmin(req, next).catch(next);
};

async function checkAdmin(req: Request, next: NextFunction): Promise<void> {
  const { decoded, record } = await coordinatorToken(req);
  await checkSession(decoded, record);
  req.admin = decoded;
  req.adminSession = record;
  // The rest of the request runs as this coordinator: history entries name them (audit.ts).
  actors.run({ uid: decoded.uid, email: decoded.email ?? null }, () => next());
}

/**
 * The second step's gate (and sign-out's): a coordinator's valid token, confirmed or not, from a
 * sign-in of the last 12 hours (a password session kept refreshing for longer confirms nothing).
 */
export const requireSignedInCoordinator: RequestHandler = (req, _res, next) => {
  coordinatorToken(req)
    .then(({ decoded }) => {
      if (Date.now() - decoded.auth_time * 1000 >= SESSION_LIMITS.absoluteMs) {
        throw new DomainError('unauthenticated', SESSION_MESSAGES.expired);
      }
      req.admin = decoded;
      actors.run({ uid: decoded.uid, email: decoded.email ?? null }, () => next());
    })
    .catch(next);
};
