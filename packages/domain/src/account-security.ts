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

/**
 * An account without a passkey creates its first one only with an enrolment code: given on the
 * accept page of an invitation, or by the coordinator who reset the account's passkeys (in
 * person or by phone), or printed by the command line. It works once, for this long. The
 * password, or the mailbox, alone never enrols a passkey.
 */
export const ENROLMENT_CODE_TTL_MS = 60 * 60 * 1000;

/** The code's letters: no 0/O, 1/I/L or U, so it reads and types unambiguously over the phone. */
export const ENROLMENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** The ten letters of a code as typed (case, spaces and dashes ignored), or null. */
export function enrolmentCodeOf(typed: string): string | null {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  return letters.length === 10 && [...letters].every((c) => ENROLMENT_CODE_ALPHABET.includes(c))
    ? letters
    : null;
}

/** Web Crypto, which Node and browsers both have (the domain's own types name neither). */
interface WebCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
}
const webCrypto = () => (globalThis as unknown as { crypto: WebCrypto }).crypto;

/**
 * A new enrolment code, shown as `ABCDE-FGHJK`: ten letters drawn evenly from the alphabet with
 * the platform's cryptographic random source (Web Crypto, in Node as in browsers).
 */
export function newEnrolmentCode(): string {
  const letters: string[] = [];
  const n = ENROLMENT_CODE_ALPHABET.length;
  const limit = 256 - (256 % n); // rejection sampling: every letter equally likely
  while (letters.length < 10) {
    for (const byte of webCrypto().getRandomValues(new Uint8Array(16))) {
      if (byte < limit && letters.length < 10) letters.push(ENROLMENT_CODE_ALPHABET[byte % n]!);
    }
  }
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

/** The SHA-256 (hex) kept of a code, from its letters as typed; null when it is not a code. */
export async function enrolmentCodeHash(typed: string): Promise<string | null> {
  const letters = enrolmentCodeOf(typed);
  if (!letters) return null;
  // The letters are ASCII: one byte each.
  const bytes = Uint8Array.from(letters, (c) => c.charCodeAt(0));
  const digest = await webCrypto().subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * How long a fresh passkey answer (a step-up) lets the session add a passkey or change the
 * password: long enough for the change that asked for it, short enough that an unattended
 * session does not keep it.
 */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/** How long a passkey challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * How many passkey challenges one account may have waiting for an answer at once (each is
 * answerable for PASSKEY_CHALLENGE_TTL_MS): the second step's limit per account. Every sign-in
 * attempt, step-up and new device has its own challenge, so asking for another never spends the
 * one a person is answering; someone holding only the password can fill the account's slots for
 * at most those minutes, not cancel the owner's answer.
 */
export const MAX_PENDING_CHALLENGES = 10;

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
  tooManyChallenges:
    'Too many passkey requests for this account in the last few minutes. Wait 5 minutes, then try again.',
  passkeyRefused:
    'This passkey could not be verified. Try again, or ask another coordinator to reset your passkeys.',
  enrolFirst: 'Add a passkey first: this account has none yet.',
  alreadyEnrolled: 'This account already has a passkey: sign in with it.',
  passkeyInUse:
    'This passkey is already registered to a coordinator account, so it cannot be added again. Use another device or security key.',
  verified: 'Sign-in confirmed with your passkey.',
  ended: 'This session has ended: sign in again.',
  stepUpRequired:
    'Confirm it is you with your passkey first: this change needs a fresh answer from it.',
  steppedUp:
    'Confirmed with your passkey: you can change your passkeys and password for 5 minutes.',
  addressChanged:
    "This account's e-mail address is not the one the team knows: ask another coordinator to check it.",
  added: 'Passkey added. You can sign in with it on this device.',
  passkeysReset: (email: string) =>
    `${email}'s passkeys were removed and their sessions ended. Hand them the enrolment code shown on this page.`,
  enrolmentCodeNeeded:
    'Enter the enrolment code another coordinator gave you: this account has no passkey yet.',
  enrolmentCodeWrong:
    'This enrolment code is not right, or has expired. Ask another coordinator for a new one.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  localOnly: 'This shortcut only works on the local emulators.',
  wrongPassword: 'The current password is not correct.',
  resetLinkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  lastPasskey:
    'This is your only passkey: add another one before you remove it, or you could not sign in.',
  passkeyGone: 'This passkey is not on your account any more: the list is refreshed.',
  passkeyRemoved: 'Passkey removed. Sessions it confirmed on other devices are signed out.',
  emailLinkRefused:
    'Coordinators sign in on the admin sign-in page, with their password and passkey: an e-mailed link does not sign them in.',
} as const;

/**
 * The answer to a confirmed second step: the one-time sign-in token the browser signs in with
 * (Firebase's custom token), whose ID tokens carry the new session's id.
 */
export interface ConfirmedSessionResponse {
  message: string;
  signInToken: string;
}

/** One of the coordinator's own passkeys, as the account page lists it (no key material). */
export interface OwnPasskey {
  /** The credential id (base64url): WebAuthn hands it to the browser at every sign-in. */
  id: string;
  /** ISO times. */
  addedAt: string;
  lastUsedAt: string | null;
  /** How the browser reached it when it was made: 'internal', 'hybrid' (a phone), 'usb'... */
  transports: string[];
  /** It confirmed the session asking. */
  current: boolean;
}

export interface OwnPasskeysResponse {
  passkeys: OwnPasskey[];
}

/** A fresh passkey answer accepted: until when it lets the session make its changes. */
export interface StepUpResponse {
  message: string;
  /** ISO time. */
  until: string;
}

/** A reset of a coordinator's passkeys: the message and the enrolment code to hand over. */
export interface PasskeysResetResponse {
  message: string;
  /** Shown once, to the coordinator who reset: ten letters, as `ABCDE-FGHJK`. */
  enrolmentCode: string;
  /** When the code stops working (ISO time). */
  expiresAt: string;
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
  stepUpOptions: API.stepUpOptions.path,
  stepUp: API.stepUp.path,
  endSession: API.endSession.path,
  addPasskeyOptions: API.addPasskeyOptions.path,
  addPasskey: API.addPasskey.path,
  ownPasskeys: API.ownPasskeys.path,
  ownPasskey: (credentialId: string) =>
    API.ownPasskey.path.replace(':id', encodeURIComponent(credentialId)),
} as const;
