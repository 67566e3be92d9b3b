import { Box, Checkbox, Fieldset, Flex } from '@chakra-ui/react';
import { ErrorSlot } from './field-error';
import { useFieldState, type BaseFieldProps } from './field-shell';

export interface ToggleGroupFieldProps extends BaseFieldProps {
  /** The choices, in display order. The field's value is the list of chosen ones. */
  options: readonly string[];
  /**
   * The checkboxes' own name, when several forms on one page have a field of the same name (each
   * group of checkboxes must have a name of its own). Defaults to `name`.
   */
  inputName?: string;
}

/**
 * Multi-select as a row of chips. Each chip is a real checkbox (Tab to reach it, Space to toggle
 * it; screen readers say "checked"/"not checked"), inside a fieldset whose legend names the group
 * and whose error text is part of its description. Choosing a chip adds it to the list, choosing
 * it again removes it; the list keeps the options' order.
 */
export function ToggleGroupField({ options, inputName, ...base }: ToggleGroupFieldProps) {
  const { name, label, helperText, required, disabled, id } = base;
  const { field, helpers, controlId: groupId, error } = useFieldState<string[] | null>(name, id);
  const selected = field.value ?? [];

  const toggle = (option: string, checked: boolean) => {
    const next = checked
      ? options.filter((item) => item === option || selected.includes(item))
      : selected.filter((item) => item !== option);
    void helpers.setValue(next);
  };

  return (
    // The wrapper carries the id that focusField() looks for; the fieldset wires its own
    // legend, helper and error ids (aria-labelledby / aria-describedby).
    <Box id={groupId}>
      <Fieldset.Root invalid={Boolean(error)} disabled={disabled} gap="2">
        <Fieldset.Legend fontWeight="medium" fontSize="sm" color="fg">
          {label}
          {required ? (
            <span aria-hidden="true" style={{ marginInlineStart: '0.25rem' }}>
              *
            </span>
          ) : null}
        </Fieldset.Legend>
        {helperText ? <Fieldset.HelperText mt="0">{helperText}</Fieldset.HelperText> : null}
        <Flex wrap="wrap" gap="2" role="presentation">
          {options.map((option) => {
            const checked = selected.includes(option);
            return (
              <Checkbox.Root
                key={option}
                value={option}
                checked={checked}
                onCheckedChange={(details) => toggle(option, details.checked === true)}
                invalid={Boolean(error)}
                disabled={disabled}
                size="sm"
                borderWidth="1px"
                borderRadius="full"
                px="3"
                py="1.5"
                cursor="pointer"
                borderColor={checked ? 'blue.700' : 'border'}
                bg={checked ? 'blue.50' : 'bg'}
                _hover={{ borderColor: 'blue.700' }}
                _focusWithin={{
                  outline: '2px solid',
                  outlineColor: 'blue.700',
                  outlineOffset: '2px',
                }}
              >
                <Checkbox.HiddenInput
                  name={inputName ?? name}
                  onBlur={() => {
                    void helpers.setTouched(true);
                  }}
                />
                <Checkbox.Control asChild>
                  <span>
                    <Checkbox.Indicator />
                  </span>
                </Checkbox.Control>
                <Checkbox.Label fontWeight="normal">{option}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Flex>
        <ErrorSlot>
          {error ? (
            <Fieldset.ErrorText mt="0" lineHeight="1.25rem">
              {error}
            </Fieldset.ErrorText>
          ) : null}
        </ErrorSlot>
      </Fieldset.Root>
    </Box>
  );
}
