/**
 * Validates req.body with a shared schema; on success req.body is the cast (clean) value.
 * Wrong types (an array where text is expected, ...) are the schemas' own type errors, so they
 * answer 400 with a field message like any other invalid value.
 */
import type { RequestHandler } from 'express';
import { FIELDS_MESSAGE, validateBody, type AnyObjectSchema } from '@mentorship/domain';
import { DomainError } from '../shared/errors';

export const validate =
  (schema: AnyObjectSchema): RequestHandler =>
  (req, _res, next) => {
    validateBody(schema, req.body).then((result) => {
      if (!result.ok) {
        next(new DomainError('invalid-argument', FIELDS_MESSAGE, result.fields));
        return;
      }
      req.body = result.value;
      next();
    }, next);
  };
