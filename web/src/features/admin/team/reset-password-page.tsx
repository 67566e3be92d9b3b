/**
 * The page the reset e-mail links to (`?oobCode=`): checks the one-time code with Firebase
 * Auth's web SDK (to show the address), then sends the code and the new password to the server,
 * which applies the one password policy before it uses the code: the same on the emulators and
 * in production. Every session of the account ends.
 */
import { Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { confirmPasswordReset } from './team-api';
import { NewPasswordForm } from './password-fields';
import { PageAlert, SignedOutCard } from './signed-out-card';

const EXPIRED =
  'This link has expired or was already used. Ask for a new one from the sign-in page.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('oobCode') ?? '';
  const [email, setEmail] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(code === '');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!code) return;
    verifyPasswordResetCode(auth, code).then(setEmail, () => setInvalid(true));
  }, [code]);

  return (
    <SignedOutCard title="Choose a new password" intro="For your coordinator account.">
      <Stack gap="4">
        {invalid ? (
          <PageAlert>{EXPIRED}</PageAlert>
        ) : email === null ? (
          <Stack direction="row" gap="2" role="status" align="center">
            <Spinner size="sm" aria-hidden="true" />
            <Text>Checking the link...</Text>
          </Stack>
        ) : (
          <>
            <Text>
              Account: <strong>{email}</strong>
            </Text>
            <PageAlert>{failure}</PageAlert>
            <NewPasswordForm
              name="Choose a new password"
              submitLabel="Save the new password"
              username={email}
              onSubmit={async (password, helpers) => {
                setFailure(null);
                try {
                  await confirmPasswordReset(code, password);
                } catch (error) {
                  if (error instanceof ApiRequestError && error.fields.password) {
                    helpers.setFieldError('password', error.fields.password);
                  } else if (error instanceof ApiRequestError && error.status === 409) {
                    setInvalid(true);
                  } else {
                    setFailure('The password could not be changed. Please try again.');
                  }
                  return;
                }
                navigate(paths.admin.login, {
                  replace: true,
                  state: { reason: 'password-changed' },
                });
              }}
            />
          </>
        )}
        <ChakraLink asChild colorPalette="blue">
          <Link to={paths.admin.login}>Back to sign-in</Link>
        </ChakraLink>
      </Stack>
    </SignedOutCard>
  );
}
