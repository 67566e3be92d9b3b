/**
 * "Forgot password?": asks for the address and answers the same whatever it is (the server sends
 * a link only to a coordinator's address, through the program's outbox).
 */
import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { passwordResetRequestSchema } from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { requestPasswordReset } from './team-api';
import { PageAlert, SignedOutCard } from './signed-out-card';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <SignedOutCard
      title="Reset your password"
      intro="Enter the e-mail address you sign in with. We will send you a link to choose a new password."
    >
      <Stack gap="4">
        <div role="status">
          <PageAlert status="success">{sent}</PageAlert>
        </div>
        <PageAlert>{failure}</PageAlert>
        <Formik
          initialValues={{ email: '' }}
          validationSchema={passwordResetRequestSchema}
          onSubmit={async ({ email }, helpers) => {
            setFailure(null);
            setSent(null);
            try {
              setSent((await requestPasswordReset(email.trim())).message);
            } catch (error) {
              if (error instanceof ApiRequestError && error.fields.email) {
                helpers.setFieldError('email', error.fields.email);
                return;
              }
              setFailure(
                error instanceof ApiRequestError
                  ? error.serverMessage
                  : 'The request could not be sent. Please try again.',
              );
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Reset your password">
              <Stack gap="2">
                <TextField
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="username"
                  required
                />
                <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                  Send the link
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
        <ChakraLink asChild colorPalette="blue">
          <Link to={paths.admin.login}>Back to sign-in</Link>
        </ChakraLink>
      </Stack>
    </SignedOutCard>
  );
}
