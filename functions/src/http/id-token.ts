/**
 * The Firebase ID token both gates read (authenticate.ts, authenticate-applicant.ts): from
 * `Authorization: Bearer <token>`, verified and not revoked (`checkRevoked`: a revoked session
 * ends at once).
 */
import type { Request } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../firebase';
import { DomainError } from '../shared/errors';

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/** The request's verified token; 401 (`unauthenticated`) with `missing` or `invalid` otherwise. */
export async function verifiedIdToken(
  req: Request,
  messages: { missing: string; invalid: string },
): Promise<DecodedIdToken> {
  const match = BEARER.exec(req.header('authorization') ?? '');
  if (!match?.[1]) throw new DomainError('unauthenticated', messages.missing);
  try {
    return await auth.verifyIdToken(match[1], true);
  } catch {
    throw new DomainError('unauthenticated', messages.invalid);
  }
}
