/**
 * Above both wizards: which cohort the application goes to and when applications close, or that
 * none is open and when the next opens (GET /api/cohorts/current, from the cohort records), with
 * a form to be told by e-mail when applications open. The prerendered page fills the sentence
 * before the app loads (app/enhance.ts); the app starts from that text, so the take-over changes
 * nothing on screen, and reads it again.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { openingAlertSchema } from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import { CheckboxField, EmailField } from '../../components/form';
import { ApiRequestError } from '../../lib/api-client';
import { askForOpeningAlert } from './applications-api';
import { usePublicCohorts } from '../../lib/public-cohorts';

const staticText = (): string =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector('[data-cohort-notice]')?.textContent ?? '');

/** "Tell me when applications open": an address and the consent to one e-mail. */
function OpeningAlertForm() {
  const [done, setDone] = useState('');
  return (
    <Box borderWidth="1px" borderRadius="md" p="4">
      <Formik
        initialValues={{ email: '', consent: false }}
        validationSchema={openingAlertSchema}
        onSubmit={async (values, helpers) => {
          try {
            const answer = await askForOpeningAlert(openingAlertSchema.cast(values));
            helpers.resetForm();
            setDone(answer.message);
          } catch (error) {
            if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
              helpers.setErrors(error.fields);
              return;
            }
            setDone(
              error instanceof ApiRequestError ? error.serverMessage : 'Please try again later.',
            );
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Tell me when applications open">
            <Stack gap="2">
              <EmailField id="opening-alert-email" label="Your e-mail address" />
              <CheckboxField
                name="consent"
                id="opening-alert-consent"
                label="E-mail me once when applications open, then delete my address."
                required
              />
              <Button type="submit" alignSelf="start" colorPalette="blue" loading={isSubmitting}>
                Tell me when applications open
              </Button>
              <Text role="status" fontSize="sm">
                {done}
              </Text>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}

export function CohortNotice() {
  const [initial] = useState(staticText);
  const own = useRef<HTMLParagraphElement>(null);
  const answer = usePublicCohorts(own);
  const text = answer?.notice ?? initial;
  const closed = answer !== undefined && answer.open === null;
  return (
    <>
      <Text
        ref={own}
        data-cohort-notice=""
        fontWeight="semibold"
        aria-live="polite"
        // Room for the longer sentence (applications closed, the next cohort named) at each
        // width, so filling it in after the page has drawn moves nothing (bench:web measured a
        // layout shift of 0.018 at 375 px with one line reserved).
        minH={{ base: '3lh', md: '2lh' }}
      >
        {text}
      </Text>
      {closed ? <OpeningAlertForm /> : null}
    </>
  );
}
