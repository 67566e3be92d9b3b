/**
 * Validates an untrusted body against one of the shared schemas: unknown fields are rejected,
 * every failing field gets its own message, and the cast (trimmed, defaulted) value is returned.
 */
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';

export type { AnyObjectSchema, InferType } from 'yup';

export type FieldErrors = Record<string, string>;
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

export const UNKNOWN_FIELD_MESSAGE = 'This field is not accepted.';
const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object.';
export const INVALID_VALUE_MESSAGE = 'This value is not valid.';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns a yup error into `{ field: message }`, keeping the first message per field. */
export const fieldErrorsOf = (error: ValidationError): FieldErrors => {
  const fields: FieldErrors = Object.create(null) as FieldErrors;
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    // "skills[2]" reports on the list it belongs to.
    const path = (item.path ?? '_').replace(/\[\d+\]$/, '');
    fields[path] ??= item.message;
  }
  return fields;
};

export async function validateBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
): Promise<ValidationResult<InferType<S>>> {
  if (!isPlainObject(body)) return { ok: false, fields: { _: NOT_AN_OBJECT_MESSAGE } };
  const known = new Set(Object.keys(schema.fields));
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  // A map without a prototype: keys such as "__proto__" or "constructor" stay plain keys.
  const fields: FieldErrors = Object.create(null) as FieldErrors;
  for (const key of unknown) fields[key] = UNKNOWN_FIELD_MESSAGE;
  // yup looks every key of the value up in its field map, so an inherited name such as
  // "constructor" or "toString" would crash the cast: only the schema's own keys go to yup.
  const knownPart = Object.fromEntries(Object.entries(body).filter(([key]) => known.has(key)));
  try {
    const value = (await schema.validate(knownPart, {
      abortEarly: false,
      stripUnknown: true,
    })) as InferType<S>;
    if (unknown.length > 0) return { ok: false, fields };
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ValidationError)
      return { ok: false, fields: Object.assign(fields, fieldErrorsOf(error)) };
    // yup's cast can throw on values no form sends (an object whose own "toString" is not a
    // function, inside a list of texts): the field whose value broke the cast is refused.
    if (!(error instanceof TypeError)) throw error;
    for (const key of Object.keys(knownPart)) {
      try {
        await schema.validateAt(key, knownPart);
      } catch (fieldError) {
        if (fieldError instanceof ValidationError) Object.assign(fields, fieldErrorsOf(fieldError));
        else fields[key] = INVALID_VALUE_MESSAGE;
      }
    }
    if (Object.keys(fields).length === 0) fields._ = INVALID_VALUE_MESSAGE;
    return { ok: false, fields };
  }
}

/** The ids this API makes: Firestore auto ids, `<mentorId>__<studentId>` and slugs. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Firestore refuses ids of the form `__name__` (reserved): reading one fails, so none is read. */
const RESERVED_ID = /^__.*__$/;
/**
 * Names of Object.prototype ("toString", "constructor", ...) are never ids this API made, and
 * code (and the Node Firestore emulator) that keys plain objects by id can trip over them.
 */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Whether a value can name a document this API made: every id in a path or a body is checked. */
export const isDocumentId = (value: unknown): value is string =>
  typeof value === 'string' &&
  DOCUMENT_ID.test(value) &&
  !RESERVED_ID.test(value) &&
  !PROTOTYPE_NAMES.has(value);
