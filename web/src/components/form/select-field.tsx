import { NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import { errorText } from './field-error';
import { describedBy, fieldControlId } from './field-ids';
import { FieldShell } from './field-shell';
import type { BaseFieldProps } from './text-field';

export interface SelectOption {
  value: string;
  label?: string;
}

export interface SelectFieldProps extends BaseFieldProps {
  /** Plain strings (value = label) or `{ value, label }`. */
  options: readonly (string | SelectOption)[];
  /** First, empty choice (value ''); omit it when the field always has a value. */
  placeholder?: string;
}

/** A native <select> bound to a Formik field; the value is the option's string. */
export function SelectField({
  name,
  label,
  helperText,
  required,
  disabled,
  id,
  options,
  placeholder,
}: SelectFieldProps) {
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
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          {...field}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          aria-describedby={describedBy(controlId, Boolean(helperText), Boolean(error))}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const { value, label: optionLabel } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {optionLabel ?? value}
              </option>
            );
          })}
        </NativeSelect.Field>
        {/* The chevron is decoration: the select is already a combobox. */}
        <NativeSelect.Indicator aria-hidden="true" />
      </NativeSelect.Root>
    </FieldShell>
  );
}
