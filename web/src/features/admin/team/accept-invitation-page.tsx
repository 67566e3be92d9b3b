/**
 * The page the invitation e-mail links to (`#token=`, in the fragment no server sees): the invitee
 * chooses a password; the server makes them a coordinator and answers an enrolment code; they are
 * signed in and create their passkey with it at once, then reach the dashboard.
 */
import { Stack } from '@chakra-ui/react';
import { INVITATION_TTL_DAYS, tokenFromLocation } from '@mentorship/domain';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { clearSignOutReason } from '../session';
import { NewPasswordForm } from './password-fields';
import { PageAlert, SignedOutCard } from './signed-out-card';
import { acceptInvitation } from './team-api';

export default function AcceptInvitationPage() {
  const navigate = useNavigate();
  const token = tokenFromLocation(useLocation());
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This invitation link is incomplete. Open the link from the e-mail again.',
  );
  return (
    <SignedOutCard
      title="Join the coordinators"
      intro={`Choose the password you will sign in with. An invitation link works for ${INVITATION_TTL_DAYS} days and only once.`}
    >
      <Stack gap="4">
        <PageAlert>{failure}</PageAlert>
        <NewPasswordForm
          name="Join the coordinators"
          submitLabel="Join and sign in"
          disabled={!token}
          onSubmit={async (password, helpers) => {
            setFailure(null);
            let email: string;
            let enrolmentCode: string;
            try {
              ({ email, enrolmentCode } = await acceptInvitation(token, password));
            } catch (error) {
              if (error instanceof ApiRequestError && error.fields.password) {
                helpers.setFieldError('password', error.fields.password);
              } else {
                setFailure(
                  error instanceof ApiRequestError
                    ? (error.fields.token ?? error.serverMessage)
                    : 'Something went wrong. Please try again.',
                );
              }
              return;
            }
            const credential = await signInWithEmailAndPassword(auth, email, password);
            // The claim was just granted: a fresh token carries it.
            await credential.user.getIdToken(true);
            clearSignOutReason();
            // Their passkey next, with the code this invitation's acceptance gave (carried in the
            // page's history entry, never shown): the password alone would open nothing.
            navigate(paths.admin.verify, {
              replace: true,
              state: { enrolmentCode, from: paths.admin.dashboard },
            });
          }}
        />
      </Stack>
    </SignedOutCard>
  );
}
