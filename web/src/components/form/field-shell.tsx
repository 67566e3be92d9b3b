import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldErrorLine } from './field-error';
import { fieldErrorId, fieldHelperId } from './field-ids';

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
