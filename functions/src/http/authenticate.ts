/**
 * Admin gate for every /api/admin/* route: verifies the Firebase ID token in
 * `Authorization: Bearer <token>`, checks that it was not revoked (`checkRevoked`: a removed
 * coordinator's sessions end at once, in production as on the emulator), and requires the custom
 * claim `admin: true` and the coordinator's document (`coordinators/{uid}`, which removal deletes
 * first; the Firestore rules require it too).
 * 401 when the token is missing, malformed, invalid or revoked; 403 when valid but not a
 * coordinator.
 */
import type { NextFunction, Request, RequestHandler } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { actors } from '../audit/audit';
import { isCoordinator } from '../shared/coordinators';
import { DomainError } from '../shared/errors';
import { verifiedIdToken } from './id-token';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: DecodedIdToken;
  }
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  checkAdmin(req, next).catch(next);
};

async function checkAdmin(req: Request, next: NextFunction): Promise<void> {
  const decoded = await verifiedIdToken(req, {
    missing: 'Sign in as an administrator to continue.',
    invalid: 'Your session is not valid. Please sign in again.',
  });
  if (decoded.admin !== true || !(await isCoordinator(decoded.uid))) {
    next(new DomainError('permission-denied', 'This account is not an administrator.'));
    return;
  }
  req.admin = decoded;
  // The rest of the request runs as this coordinator: history entries name them (audit.ts).
  actors.run({ uid: decoded.uid, email: decoded.email ?? null }, () => next());
}
