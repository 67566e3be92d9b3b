import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Heading,
  Input,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { TOASTS } from '@mentorship/domain';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { auth } from '../../../lib/firebase';
import { clearStaticValues, staticValues } from '../../../lib/takeover';
import { preloadDashboardCode } from './preload-dashboard';
import {
  isLoginReason,
  LOGIN_REASON_TEXT,
  clearSignOutReason,
  sharedReason,
  signOutWithReason,
  type LoginReason,
} from '../session';
import { AdminPageMeta } from '../../../components/layout/page-meta';

interface LoginValues {
  email: string;
  password: string;
}

/** One of the two fields, its error (set by the submit) shown as soon as there is one. */
function LoginField({
  name,
  label,
  type,
  autoComplete,
}: {
  name: keyof LoginValues;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
}) {
  const [field, { error }] = useField<string>(name);
  return (
    <Field.Root role="none" invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input {...field} type={type} autoComplete={autoComplete} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Where the coordinator was going when the guard sent them here (an admin page), if anywhere. */
const fromOf = (state: unknown): string | undefined => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : undefined;
};

const reasonFrom = (state: unknown): LoginReason | null => {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  const reason = (state as { reason: unknown }).reason;
  return isLoginReason(reason) ? reason : null;
};

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [refused, setRefused] = useState(false);
  const stated = reasonFrom(location.state);
  // Signed out by another tab: its reason can reach this tab's storage a moment after the
  // sign-out itself did, so the plain notice gives way to it when it arrives.
  const [fromOtherTab, setFromOtherTab] = useState<LoginReason | null>(null);
  useEffect(() => {
    if (stated !== 'signed-out') return;
    const read = () => setFromOtherTab(sharedReason());
    read();
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, [stated]);
  const reason = stated === 'signed-out' ? (fromOtherTab ?? stated) : stated;
  // The not-admin case has its own, more specific alert below.
  const notice = !refused && reason && reason !== 'not-admin' ? LOGIN_REASON_TEXT[reason] : null;
  const showRefusal = refused || reason === 'not-admin';
  // What was typed into the prerendered form before the app took it over (main.tsx).
  const [initialValues] = useState<LoginValues>(() => ({
    email: '',
    password: '',
    ...(staticValues(['email', 'password']) as Partial<LoginValues>),
  }));
  useEffect(clearStaticValues, []);
  // While the coordinator types, the dashboard's code comes in (preload-dashboard.ts).
  useEffect(() => preloadDashboardCode(), []);

  const submit = async (values: LoginValues, helpers: FormikHelpers<LoginValues>) => {
    const email = values.email.trim();
    const { password } = values;
    setRefused(false);
    if (!email || !password) {
      helpers.setErrors({
        email: email ? undefined : 'Enter your email address.',
        password: password ? undefined : 'Enter your password.',
      });
      showToast(TOASTS.missingCredentials, 'error');
      return;
    }
    let credential;
    try {
      credential = await signInWithEmailAndPassword(auth, email, password);
    } catch {
      showToast(TOASTS.loginFailed, 'error');
      return;
    }
    // A new sign-in: an earlier sign-out's reason (this tab's or another's) no longer explains
    // anything, and must not stand in for a refusal of this one.
    clearSignOutReason();
    // Claims are only in a freshly minted token: force the refresh before checking.
    const token = await credential.user.getIdTokenResult(true);
    if (token.claims.admin !== true) {
      setRefused(true);
      showToast(TOASTS.notAdministrator, 'error');
      await signOutWithReason('not-admin');
      return;
    }
    // The password is only the first step: the passkey confirms this sign-in (verify-page.tsx),
    // and until then the API and the rules open nothing.
    navigate(paths.admin.verify, { replace: true, state: { from: fromOf(location.state) } });
  };

  return (
    <Box maxW="md" mx="auto" py={{ base: '6', md: '12' }}>
      <Card.Root>
        <Card.Header>
          <AdminPageMeta title={'Sign in'} />
          <Heading as="h1" size="xl">
            Admin Login
          </Heading>
          <Text color="fg.muted">Sign in to manage students, mentors and pairs.</Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {notice && (
              <Alert.Root
                status={reason === 'removed' ? 'warning' : 'info'}
                role={reason === 'removed' ? 'alert' : undefined}
                data-reason={reason}
              >
                <Alert.Indicator aria-hidden />
                <Alert.Title>{notice}</Alert.Title>
              </Alert.Root>
            )}
            {showRefusal && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator aria-hidden />
                <Alert.Content>
                  <Alert.Title>{TOASTS.notAdministrator.title}</Alert.Title>
                  <Alert.Description>
                    You have been signed out. Sign in with an administrator account.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Formik<LoginValues> initialValues={initialValues} onSubmit={submit}>
              {({ isSubmitting }) => (
                // POST: the prerendered form, submitted before main.tsx holds submits, must not
                // put the password in a URL (the app handles the submit itself).
                <Form noValidate aria-label="Admin login" method="post">
                  <Stack gap="4">
                    <LoginField name="email" label="Email" type="email" autoComplete="email" />
                    <LoginField
                      name="password"
                      label="Password"
                      type="password"
                      autoComplete="current-password"
                    />
                    <Button
                      type="submit"
                      colorPalette="blue"
                      loading={isSubmitting}
                      loadingText="Signing in..."
                    >
                      Sign In
                    </Button>
                    <ChakraLink asChild colorPalette="blue" alignSelf="start">
                      <Link to={paths.admin.forgotPassword}>Forgot password?</Link>
                    </ChakraLink>
                  </Stack>
                </Form>
              )}
            </Formik>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
