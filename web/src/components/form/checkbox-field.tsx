import { Box, Checkbox, Text } from '@chakra-ui/react';
import { StandaloneErrorLine } from './field-error';
import { describedBy, fieldHelperId } from './field-ids';
import { useFieldState, type BaseFieldProps } from './field-shell';

/** A single checkbox bound to a boolean Formik field (consents, "active" switches). */
export function CheckboxField({ name, label, helperText, required, disabled, id }: BaseFieldProps) {
  const { field, helpers, controlId, error } = useFieldState<boolean>(name, id);
  return (
    <Box>
      <Checkbox.Root
        ids={{ hiddenInput: controlId }}
        name={name}
        checked={field.value === true}
        onCheckedChange={(details) => {
          void helpers.setValue(details.checked === true);
        }}
        invalid={Boolean(error)}
        required={required}
        disabled={disabled}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput
          onBlur={() => {
            void helpers.setTouched(true);
          }}
          aria-describedby={describedBy(controlId, Boolean(helperText), Boolean(error))}
        />
        {/* A <span>: a <label> may hold phrasing content only (Chakra's control is a <div>). */}
        <Checkbox.Control mt="0.5" asChild>
          <span>
            <Checkbox.Indicator />
          </span>
        </Checkbox.Control>
        <Checkbox.Label>
          {label}
          {required ? (
            <Text as="span" color="fg.error" aria-hidden="true" ms="1">
              *
            </Text>
          ) : null}
        </Checkbox.Label>
      </Checkbox.Root>
      {helperText ? (
        <Text id={fieldHelperId(controlId)} fontSize="sm" color="fg.muted" ms="7" mt="1">
          {helperText}
        </Text>
      ) : null}
      <Box ms="7">
        <StandaloneErrorLine controlId={controlId} message={error} />
      </Box>
    </Box>
  );
}
