import { Field } from '@chakra-ui/react';
import { useField, type FieldInputProps } from 'formik';
import type { ReactNode } from 'react';
import { errorText, FieldErrorLine } from './field-error';
import { describedBy, fieldControlId, fieldErrorId, fieldHelperId } from './field-ids';

export interface BaseFieldProps {
  /** Formik field name (also the default id: `field-<name>`). */
  name: string;
  label: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Overrides the control's id when a page shows two forms with the same field names. */
  id?: string;
}

/** A field's Formik state as every control shows it: its control's id, its error once touched. */
export function useFieldState<V>(name: string, id?: string) {
  const [field, meta, helpers] = useField<V>(name);
  const error = meta.touched ? errorText(meta.error) : undefined;
  return { field, helpers, controlId: fieldControlId(name, id), error };
}

/** The props a control gets beside its label, helper, marker and error. */
const splitBase = <P extends BaseFieldProps>({
  name,
  label,
  helperText,
  required,
  disabled,
  id,
  ...own
}: P) => [{ name, label, helperText, required, disabled, id }, own] as const;

/**
 * One control bound to a Formik field inside its FieldShell: `control` renders it from Formik's
 * input props, its own props and the ids that describe it.
 */
export function ShellField<V, P extends BaseFieldProps>({
  props,
  control,
}: {
  props: P;
  control: (
    field: FieldInputProps<V>,
    own: Omit<P, keyof BaseFieldProps>,
    describedBy: string | undefined,
  ) => ReactNode;
}) {
  const [{ name, label, helperText, required, disabled, id }, own] = splitBase(props);
  const { field, controlId, error } = useFieldState<V>(name, id);
  return (
    <FieldShell
      controlId={controlId}
      label={label}
      helperText={helperText}
      required={required}
      disabled={disabled}
      error={error}
    >
      {control(field, own, describedBy(controlId, Boolean(helperText), Boolean(error)))}
    </FieldShell>
  );
}

export interface FieldShellProps {
  controlId: string;
  label: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  children: ReactNode;
}

/** Label, required marker, helper text and error line around one control (Chakra Field). */
export function FieldShell({
  controlId,
  label,
  helperText,
  required,
  disabled,
  error,
  children,
}: FieldShellProps) {
  return (
    <Field.Root
      id={controlId}
      ids={{ errorText: fieldErrorId(controlId), helperText: fieldHelperId(controlId) }}
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
      gap="1.5"
      // Ark gives the field's wrapper role="group" with no name: screen readers then announce an
      // empty group around every field. The label already names the control.
      role="none"
    >
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <FieldErrorLine message={error} />
    </Field.Root>
  );
}
