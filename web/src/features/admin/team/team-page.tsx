/**
 * The coordinator team: every coordinator (e-mail, when added and by whom, last sign-in), the
 * pending invitations, an invitation form, and Remove (the server takes the claim away, ends
 * every session at once and deletes their coordinators document, with the pending invitations
 * they sent or received). The last coordinator cannot be removed: the server refuses, and the
 * button is disabled with the reason next to it. A pending invitation can be cancelled (confirmed
 * first): its link stops working.
 */
import { Alert, Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import {
  INVITATION_TTL_DAYS,
  inviteCoordinatorSchema,
  type PendingInvitation,
  type TeamMember,
} from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { AdminPage, AdminSection } from '../../../components/layout/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { showFailure } from '../api/error-toast';
import { authenticatorProblem, confirmItIsYou } from '../login/passkey';
import { formatTime, LoadError, Loading } from '../dashboard/list-parts';
import {
  useCancelInvitation,
  useInvite,
  useRemoveCoordinator,
  useResetPasskeys,
  useTeam,
} from './team-api';
import { RegionTable } from '../components/region-table';
import { countOf } from '../../../lib/count-of';

const INVITE_FAILED = { title: 'Invitation Not Sent' };
const REMOVE_FAILED = { title: 'Coordinator Not Removed' };
const CANCEL_FAILED = { title: 'Invitation Not Cancelled' };
const LAST_ONE_HINT = 'The last coordinator cannot be removed. Invite someone first.';

function InviteForm() {
  const invite = useInvite();
  const [announcement, setAnnouncement] = useState('');
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={inviteCoordinatorSchema}
      onSubmit={async ({ email }, helpers) => {
        setAnnouncement('');
        try {
          const { message } = await invite.mutateAsync(email.trim());
          helpers.resetForm();
          setAnnouncement(message);
          showToast({ title: 'Invitation Sent', description: message }, 'success');
        } catch (error) {
          if (error instanceof ApiRequestError && error.fields.email) {
            helpers.setFieldError('email', error.fields.email);
            return;
          }
          showFailure(INVITE_FAILED, error);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Invite a coordinator">
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }}>
            <Box flex="1">
              <TextField
                name="email"
                label="E-mail address"
                type="email"
                autoComplete="off"
                helperText={`They get an e-mail with a link to choose a password. The link works for ${INVITATION_TTL_DAYS} days.`}
                required
              />
            </Box>
            <Button type="submit" colorPalette="blue" loading={isSubmitting} mt={{ md: '7' }}>
              Send invitation
            </Button>
          </Stack>
          <Text role="status" fontSize="sm" color="fg.muted">
            {announcement}
          </Text>
        </Form>
      )}
    </Formik>
  );
}

