/** Validates req.body with a shared schema; on success req.body is the cast (clean) value. */
import type { RequestHandler } from 'express';
import { validateBody, type AnyObjectSchema } from '@mentorship/domain';
import { ApiError } from './errors';

export const validate =
  (schema: AnyObjectSchema): RequestHandler =>
  async (req, _res, next) => {
    const result = await validateBody(schema, req.body);
    if (!result.ok) {
      next(new ApiError('invalid-argument', 'Some fields need attention.', result.fields));
      return;
    }
    req.body = result.value;
    next();
  };
