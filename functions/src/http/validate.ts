/**
 * Validates req.body with a shared schema; on success req.body is the cast (clean) value.
 *
 * Some wrong types make yup's cast throw a plain TypeError instead of a validation error (an
 * array or object where text is expected reaches `.trim()`). That is still the client's input
 * at fault, so it answers 400 and names the fields whose own schema cannot take their value.
 */
import type { RequestHandler } from 'express';
import {
  fieldErrorsOf,
  validateBody,
  type AnyObjectSchema,
  type FieldErrors,
} from '@mentorship/domain';
import { ApiError } from './errors';

type YupError = Parameters<typeof fieldErrorsOf>[0];
interface FieldSchema {
  validate(value: unknown, options?: { abortEarly?: boolean }): Promise<unknown>;
}
const isValidationError = (error: unknown): error is YupError =>
  (error as { name?: unknown } | null)?.name === 'ValidationError';

export const WRONG_TYPE_MESSAGE = 'This field has the wrong type.';

/** Checks each sent field on its own to find the ones whose cast breaks. */
export async function fieldsWithBrokenCast(
  schema: AnyObjectSchema,
  body: Record<string, unknown>,
): Promise<FieldErrors> {
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    const field = (schema.fields as Record<string, FieldSchema | undefined>)[key];
    if (!field || typeof field.validate !== 'function') continue;
    try {
      await field.validate(value, { abortEarly: true });
    } catch (error) {
      fields[key] = isValidationError(error)
        ? (fieldErrorsOf(error)[key] ?? error.message)
        : WRONG_TYPE_MESSAGE;
    }
  }
  return Object.keys(fields).length > 0 ? fields : { _: WRONG_TYPE_MESSAGE };
}

export const validate =
  (schema: AnyObjectSchema): RequestHandler =>
  (req, _res, next) => {
    const fail = (fields: FieldErrors) =>
      next(new ApiError('invalid-argument', 'Some fields need attention.', fields));
    validateBody(schema, req.body).then(
      (result) => {
        if (!result.ok) {
          fail(result.fields);
          return;
        }
        req.body = result.value;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof TypeError)) {
          next(error);
          return;
        }
        fieldsWithBrokenCast(schema, req.body as Record<string, unknown>).then(fail, next);
      },
    );
  };
