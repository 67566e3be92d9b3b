/** A new password typed twice (invitation, reset, change), checked by the domain's schema. */
import { PASSWORD_MIN_LENGTH } from '@mentorship/domain';
import { TextField } from '../../../components/form';

export function NewPasswordFields() {
  return (
    <>
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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