function MembersTable({
  members,
  onRemove,
  onResetPasskeys,
}: {
  members: TeamMember[];
  onRemove: (member: TeamMember) => void;
  onResetPasskeys: (member: TeamMember) => void;
}) {
  const me = auth.currentUser?.uid;
  const lastOne = members.length <= 1;
  return (
    <RegionTable
      label="Coordinators"
      caption={countOf(members.length, 'coordinator')}
      headers={['E-mail', 'Added', 'Added by', 'Last sign-in']}
    >
      {members.map((member) => (
        <Table.Row key={member.uid} data-testid="team-member">
          <Table.Cell>
            {member.email}{' '}
            {member.uid === me && (
              <Badge colorPalette="blue" variant="subtle">
                You
              </Badge>
            )}
          </Table.Cell>
          <Table.Cell>
            <time dateTime={member.addedAt}>{formatTime(member.addedAt)}</time>
          </Table.Cell>
          <Table.Cell>
            {member.addedBy
              ? (member.addedBy.email ?? member.addedBy.uid)
              : 'Set up by command line'}
          </Table.Cell>
          <Table.Cell>
            {member.lastSignInAt ? (
              <time dateTime={member.lastSignInAt}>{formatTime(member.lastSignInAt)}</time>
            ) : (
              'Never'
            )}
          </Table.Cell>
          <Table.Cell>
            <HStack gap="2" wrap="wrap">
              {member.uid !== me && (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Reset passkeys of ${member.email}`}
                  onClick={() => onResetPasskeys(member)}
                >
                  Reset passkeys
                </Button>
              )}
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={lastOne}
                aria-describedby={lastOne ? 'last-coordinator-hint' : undefined}
                aria-label={`Remove ${member.email}`}
                onClick={() => onRemove(member)}
              >
                Remove
              </Button>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </RegionTable>
  );
}

/**
 * The enrolment code of a reset, for the coordinator who made it to hand over in person or by
 * phone: shown once (the server keeps only its hash), until they dismiss it.
 */
function EnrolmentCodeNotice({
  email,
  code,
  expiresAt,
  onDone,
}: {
  email: string;
  code: string;
  expiresAt: string;
  onDone: () => void;
}) {
  return (
    <Alert.Root status="warning" role="status" aria-labelledby="enrolment-code-title">
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title id="enrolment-code-title" tabIndex={-1}>
          Enrolment code for {email}
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text
              fontFamily="mono"
              fontSize="2xl"
              letterSpacing="widest"
              data-testid="enrolment-code"
            >
              {code}
            </Text>
            <Text>
              Give it to them in person or by phone, never by e-mail: their next sign-in asks for it
              to create a new passkey. It works once, until{' '}
              <time dateTime={expiresAt}>{formatTime(expiresAt)}</time>. It is not shown again.
            </Text>
            <Button size="sm" variant="outline" alignSelf="start" onClick={onDone}>
              Done, I handed it over
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export default function TeamPage() {
  const team = useTeam();
  const remove = useRemoveCoordinator();
  const cancel = useCancelInvitation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const resetPasskeys = useResetPasskeys();
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  /** The last reset's enrolment code, shown until dismissed (the server keeps only its hash). */
  const [handOver, setHandOver] = useState<{
    email: string;
    code: string;
    expiresAt: string;
  } | null>(null);

  /** Waiting for the resetting coordinator's own passkey (the server needs a fresh answer). */
  const [answering, setAnswering] = useState(false);
  /**
   * After a reset the focus goes to its enrolment code, centred on screen: the next thing the
   * coordinator needs, and clear of the toast that would cover the Reset button on a phone.
   */
  const resetDone = useRef(false);
  const codeTitle = () => document.getElementById('enrolment-code-title');
  useEffect(() => {
    if (!handOver || !resetDone.current) return;
    codeTitle()?.focus({ preventScroll: true });
    codeTitle()?.scrollIntoView({ block: 'center' });
  }, [handOver]);
  /** Where the closing dialog puts the focus: the code after a reset, else back to the button. */
  const afterResetDialog = () => {
    const done = resetDone.current;
    resetDone.current = false;
    return done ? codeTitle() : null;
  };
  const confirmReset = async () => {
    if (!resetting) return;
    try {
      setAnswering(true);
      await confirmItIsYou();
      setAnswering(false);
      const { message, enrolmentCode, expiresAt } = await resetPasskeys.mutateAsync(resetting.uid);
      resetDone.current = true;
      setHandOver({ email: resetting.email, code: enrolmentCode, expiresAt });
      showToast({ title: 'Passkeys Reset', description: message }, 'success');
    } catch (error) {
      const problem = authenticatorProblem(error);
      if (problem) showToast({ title: 'Passkeys Not Reset', description: problem }, 'error');
      else showFailure({ title: 'Passkeys Not Reset' }, error);
    }
    setAnswering(false);
    setResetting(null);
  };
  const [cancelling, setCancelling] = useState<PendingInvitation | null>(null);

  /** Where focus goes once an invitation is cancelled (its button is gone); null: kept. */
  const focusAfterCancel = useRef<string | null>(null);

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const { message } = await cancel.mutateAsync(cancelling.id);
      // The list's heading, or, when this was the last one (the list goes), the section's.
      const othersLeft = (team.data?.invitations ?? []).some((i) => i.id !== cancelling.id);
      focusAfterCancel.current = othersLeft ? 'pending-invitations-heading' : 'invite-heading';
      showToast({ title: 'Invitation Cancelled', description: message }, 'success');
    } catch (error) {
      showFailure(CANCEL_FAILED, error);
    }
    setCancelling(null);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { message } = await remove.mutateAsync(removing.uid);
      showToast({ title: 'Coordinator Removed', description: message }, 'success');
    } catch (error) {
      showFailure(REMOVE_FAILED, error);
    }
    setRemoving(null);
  };

  return (
    <AdminPage
      title="Coordinator team"
      heading="Coordinator team"
      gap="8"
      intro={
        <Text color="fg.muted">
          Everyone here can review applications and match students with mentors. Changes are in the
          Activity history.
        </Text>
      }
    >
      <AdminSection headingId="members-heading" heading="Coordinators">
        {team.isPending ? (
          <Loading what="coordinators" />
        ) : team.isError ? (
          <LoadError what="coordinators" onRetry={() => void team.refetch()} />
        ) : (
          <>
            <MembersTable
              members={team.data.members}
              onRemove={setRemoving}
              onResetPasskeys={setResetting}
            />
            {handOver && <EnrolmentCodeNotice {...handOver} onDone={() => setHandOver(null)} />}
            {team.data.members.length <= 1 && (
              <Alert.Root status="info" id="last-coordinator-hint">
                <Alert.Indicator aria-hidden />
                <Alert.Title>{LAST_ONE_HINT}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
      </AdminSection>

      <AdminSection headingId="invite-heading" heading="Invite a coordinator" focusTarget>
        <InviteForm />
        {team.data && team.data.invitations.length > 0 && (
          <Box>
            <Heading as="h3" size="md" mb="2" id="pending-invitations-heading" tabIndex={-1}>
              Pending invitations
            </Heading>
            <Stack as="ul" gap="1" ps="0" listStyleType="none" aria-label="Pending invitations">
              {team.data.invitations.map((invitation) => (
                <Stack
                  as="li"
                  key={invitation.id}
                  direction={{ base: 'column', sm: 'row' }}
                  gap="2"
                  align={{ sm: 'center' }}
                  data-testid="pending-invitation"
                >
                  <Text fontSize="sm" flex="1">
                    {invitation.email}, invited by{' '}
                    {invitation.invitedBy.email ?? invitation.invitedBy.uid} on{' '}
                    <time dateTime={invitation.invitedAt}>{formatTime(invitation.invitedAt)}</time>;
                    expires{' '}
                    <time dateTime={invitation.expiresAt}>{formatTime(invitation.expiresAt)}</time>
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    alignSelf={{ base: 'flex-start', sm: 'center' }}
                    aria-label={`Cancel the invitation to ${invitation.email}`}
                    onClick={() => {
                      focusAfterCancel.current = null;
                      setCancelling(invitation);
                    }}
                  >
                    Cancel invitation
                  </Button>
                </Stack>
              ))}
            </Stack>
          </Box>
        )}
      </AdminSection>

      <ConfirmDialog
        open={removing !== null}
        title="Remove Coordinator"
        description={
          removing
            ? `Remove ${removing.email} from the coordinators? Their access ends at once: every open session is signed out.`
            : ''
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />

      <ConfirmDialog
        open={resetting !== null}
        title="Reset Passkeys"
        description={
          resetting
            ? `Reset the passkeys of ${resetting.email}? Do this only when they lost their device and asked you in person or by phone. Your own passkey confirms it. Their open sessions end; you then get an enrolment code to give them, with which they create a new passkey at their next sign-in.`
            : ''
        }
        confirmLabel="Reset passkeys"
        pending={answering || resetPasskeys.isPending}
        finalFocus={afterResetDialog}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(null)}
      />

      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel Invitation"
        description={
          cancelling
            ? `Cancel the invitation to ${cancelling.email}? Its link stops working; you can send a new invitation later.`
            : ''
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep invitation"
        pending={cancel.isPending}
        // The cancelled invitation's button is gone: focus goes to the list (or, when it was the
        // last one, to the section's heading); kept, back to the button that opened the dialog.
        finalFocus={() =>
          focusAfterCancel.current ? document.getElementById(focusAfterCancel.current) : null
        }
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </AdminPage>
  );
}
