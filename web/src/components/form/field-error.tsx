import { Box, Field, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fieldErrorId } from './field-ids';

/**
 * Space for the inline error under a control. It always takes one line, so an error appearing
 * does not push the rest of the form down (a click landing right after a blur would miss).
 */
export function ErrorSlot({ children }: { children: ReactNode }) {
  return (
    <Box minH="1.25rem" mt="1" aria-live="polite">
      {children}
    </Box>
  );
}

/** The error text of a control inside Field.Root (shown only when the field is invalid). */
export function FieldErrorLine({ message }: { message?: string }) {
  return (
    <ErrorSlot>
      <Field.ErrorText mt="0" lineHeight="1.25rem">
        {message}
      </Field.ErrorText>
    </ErrorSlot>
  );
}

/** The same for controls outside a Field (checkbox, toggle group). */
export function StandaloneErrorLine({
  controlId,
  message,
}: {
  controlId: string;
  message?: string;
}) {
  return (
    <ErrorSlot>
      {message ? (
        <Text id={fieldErrorId(controlId)} color="fg.error" fontSize="sm" lineHeight="1.25rem">
          {message}
        </Text>
      ) : null}
    </ErrorSlot>
  );
}

/** The text of a Formik error, which is a string, or a list of strings for array fields. */
export const errorText = (error: unknown): string | undefined => {
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) return error.map(errorText).find(Boolean);
  return undefined;
};
