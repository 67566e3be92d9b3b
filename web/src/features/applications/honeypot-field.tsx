/**
 * The anti-bot honeypot of the application forms: a text field people never see or reach
 * (off-screen, hidden from assistive technology, out of the tab order, no autofill). Bots that
 * fill every input fill it too; the server then answers as usual and stores nothing. It stays
 * outside Formik (nothing to validate, nothing to save in the draft): the wizard reads it with
 * the ref when it submits.
 */
import { Box } from '@chakra-ui/react';
import { HONEYPOT_FIELD } from '@mentorship/domain';
import type { Ref } from 'react';

export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      left="-10000px"
      top="auto"
      width="1px"
      height="1px"
      overflow="hidden"
      data-testid="honeypot"
    >
      <label htmlFor="application-website">Leave this field empty</label>
      <input
        ref={inputRef}
        id="application-website"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </Box>
  );
}
