import { NativeSelect } from '@chakra-ui/react';
import { ShellField, type BaseFieldProps } from './field-shell';

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
export function SelectField(props: SelectFieldProps) {
  return (
    <ShellField<string | number | null, SelectFieldProps>
      props={props}
      control={(field, { options, placeholder }, describedBy) => (
        <NativeSelect.Root disabled={props.disabled}>
          <NativeSelect.Field
            {...field}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            aria-describedby={describedBy}
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
      )}
    />
  );
}
