/**
 * Guards that run before any body is read by a route:
 * - `limitBodySize`: 413 when the body is larger than MAX_BODY_BYTES. The Cloud Functions runtime
 *   parses JSON bodies itself before Express sees them (so express.json's own limit never
 *   applies there); this checks the declared length and the raw body the runtime kept.
 * - `requireJsonBody`: writes (POST, PUT, PATCH) that carry a body must send
 *   `Content-Type: application/json`; a write with no body at all goes on to validation, which
 *   answers 400 with what is missing (the same answer as for an empty object).
 * - `checkIdParam`: route ids must look like Firestore document ids, otherwise 404.
 *
 * And `versionOf`, the `?version=` an edit carries (see people/repository.ts `editPerson`).
 */
import type { Request, RequestHandler, RequestParamHandler } from 'express';
import { isDocumentId, MAX_BODY_BYTES } from '@mentorship/domain';
import { DomainError } from '../shared/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The unparsed body, kept by the Cloud Functions runtime. */
    rawBody?: Buffer;
  }
}

export const limitBodySize: RequestHandler = (req, _res, next) => {
  const declared = Number(req.header('content-length') ?? 0);
  const actual = req.rawBody?.length ?? 0;
  if (declared > MAX_BODY_BYTES || actual > MAX_BODY_BYTES) {
    next(new DomainError('payload-too-large', 'The request body is too large.'));
    return;
  }
  next();
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

// The declared type decides: req.is() answers null for a body it thinks is empty, which a
// JSON `null` body can look like after the runtime has parsed it.
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const hasBody = (req: Parameters<RequestHandler>[0]) =>
  Number(req.header('content-length') ?? 0) > 0 ||
  req.header('transfer-encoding') !== undefined ||
  (req.rawBody?.length ?? 0) > 0;

export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (
    WRITE_METHODS.has(req.method) &&
    hasBody(req) &&
    !JSON_TYPE.test(req.header('content-type') ?? '')
  ) {
    next(
      new DomainError(
        'unsupported-media-type',
        'Send the request body as JSON (application/json).',
      ),
    );
    return;
  }
  next();
};

export const checkIdParam =
  (what: string): RequestParamHandler =>
  (_req, _res, next, value: unknown) => {
    if (!isDocumentId(value)) {
      next(new DomainError('not-found', `${what} not found`));
      return;
    }
    next();
  };

/**
 * An edit's `?version=`: the record's `updatedAt` when its form opened (`withVersion` in the
 * domain's api-paths.ts). The edit is refused with 409 when the record has changed since.
 */
export const versionOf = (req: Request): string | undefined =>
  typeof req.query.version === 'string' && req.query.version !== '' ? req.query.version : undefined;
