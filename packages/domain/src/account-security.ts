/**
 * How strong a coordinator's account is: the password policy every path applies (invitation,
 * reset, change: the server checks it, the forms say the same before sending), the second factor
 * (a passkey, verified by the function) and how long a session lasts.
 *
 * A confirmed session is one sign-in with its own id, which nobody else holds or can guess. The
 * password alone signs in to Firebase and opens nothing; once the coordinator's passkey answers the
 * server's challenge, the server writes a session record (`coordinatorSessions/{id}`: whose it is
 * and until when it stands) and hands the browser a one-time sign-in token carrying that id (the
 * ID token's claim `sid`). The API and the Firestore rules let in only a token whose `sid` names a
 * record of the same account that has not expired; ending the session deletes the record, so the
 * API and Firestore refuse that token at once.
 */
import { API } from './api-paths';
import { PROGRAM } from './program';

// The same length the Auth password policy enforces (npm run setup), so Firebase and this agree.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** A session ends 12 hours after its sign-in, or after 30 minutes without activity. */
export const SESSION_LIMITS = {
  absoluteMs: 12 * 60 * 60 * 1000,
  idleMs: 30 * 60 * 1000,
  /** How often an active admin page tells the server it is in use (at most). */
  heartbeatMs: 4 * 60 * 1000,
} as const;

/**
 * How many confirmed sessions (devices, browsers) one coordinator keeps open at once: a new one
 * beyond that ends the oldest.
 */
export const MAX_OPEN_SESSIONS = 20;

/** How long a passkey challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * What is wrong with `password` for the account `email`, or null: at least 12 characters, not
 * the address (nor its part before the @), not the program's name. One function for every path.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const typed = squash(password);
  const address = email.trim().toLowerCase();
  const local = squash(address.split('@')[0] ?? '');
  if (typed === squash(address) || (local.length >= 4 && typed.includes(local)))
    return 'Choose a password that does not contain your email address.';
  for (const name of [PROGRAM.name, PROGRAM.shortName]) {
    const n = squash(name);
    if (n.length >= 5 && typed.includes(n))
      return "Choose a password that does not contain the program's name.";
  }
  return null;
}

export const SESSION_MESSAGES = {
  factorRequired:
    'Confirm your sign-in with your passkey to continue: a password alone does not open the admin area.',
  expired: 'Your session ended after 12 hours: sign in again.',
  idle: 'Signed out after 30 minutes without activity: sign in again.',
  noChallenge: 'This passkey request has expired. Try again.',
  passkeyRefused:
    'This passkey could not be verified. Try again, or ask another coordinator to reset your passkeys.',
  enrolFirst: 'Add a passkey first: this account has none yet.',
  alreadyEnrolled: 'This account already has a passkey: sign in with it.',
  passkeyInUse:
    'This passkey is already registered to a coordinator account, so it cannot be added again. Use another device or security key.',
  verified: 'Sign-in confirmed with your passkey.',
  ended: 'This session has ended: sign in again.',
  added: 'Passkey added. You can sign in with it on this device.',
  passkeysReset: (email: string) =>
    `${email}'s passkeys were removed and their sessions ended. They add a new passkey at their next sign-in.`,
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  localOnly: 'This shortcut only works on the local emulators.',
  wrongPassword: 'The current password is not correct.',
  resetLinkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
} as const;

/**
 * The answer to a confirmed second step: the one-time sign-in token the browser signs in with
 * (Firebase's custom token), whose ID tokens carry the new session's id.
 */
export interface ConfirmedSessionResponse {
  message: string;
  signInToken: string;
}

/** The session's state the admin app reads before it opens the dashboard. */
export interface PasskeyOptionsResponse {
  /**
   * `register`: the account has no passkey yet; `authenticate`: answer with one of them;
   * `local-demo`: the demo administrator on the local emulators (no passkey: see docs/security.md).
   */
  mode: 'register' | 'authenticate' | 'local-demo';
  /** The WebAuthn options (JSON form) for @simplewebauthn/browser. */
  options: unknown;
}

export const accountSecurityPaths = {
  passkeyOptions: API.passkeyOptions.path,
  passkeyVerify: API.passkeyVerify.path,
  localDemoFactor: API.localDemoFactor.path,
  activity: API.sessionActivity.path,
  endSession: API.endSession.path,
  addPasskeyOptions: API.addPasskeyOptions.path,
  addPasskey: API.addPasskey.path,
} as const;
