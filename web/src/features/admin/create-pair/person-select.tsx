import { Field, NativeSelect } from '@chakra-ui/react';

export interface PersonOption {
  value: string;
  label: string;
  disabled: boolean;
}

/** One of the two person dropdowns: disabled with the spec's message when nobody is active. */
export function PersonSelect({
  label,
  placeholder,
  value,
  onChange,
  options,
  emptyText,
  rankedFor,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (id: string) => void;
  options: PersonOption[];
  /** Set when nobody can be listed. */
  emptyText?: string;
  /** The chosen counterpart's name when the options are ranked for them. */
  rankedFor?: string;
}) {
  return (
    <Field.Root role="none" disabled={emptyText !== undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field bg="bg" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator aria-hidden="true" />
      </NativeSelect.Root>
      {emptyText ? (
        <Field.HelperText>{emptyText}</Field.HelperText>
      ) : rankedFor !== undefined ? (
        <Field.HelperText>Ordered best match first for {rankedFor}.</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
