/** "Check my application": asks for a new sign-in link; the same answer whether or not the address applied. */
import { Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { AlertText, StatusText } from '../../components/layout/narrow-page';
import { useState } from 'react';
import { signInLinkSchema } from '@mentorship/domain';
import { EmailField } from '../../components/form';
import { PrimaryButton } from '../../components/ui/primary-button';
import { ApiRequestError } from '../../lib/api-client';
import { askForSignInLink } from './email-link-api';
import { rememberSignInEmail } from '../../lib/sign-in-email';

export function CheckApplicationForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={signInLinkSchema}
      onSubmit={async (values) => {
        setFailure(null);
        try {
          const { message } = await askForSignInLink(values.email.trim());
          rememberSignInEmail(values.email);
          setSent(message);
        } catch (error) {
          setFailure(
            error instanceof ApiRequestError ? error.serverMessage : 'Something went wrong.',
          );
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="4" maxW="md">
            <EmailField label="The e-mail address you applied with" />
            <PrimaryButton type="submit" loading={isSubmitting} alignSelf="start">
              E-mail me a sign-in link
            </PrimaryButton>
            <StatusText>{sent ?? ''}</StatusText>
            {failure ? <AlertText>{failure}</AlertText> : null}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
