/**
 * State helpers shared by the two application wizards: the per-tab draft (sessionStorage, never
 * localStorage), step validation with the shared yup schemas, and server errors that stay on a
 * field until the person changes it.
 */
import { fieldErrorsOf, type FieldErrors } from '@mentorship/domain';
import { ValidationError, type AnyObjectSchema } from 'yup';

export type FormValue = string | number | boolean | string[] | null;
export type FormValues = Record<string, FormValue>;

export interface Draft<T extends FormValues> {
  step: number;
  values: T;
}

const sameKind = (a: unknown, b: unknown): boolean =>
  Array.isArray(a)
    ? Array.isArray(b) && b.every((item) => typeof item === 'string')
    : typeof a === typeof b ||
      (typeof a === 'number' && b === '') ||
      (a === '' && typeof b === 'number');

/**
 * Reads the draft saved in this tab, keeping only the known fields with the expected kind of
 * value: a stale or hand-edited draft can never put the form in a state it cannot show.
 */
export function loadDraft<T extends FormValues>(key: string, initial: T, steps: number): Draft<T> {
  const fallback = { step: 0, values: initial };
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as { step?: unknown; values?: unknown };
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const saved = (
      typeof parsed.values === 'object' && parsed.values !== null ? parsed.values : {}
    ) as Record<string, unknown>;
    const values: FormValues = { ...initial };
    for (const name of Object.keys(initial)) {
      if (name in saved && sameKind(initial[name], saved[name])) {
        values[name] = saved[name] as FormValue;
      }
    }
    const step =
      typeof parsed.step === 'number' && Number.isInteger(parsed.step)
        ? Math.min(Math.max(parsed.step, 0), steps - 1)
        : 0;
    return { step, values: values as T };
  } catch {
    return fallback;
  }
}

export function saveDraft<T extends FormValues>(key: string, draft: Draft<T>): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/** Every failing field of `payload` against `schema`, one message per field. */
export async function validateWith(
  schema: AnyObjectSchema,
  payload: unknown,
): Promise<FieldErrors> {
  try {
    await schema.validate(payload, { abortEarly: false });
    return {};
  } catch (error) {
    if (ValidationError.isError(error)) return fieldErrorsOf(error);
    throw error;
  }
}

/** A message the server gave for a field, valid while the field still holds `value`. */
export interface ServerFieldError {
  message: string;
  value: FormValue;
}
export type ServerErrors = Record<string, ServerFieldError>;

const sameValue = (a: FormValue, b: FormValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Client errors first; a server error shows while the field is unchanged since the answer. */
export function withServerErrors(
  errors: FieldErrors,
  serverErrors: ServerErrors,
  values: FormValues,
): FieldErrors {
  const merged: FieldErrors = { ...errors };
  for (const [name, serverError] of Object.entries(serverErrors)) {
    if (!merged[name] && sameValue(values[name] ?? null, serverError.value)) {
      merged[name] = serverError.message;
    }
  }
  return merged;
}

/** A text value left empty (after trimming) or a number input left blank. */
export const isBlank = (value: FormValue | undefined): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);
