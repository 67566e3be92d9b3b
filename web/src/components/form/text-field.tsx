import { Input, Textarea } from '@chakra-ui/react';
import { ShellField, type BaseFieldProps } from './field-shell';

export type { BaseFieldProps } from './field-shell';

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
export function TextField(props: TextFieldProps) {
  return (
    <ShellField<string | number | null, TextFieldProps>
      props={props}
      control={(field, { type = 'text', ...inputProps }, describedBy) => (
        <Input
          {...field}
          {...inputProps}
          value={field.value ?? ''}
          type={type}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** The person's own e-mail address, field `email`: required, and the browser may fill it in. */
export function EmailField(
  props: Omit<TextFieldProps, 'name' | 'type' | 'autoComplete' | 'required'>,
) {
  return <TextField name="email" type="email" autoComplete="email" required {...props} />;
}

export interface TextareaFieldProps extends BaseFieldProps {
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}

/** Multi-line text bound to a Formik field. */
export function TextareaField(props: TextareaFieldProps) {
  return (
    <ShellField<string | null, TextareaFieldProps>
      props={props}
      control={(field, { rows = 4, ...textareaProps }, describedBy) => (
        <Textarea
          {...field}
          {...textareaProps}
          rows={rows}
          value={field.value ?? ''}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}
