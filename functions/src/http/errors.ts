/**
 * The one place where errors become HTTP answers: a `DomainError` (shared/errors.ts) gets the
 * status of its code from `ERROR_STATUS` and the envelope `{ error: { code, message, fields? } }`;
 * body-parser failures get theirs; anything else is logged (redacted) and answered 500.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  ERROR_STATUS,
  type ApiErrorBody,
  type ErrorCode,
  type FieldErrors,
} from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { DomainError } from '../shared/errors';

const errorBody = (code: ErrorCode, message: string, fields?: FieldErrors): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not-found', `No route for ${req.method} ${req.path}.`));
};

const EMAIL = /[^\s/:"'<>]+(?:@|%40)[^\s/"'<>]+/gi;

/** Masks e-mail addresses (plain or URL-encoded) and caps the length of a log message. */
export const redactPersonalData = (message: string): string =>
  message.replace(EMAIL, '[email]').slice(0, 300);

interface BodyParserError {
  type?: string;
  status?: number;
}

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  if (err instanceof DomainError) {
    // A refusal that knows when room is made again (the mail gate's) says so to any client.
    const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number' && !res.getHeader('Retry-After')) {
      res.set('Retry-After', String(retryAfter));
    }
    res.status(ERROR_STATUS[err.code]).json(errorBody(err.code, err.message, err.fields));
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError.type === 'entity.too.large') {
    res.status(413).json(errorBody('payload-too-large', 'The request body is too large.'));
    return;
  }
  if (parserError.type === 'entity.parse.failed') {
    res.status(400).json(errorBody('invalid-argument', 'The request body is not valid JSON.'));
    return;
  }
  if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
    res.status(400).json(errorBody('invalid-argument', 'The request could not be read.'));
    return;
  }
  // Never log request bodies: they hold applicants' personal data. The error's own message can
  // quote a document path (application locks are keyed by address), so addresses are masked.
  logger.error('Unhandled API error', {
    method: req.method,
    path: req.path,
    name: (err as Error)?.name,
    code: (err as { code?: unknown })?.code,
    // Not `message`: the logger's own field of that name would hide it.
    error: redactPersonalData(String((err as Error)?.message ?? '')),
  });
  res
    .status(500)
    .json(errorBody('internal', 'Something went wrong on our side. Please try again.'));
};
