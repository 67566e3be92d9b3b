import { Checkbox } from '@chakra-ui/react';

/** A checkbox in a table row; `label` names it for screen readers (the row shows no label). */
export function RowCheckbox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control asChild>
        <span>
          <Checkbox.Indicator />
        </span>
      </Checkbox.Control>
    </Checkbox.Root>
  );
}
