/**
 * The spec's toast checks, as both wizards apply them: "Continue" with a required step-1 field
 * empty (toast names the first missing field, focus goes to the first invalid one in form order),
 * and the final submit's checks in the spec's order. The pages say which lists apply.
 */
import {
  TOASTS,
  type FieldErrors,
  type RequiredFieldText,
  type ToastText,
} from '@mentorship/domain';
import { isBlank, type FormValues } from './wizard-state';

/** What a failed check shows: an optional toast, and the field to focus. */
export interface CheckFailure {
  toast?: ToastText;
  field: string;
}

/** The first required field that is invalid because it is empty (not merely malformed). */
export const firstMissing = (
  required: readonly RequiredFieldText[],
  errors: FieldErrors,
  values: FormValues,
): RequiredFieldText | undefined =>
  required.find((item) => errors[item.field] && isBlank(values[item.field]));

/** 'Required Field Missing' for the first empty field, focusing the first invalid one of `fields`. */
export function missingToContinue(
  required: readonly RequiredFieldText[],
  fields: readonly string[],
  errors: FieldErrors,
  values: FormValues,
): CheckFailure | undefined {
  const missing = firstMissing(required, errors, values);
  if (!missing) return undefined;
  return {
    toast: { title: TOASTS.requiredFieldMissing, description: missing.description },
    field: fields.find((name) => errors[name]) ?? missing.field,
  };
}

/** The first of the final checks whose field is invalid, with its own toast. */
export function firstFailedCheck(
  checks: readonly { field: string; title: string; description: string }[],
  errors: FieldErrors,
): CheckFailure | undefined {
  const failed = checks.find((check) => errors[check.field]);
  return (
    failed && {
      toast: { title: failed.title, description: failed.description },
      field: failed.field,
    }
  );
}
