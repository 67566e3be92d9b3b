/**
 * Gate of the applicant's routes (/api/me/*): a Firebase ID token from an e-mail link sign-in,
 * whose address Firebase has verified. The applicant is that address: every route reads and
 * writes only the records that address applied with. (Coordinators' gate: authenticate.ts.)
 *
 * An account holding a password is refused: only the owner of the mailbox, through the link, is
 * the applicant. A password on the address (set in advance by someone else, or a coordinator's
 * own) must not open an applicant's records. The token cannot tell the two sign-ins apart (both
 * say provider "password"), so the account is asked (password-account.ts).
 */
import type { NextFunction, Request, RequestHandler } from 'express';
import { MY_APPLICATION_MESSAGES } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { verifiedIdToken } from './id-token';
import { holdsPassword } from './password-account';

declare module 'express-serve-static-core' {
  interface Request {
    applicant?: { uid: string; email: string };
  }
}

export const requireApplicant: RequestHandler = (req, _res, next) => {
  checkApplicant(req, next).catch(next);
};

async function checkApplicant(req: Request, next: NextFunction): Promise<void> {
  const decoded = await verifiedIdToken(req, {
    missing: MY_APPLICATION_MESSAGES.signInRequired,
    invalid: MY_APPLICATION_MESSAGES.signInRequired,
  });
  if (!decoded.email || decoded.email_verified !== true) {
    next(new DomainError('permission-denied', MY_APPLICATION_MESSAGES.emailNotVerified));
    return;
  }
  if (await holdsPassword(decoded.uid)) {
    next(new DomainError('permission-denied', MY_APPLICATION_MESSAGES.linkSignInOnly));
    return;
  }
  req.applicant = { uid: decoded.uid, email: decoded.email };
  next();
}

/** The signed-in applicant (after requireApplicant). */
export const applicantOf = (req: Request): { uid: string; email: string } => {
  if (!req.applicant)
    throw new DomainError('unauthenticated', MY_APPLICATION_MESSAGES.signInRequired);
  return req.applicant;
};
