/**
 * The signed-in coordinator's account: who they are signed in as, a passkey for another device,
 * and a password change. The change goes through the server (its one password policy); the
 * session confirmed with a passkey is the proof, so no current password is asked (asking it
 * again would be a new sign-in, not yet confirmed). Every session of the account then ends, this
 * one too: the coordinator signs in again with the new password.
 */
import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { newPasswordFormSchema } from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminPageMeta } from '../../../components/layout/page-meta';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError, messageOf } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { addPasskey, authenticatorProblem } from '../login/passkey';
import { signOutWithReason } from '../session';
import { emptyNewPassword, NewPasswordFields } from './password-fields';
import { changePassword } from './team-api';

function AddPasskeyCard() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Card.Root mb="6">
      <Card.Header>
        <Heading as="h2" size="lg">
          Passkeys
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>
            Every sign-in is confirmed with a passkey. Add one on another device (a second computer
            or your phone) so you can sign in there too.
          </Text>
          <Button
            colorPalette="blue"
            variant="outline"
            alignSelf="start"
            loading={busy}
            loadingText="Waiting for your passkey..."
            onClick={async () => {
              setBusy(true);
              setStatus(null);
              try {
                const { message } = await addPasskey();
                setStatus({ ok: true, text: message });
                showToast({ title: 'Passkey added' }, 'success');
              } catch (error) {
                setStatus({ ok: false, text: authenticatorProblem(error) ?? messageOf(error) });
              } finally {
                setBusy(false);
              }
            }}
          >
            Add a passkey on this device
          </Button>
          <Text
            role={status?.ok === false ? 'alert' : 'status'}
            color={status?.ok === false ? 'fg.error' : 'fg.success'}
          >
            {status?.text}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function AccountPage() {
  const email = auth.currentUser?.email ?? '';
  const navigate = useNavigate();
  return (
    <Box maxW="lg">
      <AdminPageMeta title="Your account" />
      <Heading as="h1" size="2xl" mb="2">
        Your account
      </Heading>
      <Text mb="6">
        Signed in as <strong>{email}</strong>
      </Text>
      <AddPasskeyCard />
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
                await changePassword(password);
              } catch (error) {
                helpers.setFieldError(
                  'password',
                  error instanceof ApiRequestError && error.fields.password
                    ? error.fields.password
                    : messageOf(error),
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
