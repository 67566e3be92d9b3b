/**
 * The browser's side of a coordinator's passkey (@simplewebauthn/browser): the server's
 * challenge, the authenticator's answer, the server's verdict. A confirmed answer opens a session
 * on the server and comes with a one-time sign-in token: the browser signs in with it, and its ID
 * tokens from then on carry that session's id (the password's own sign-in confirms nothing).
 */
import {
  type ConfirmedSessionResponse,
  type MessageResponse,
  type PasskeyOptionsResponse,
} from '@mentorship/domain';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { signInWithCustomToken } from 'firebase/auth';
import { auth } from '../../../lib/firebase';
import {
  confirmLocalDemoSession,
  getAddPasskeyOptions,
  getSessionPasskeyOptions,
  getStepUpOptions,
  saveAddedPasskey,
  saveStepUp,
  verifySessionPasskey,
} from '../api/account-security';

/** This sign-in's second step: what the account needs (a first passkey, or one of its own). */
export const sessionOptions = getSessionPasskeyOptions;

/**
 * Runs the authenticator for `options` and has the server verify the answer; a first passkey
 * goes with the account's enrolment code.
 */
export async function confirmSession(
  options: PasskeyOptionsResponse,
  enrolmentCode?: string,
): Promise<void> {
  let confirmed: ConfirmedSessionResponse;
  if (options.mode === 'local-demo') {
    confirmed = await confirmLocalDemoSession();
  } else {
    const response =
      options.mode === 'register'
        ? await startRegistration({
            optionsJSON: options.options as PublicKeyCredentialCreationOptionsJSON,
          })
        : await startAuthentication({
            optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON,
          });
    confirmed = await verifySessionPasskey(
      response,
      options.mode === 'register' ? enrolmentCode : undefined,
    );
  }
  await signInWithCustomToken(auth, confirmed.signInToken);
}

/**
 * A fresh answer from one of the account's passkeys (a step-up), which adding a passkey and
 * changing the password need: answers until when it counts (milliseconds since the epoch).
 */
export async function confirmItIsYou(): Promise<number> {
  const options = await getStepUpOptions<PublicKeyCredentialRequestOptionsJSON>();
  const response = await startAuthentication({ optionsJSON: options });
  return Date.parse((await saveStepUp(response)).until);
}

/** Another device's passkey, from a confirmed session that has just answered (`confirmItIsYou`). */
export async function addPasskey(): Promise<MessageResponse> {
  const options = await getAddPasskeyOptions<PublicKeyCredentialCreationOptionsJSON>();
  const response = await startRegistration({ optionsJSON: options });
  return saveAddedPasskey(response);
}

/** What to tell a person when the authenticator itself refused or was dismissed. */
export function authenticatorProblem(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey request was cancelled or timed out. Try again.';
  }
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError') {
    return 'This browser cannot use a passkey here. Try another browser or device.';
  }
  return null;
}
