/**
 * The signed-in coordinator's account: who they are signed in as, their passkeys (passkeys-card:
 * the list, one for another device, Remove), and a password change. Changes need a fresh answer
 * from one of their passkeys (the server keeps it for 5 minutes): a session left open, or taken
 * over, does not rebind the account by itself.
 * The page asks for it when a change needs it, or beforehand with "Confirm it's you". The
 * password change goes through the server (its one password policy); every session of the
 * account then ends, this one too: the coordinator signs in again with the new password.
 */
import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { newPasswordFormSchema } from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { formatTime } from '../dashboard/list-parts';
import { useNavigate } from 'react-router-dom';
import { AdminPageMeta } from '../../../components/layout/page-meta';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError, messageOf } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { authenticatorProblem, confirmItIsYou } from '../login/passkey';
import { signOutWithReason } from '../session';
import { emptyNewPassword, NewPasswordFields } from './password-fields';
import { PasskeysCard } from './passkeys-card';
import { changePassword } from './team-api';

/** A fresh answer from the passkey: until when it counts, and how to get one when needed. */
interface FreshAnswer {
  until: number | null;
  /** Asks the passkey now unless an answer of the last minutes still counts. */
  ensure: () => Promise<void>;
}

function useFreshAnswer(): FreshAnswer & { confirm: () => Promise<void> } {
  const [until, setUntil] = useState<number | null>(null);
  // Forgotten when it lapses, so the page asks again rather than show a time gone by.
  useEffect(() => {
    if (until === null) return;
    const timer = window.setTimeout(() => setUntil(null), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [until]);
  const confirm = async () => setUntil(await confirmItIsYou());
  // A margin, so an answer about to lapse is not used for a change that then arrives late.
  const ensure = async () => {
    if (until === null || Date.now() > until - 30_000) await confirm();
  };
  return { until, ensure, confirm };
}

function ConfirmCard({ fresh }: { fresh: ReturnType<typeof useFreshAnswer> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The button goes once confirmed: the focus moves to what replaced it, not to the page's body.
  const confirmed = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (moveFocus.current && fresh.until !== null) {
      moveFocus.current = false;
      confirmed.current?.focus();
    }
  }, [fresh.until]);
  return (
    <Card.Root mb="6">
      <Card.Body>
        <Stack gap="3">
          <Text>
            Adding or removing a passkey and changing your password need a fresh answer from your
            passkey.
          </Text>
          {fresh.until !== null ? (
            <Text role="status" color="fg.success" ref={confirmed} tabIndex={-1}>
              Confirmed with your passkey until{' '}
              <time dateTime={new Date(fresh.until).toISOString()}>
                {formatTime(new Date(fresh.until).toISOString())}
              </time>
              .
            </Text>
          ) : (
            <Button
              variant="outline"
              alignSelf="start"
              loading={busy}
              loadingText="Waiting for your passkey..."
              onClick={async () => {
                setBusy(true);
                setProblem(null);
                try {
                  moveFocus.current = true;
                  await fresh.confirm();
                } catch (error) {
                  moveFocus.current = false;
                  setProblem(authenticatorProblem(error) ?? messageOf(error));
                } finally {
                  setBusy(false);
                }
              }}
            >
              Confirm it&apos;s you
            </Button>
          )}
          <Text role="alert" color="fg.error">
            {problem}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function AccountPage() {
  const email = auth.currentUser?.email ?? '';
  const navigate = useNavigate();
  const fresh = useFreshAnswer();
  return (
    <Box maxW="lg">
      <AdminPageMeta title="Your account" />
      <Heading as="h1" size="2xl" mb="2">
        Your account
      </Heading>
      <Text mb="6">
        Signed in as <strong>{email}</strong>
      </Text>
      <ConfirmCard fresh={fresh} />
      <PasskeysCard fresh={fresh} />
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Change your password
          </Heading>
        </Card.Header>
        <Card.Body>
          <Formik
            initialValues={emptyNewPassword}
            validationSchema={newPasswordFormSchema}
            onSubmit={async ({ password }, helpers) => {
              try {
                await fresh.ensure();
                await changePassword(password);
              } catch (error) {
                helpers.setFieldError(
                  'password',
                  error instanceof ApiRequestError && error.fields.password
                    ? error.fields.password
                    : (authenticatorProblem(error) ?? messageOf(error)),
                );
                return;
              }
              showToast({ title: 'Password Changed' }, 'success');
              await signOutWithReason('password-changed');
              navigate(paths.admin.login, { replace: true, state: { reason: 'password-changed' } });
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Change your password">
                <input type="hidden" name="username" autoComplete="username" value={email} />
                <Stack gap="2">
                  <Text fontSize="sm" color="fg.muted">
                    You will be signed out everywhere and sign in again with the new password.
                  </Text>
                  <NewPasswordFields />
                  <Button
                    type="submit"
                    colorPalette="blue"
                    loading={isSubmitting}
                    alignSelf="start"
                  >
                    Change password
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
