import { Input, Textarea } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { errorText } from './field-error';
import { describedBy, fieldControlId } from './field-ids';
import { FieldShell } from './field-shell';

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

export interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'url' | 'tel' | 'number' | 'password' | 'date' | 'time';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'url' | 'tel' | 'numeric' | 'decimal';
  min?: number;
  max?: number;
  step?: number;
}

/** One-line input bound to a Formik field; number inputs hold a number or '' while empty. */
export function TextField({
  name,
  label,
  helperText,
  required,
  disabled,
  id,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const [field, meta] = useField<string | number | null>(name);
  const controlId = fieldControlId(name, id);
  const error = meta.touched ? errorText(meta.error) : undefined;
  return (
    <FieldShell
      controlId={controlId}
      label={label}
      helperText={helperText}
      required={required}
      disabled={disabled}
      error={error}
    >
      <Input
        {...field}
        {...inputProps}
        value={field.value ?? ''}
        type={type}
        aria-describedby={describedBy(controlId, Boolean(helperText), Boolean(error))}
      />
    </FieldShell>
  );
}

export interface TextareaFieldProps extends BaseFieldProps {
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}

/** Multi-line text bound to a Formik field. */
export function TextareaField({
  name,
  label,
  helperText,
  required,
  disabled,
  id,
  rows = 4,
  ...textareaProps
}: TextareaFieldProps) {
  const [field, meta] = useField<string | null>(name);
  const controlId = fieldControlId(name, id);
  const error = meta.touched ? errorText(meta.error) : undefined;
  return (
    <FieldShell
      controlId={controlId}
      label={label}
      helperText={helperText}
      required={required}
      disabled={disabled}
      error={error}
    >
      <Textarea
        {...field}
        {...textareaProps}
        rows={rows}
        value={field.value ?? ''}
        aria-describedby={describedBy(controlId, Boolean(helperText), Boolean(error))}
      />
    </FieldShell>
  );
}
