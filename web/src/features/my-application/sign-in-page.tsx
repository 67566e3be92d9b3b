/**
 * Where the e-mail link lands. Opening it (a GET, also a mail scanner's prefetch) changes nothing:
 * the person presses "Confirm and sign in", and only then is the one-time code spent. In the
 * browser that applied, the address is known; in another one the page asks for it once. Without
 * a link in the address bar it is "Check my application": a new link by e-mail.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROGRAM, SESSION_MESSAGES, signInLinkSchema } from '@mentorship/domain';
import { EmailField } from '../../components/form';
import { PrimaryButton } from '../../components/ui/primary-button';
import { NarrowPage } from '../../components/layout/narrow-page';
import { paths } from '../../config/paths';
import { rememberedSignInEmail } from '../../lib/sign-in-email';
import { isSignInLink, signInWithLink } from './my-application-api';
import { CheckApplicationForm } from './check-form';

const REFUSED =
  'This link cannot be used: it was used already, has expired, or belongs to another address. Ask for a new one below.';

/** Firebase passes a blocking function's refusal on inside its own error's message. */
const failureOf = (error: unknown): string =>
  error instanceof Error && error.message.includes(SESSION_MESSAGES.emailLinkRefused)
    ? SESSION_MESSAGES.emailLinkRefused
    : REFUSED;

function LinkSignIn({ href }: { href: string }) {
  const navigate = useNavigate();
  const known = rememberedSignInEmail();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="4">
      <Text color="gray.800">
        {known
          ? `Press the button to confirm ${known} and open your application.`
          : 'You opened this link in a different browser. Enter the e-mail address you applied with to confirm it and open your application.'}
      </Text>
      <Formik
        initialValues={{ email: known ?? '' }}
        validationSchema={signInLinkSchema}
        onSubmit={async ({ email }) => {
          setFailure(null);
          try {
            await signInWithLink(email, href);
            await navigate(paths.myApplication, { replace: true });
          } catch (error) {
            setFailure(failureOf(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="4" maxW="md">
              {known ? null : <EmailField label="Your e-mail address" />}
              <PrimaryButton type="submit" loading={isSubmitting} alignSelf="start">
                Confirm and sign in
              </PrimaryButton>
            </Stack>
          </Form>
        )}
      </Formik>
      {failure ? (
        <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" rounded="md" p="4">
          <Text color="red.800">{failure}</Text>
        </Box>
      ) : null}
    </Stack>
  );
}

export default function SignInPage() {
  const href = window.location.href;
  const hasLink = isSignInLink(href);
  return (
    <NarrowPage
      title="Check my application"
      description={`Sign in to see where your application to ${PROGRAM.name} stands.`}
      gap="8"
    >
      {hasLink ? <LinkSignIn href={href} /> : null}
      <Stack as="section" gap="4" aria-labelledby="new-link">
        <Heading as="h2" id="new-link" fontSize="xl" color="gray.900">
          {hasLink ? 'Need a new link?' : 'Get a sign-in link'}
        </Heading>
        <Text color="gray.800">
          We e-mail you a link that signs you in; no password needed. It works once and expires.
        </Text>
        <CheckApplicationForm />
      </Stack>
    </NarrowPage>
  );
}
