/**
 * The page the reset e-mail links to (`?oobCode=`): checks the one-time code with Firebase
 * Auth's web SDK, then sets the new password with it (confirmPasswordReset): the same on the
 * emulators and in production. Every other session of the account ends (Firebase revokes them).
 */
import { Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { auth } from '../../../lib/firebase';
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
                  await confirmPasswordReset(auth, code, password);
                } catch (error) {
                  const reason = (error as { code?: string }).code;
                  if (reason === 'auth/weak-password') {
                    helpers.setFieldError('password', 'Choose a longer, less common password.');
                  } else if (
                    reason === 'auth/expired-action-code' ||
                    reason === 'auth/invalid-action-code'
                  ) {
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
