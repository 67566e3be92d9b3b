/** A new password typed twice (invitation, reset, change), checked by the domain's schema. */
import { Button, Stack } from '@chakra-ui/react';
import { newPasswordFormSchema, PASSWORD_MIN_LENGTH } from '@mentorship/domain';
import { Form, Formik, type FormikHelpers } from 'formik';
import { TextField } from '../../../components/form';

export function NewPasswordFields() {
  return (
    <>
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters; not your email address or the program's name.`}
        required
      />
      <TextField
        name="confirm"
        label="Type the new password again"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

export const emptyNewPassword = { password: '', confirm: '' };

/**
 * The signed-out pages' form that sets a new password (accepting an invitation, resetting a
 * forgotten one): named, the password typed twice, one button. `username`, when known, names the
 * account in a hidden field for password managers.
 */
export function NewPasswordForm({
  name,
  submitLabel,
  username,
  disabled,
  onSubmit,
}: {
  name: string;
  submitLabel: string;
  username?: string;
  disabled?: boolean;
  onSubmit: (password: string, helpers: FormikHelpers<typeof emptyNewPassword>) => Promise<void>;
}) {
  return (
    <Formik
      initialValues={emptyNewPassword}
      validationSchema={newPasswordFormSchema}
      onSubmit={({ password }, helpers) => onSubmit(password, helpers)}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={name}>
          {username === undefined ? null : (
            <input type="hidden" name="username" autoComplete="username" value={username} />
          )}
          <Stack gap="2">
            <NewPasswordFields />
            <Button type="submit" colorPalette="blue" loading={isSubmitting} disabled={disabled}>
              {submitLabel}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
