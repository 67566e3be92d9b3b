/**
 * The signed-in coordinator's account: who they are signed in as, and a password change
 * (re-authentication with the current password, then updatePassword; Firebase ends the account's
 * other sessions).
 */
import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { newPasswordFormSchema } from '@mentorship/domain';
import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { TextField } from '../../../components/form';
import { AdminPageMeta } from '../../../components/layout/page-meta';
import { showToast } from '../../../components/ui/toaster';
import { auth } from '../../../lib/firebase';
import { emptyNewPassword, NewPasswordFields } from './password-fields';

const changeSchema = newPasswordFormSchema.concat(
  object({ current: string().required('Enter your current password.') }),
);

export default function AccountPage() {
  const email = auth.currentUser?.email ?? '';
  const [announcement, setAnnouncement] = useState('');
  return (
    <Box maxW="lg">
      <AdminPageMeta title="Your account" />
      <Heading as="h1" size="2xl" mb="2">
        Your account
      </Heading>
      <Text mb="6">
        Signed in as <strong>{email}</strong>
      </Text>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Change your password
          </Heading>
        </Card.Header>
        <Card.Body>
          <Formik
            initialValues={{ current: '', ...emptyNewPassword }}
            validationSchema={changeSchema}
            onSubmit={async ({ current, password }, helpers) => {
              setAnnouncement('');
              const user = auth.currentUser;
              if (!user?.email) return;
              try {
                await reauthenticateWithCredential(
                  user,
                  EmailAuthProvider.credential(user.email, current),
                );
              } catch (error) {
                const code = (error as { code?: string }).code;
                if (code === 'auth/too-many-requests') {
                  helpers.setFieldError(
                    'current',
                    'Too many attempts. Wait a while, then try again.',
                  );
                } else {
                  helpers.setFieldError('current', 'This is not your current password.');
                }
                return;
              }
              try {
                await updatePassword(user, password);
              } catch (error) {
                const code = (error as { code?: string }).code;
                helpers.setFieldError(
                  'password',
                  code === 'auth/weak-password'
                    ? 'Choose a longer, less common password.'
                    : 'The password could not be changed. Please try again.',
                );
                return;
              }
              helpers.resetForm();
              setAnnouncement('Your password has been changed.');
              showToast({ title: 'Password Changed' }, 'success');
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Change your password">
                <input type="hidden" name="username" autoComplete="username" value={email} />
                <Stack gap="2">
                  <TextField
                    name="current"
                    label="Current password"
                    type="password"
                    autoComplete="current-password"
                    required
                  />
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
          <Text role="status" mt="3" color="fg.success">
            {announcement}
          </Text>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
