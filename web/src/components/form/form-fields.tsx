import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CheckboxField } from './checkbox-field';
import type { BaseFieldProps } from './field-shell';
import { SelectField, type SelectFieldProps } from './select-field';
import {
  TextareaField,
  TextField,
  type TextareaFieldProps,
  type TextFieldProps,
} from './text-field';
import { ToggleGroupField, type ToggleGroupFieldProps } from './toggle-group-field';

/** A value a form field holds. */
export type FormValue = string | number | boolean | string[] | null;

/** Where a field stands: `half` fields next to each other share a two-column grid (one on phones). */
interface Placement {
  half?: boolean;
  /** The value a new form starts with, when it is not the control's empty value. */
  initial?: FormValue;
}

/** One field of a form described as data: the control and its props. */
export type FieldSpec = Placement &
  (
    | ({ control: 'text' } & TextFieldProps)
    | ({ control: 'textarea' } & TextareaFieldProps)
    | ({ control: 'select' } & SelectFieldProps)
    | ({ control: 'choices' } & ToggleGroupFieldProps)
    | ({ control: 'checkbox' } & BaseFieldProps)
  );

/** A field without its name and label: what a form's table of controls says about it. */
export type FieldControl = Unnamed<FieldSpec>;
type Unnamed<S> = S extends unknown ? Omit<S, 'name' | 'label'> : never;

/** The specs of `names` in order, each with its label from `labels` and its control. */
export const fieldsOf = <Name extends string>(
  names: readonly Name[],
  labels: Readonly<Record<Name, string>>,
  controls: Readonly<Record<Name, FieldControl>>,
): FieldSpec[] =>
  names.map((name) => ({ ...controls[name], name, label: labels[name] }) as FieldSpec);

/** The control's props alone. */
const propsOf = <S extends FieldSpec>({
  control: _control,
  half: _half,
  initial: _initial,
  ...props
}: S) => props;

function FormField({ spec }: { spec: FieldSpec }) {
  switch (spec.control) {
    case 'text':
      return <TextField {...propsOf(spec)} />;
    case 'textarea':
      return <TextareaField {...propsOf(spec)} />;
    case 'select':
      return <SelectField {...propsOf(spec)} />;
    case 'choices':
      return <ToggleGroupField {...propsOf(spec)} />;
    case 'checkbox':
      return <CheckboxField {...propsOf(spec)} />;
  }
}

/** Consecutive `half` fields grouped into one grid; every other field on its own. */
const rowsOf = (fields: readonly FieldSpec[]): FieldSpec[][] =>
  fields.reduce<FieldSpec[][]>((rows, spec) => {
    const last = rows[rows.length - 1];
    if (spec.half && last?.[0]?.half) last.push(spec);
    else rows.push([spec]);
    return rows;
  }, []);

/** Renders fields described as data, in order; `after` closes the list (e.g. a picker of its own). */
export function FormFields({
  fields,
  gap,
  after,
}: {
  fields: readonly FieldSpec[];
  gap: string;
  after?: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      {rowsOf(fields).map(([first, ...rest]) =>
        first?.half ? (
          <SimpleGrid key={first.name} columns={{ base: 1, md: 2 }} columnGap="4">
            {[first, ...rest].map((spec) => (
              <FormField key={spec.name} spec={spec} />
            ))}
          </SimpleGrid>
        ) : first ? (
          <FormField key={first.name} spec={first} />
        ) : null,
      )}
      {after}
    </Stack>
  );
}

/** The values a new form starts with: '' for text, [] for choices, false for a checkbox. */
export const initialValuesOf = (fields: readonly FieldSpec[]): Record<string, FormValue> =>
  Object.fromEntries(
    fields.map((spec) => [
      spec.name,
      spec.initial !== undefined
        ? spec.initial
        : spec.control === 'choices'
          ? []
          : spec.control === 'checkbox'
            ? false
            : '',
    ]),
  );
