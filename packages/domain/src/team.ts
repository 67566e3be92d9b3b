/**
 * The coordinator team: who may use the admin area, invitations, password reset and change.
 *
 * A coordinator is a user with the custom claim `admin: true` AND a document
 * `coordinators/{uid}` that only the server writes. The claim lets the rules decide without a
 * read for other users; the document is what removal deletes at once, so the Firestore rules
 * (`exists(...)`) and the API refuse a removed coordinator even while a token minted before the
 * removal is still in their browser.
 */
import { object, string, type InferType, type StringSchema } from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-security';
import { API, byId } from './api-paths';
import { linkTokenField } from './links';
import { COLLECTIONS } from './registry';
import { mentorStep1Schema } from './schemas';

/** The server-kept collection the rules read (`coordinators/{uid}`). */
export const COORDINATORS_COLLECTION = COLLECTIONS.coordinators;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The same e-mail rule as every other address the program takes. */
const email = mentorStep1Schema.fields.email as StringSchema<string>;

const password = (label: string) =>
  string()
    .required(`${label} is required.`)
    .typeError(`${label} must be text.`)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** POST /api/admin/team/invitations */
export const inviteCoordinatorSchema = object({ email });
export type InviteCoordinatorInput = InferType<typeof inviteCoordinatorSchema>;

/** POST /api/team/password-reset (public): always the same answer. */
export const passwordResetRequestSchema = object({ email });

/** POST /api/team/invitations/accept (public): the token from the e-mail and a new password. */
export const acceptInvitationSchema = object({
  token: linkTokenField('The invitation link is incomplete.'),
  password: password('Password'),
});
/** POST /api/team/password-reset/confirm (public): the code from the e-mail, a new password. */
export const passwordResetConfirmSchema = object({
  oobCode: string()
    .required('The reset link is incomplete.')
    .typeError('The reset link is incomplete.')
    .max(2000, 'The reset link is incomplete.'),
  password: password('New password'),
});

/**
 * POST /api/admin/account/password: the new password. A session confirmed with a passkey is
 * the proof (asking the current password again would mean a new sign-in, whose session has
 * not been confirmed).
 */
export const changePasswordSchema = object({ password: password('New password') });

export type AcceptInvitationInput = InferType<typeof acceptInvitationSchema>;

/** A new password chosen in a form (invitation, reset, change): typed twice. */
export const newPasswordFormSchema = object({
  password: password('New password'),
  confirm: string()
    .required('Type the new password again.')
    .test('same', 'The two passwords differ.', function same(value) {
      return value === this.parent.password;
    }),
});

export const teamPaths = {
  team: API.team.path,
  member: byId(API.teamMember),
  /** DELETE: another coordinator's passkeys (they lost their device). */
  memberPasskeys: byId(API.teamMemberPasskeys),
  invitations: API.invitations.path,
  /** DELETE: cancels a pending invitation (its link stops working). */
  invitation: byId(API.invitation),
  /** Public: invitation acceptance and the forgotten-password request. */
  acceptInvitation: API.acceptInvitation.path,
  passwordReset: API.passwordReset.path,
  passwordResetConfirm: API.passwordResetConfirm.path,
  changePassword: API.changePassword.path,
} as const;

export interface TeamMember {
  uid: string;
  email: string;
  addedAt: string;
  /** Who added them; null for the first coordinator (command line) and migrated ones. */
  addedBy: { uid: string; email: string | null } | null;
  /** From Firebase Auth; null when they never signed in. */
  lastSignInAt: string | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  invitedAt: string;
  invitedBy: { uid: string; email: string | null };
  expiresAt: string;
}

/** GET /api/admin/team */
export interface TeamResponse {
  members: TeamMember[];
  invitations: PendingInvitation[];
}

/** POST /api/team/invitations/accept answers the address to sign in with. */
export interface AcceptInvitationResponse {
  email: string;
  /** For the passkey the accept page has them create next (it works once, for an hour). */
  enrolmentCode: string;
}

export const TEAM_MESSAGES = {
  invited: (email: string) =>
    `Invitation sent to ${email}. The link works for ${INVITATION_TTL_DAYS} days.`,
  alreadyCoordinator: 'This address already belongs to a coordinator.',
  removed: (email: string) => `${email} is no longer a coordinator. Their sessions have ended.`,
  lastCoordinator:
    'You are the last coordinator: invite another coordinator before removing this account.',
  notACoordinator: 'This person is not a coordinator.',
  invitationCancelled: (email: string) =>
    `The invitation to ${email} is cancelled: its link no longer works.`,
  invitationNotPending: 'This invitation is no longer pending.',
  /** Accepting an invitation for an address that already belongs to a coordinator. */
  invitationForCoordinator:
    'This address already belongs to a coordinator: sign in with your password, or use "Forgot password".',
  invitationInvalid:
    'This invitation link has expired or was already used. Ask a coordinator to invite you again.',
  /** The one answer to a reset request, whether or not the address is a coordinator's. */
  passwordResetSent:
    'If this address belongs to a coordinator, a link to choose a new password is on its way. Check your inbox.',
} as const;
