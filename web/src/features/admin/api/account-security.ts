/**
 * A coordinator's own account: the passkey step of a sign-in, a fresh answer from the passkey
 * (before adding or removing one, or changing the password), another device's passkey, the list
 * of one's passkeys and the open page's activity heartbeat. The WebAuthn ceremonies themselves stay in login/passkey.ts;
 * these only carry the server's challenges and the authenticator's answers.
 */
import {
  accountSecurityPaths,
  type ConfirmedSessionResponse,
  type MessageResponse,
  type OwnPasskeysResponse,
  type PasskeyOptionsResponse,
  type StepUpResponse,
} from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

const post = <T>(path: string, body: unknown = {}) =>
  adminRequest<T>(path, { method: 'POST', body });

/** This sign-in's second step: what the account needs (a first passkey, or one of its own). */
export const getSessionPasskeyOptions = () =>
  post<PasskeyOptionsResponse>(accountSecurityPaths.passkeyOptions);

/** The authenticator's answer to this sign-in's challenge (a first passkey: with its code). */
export const verifySessionPasskey = (response: unknown, enrolmentCode?: string) =>
  post<ConfirmedSessionResponse>(accountSecurityPaths.passkeyVerify, {
    response,
    ...(enrolmentCode === undefined ? {} : { enrolmentCode }),
  });

/** The local demo administrator's one-step confirmation (the local emulators only). */
export const confirmLocalDemoSession = () =>
  post<ConfirmedSessionResponse>(accountSecurityPaths.localDemoFactor);

/** The challenge of a fresh answer from one's passkey (WebAuthn request options, JSON form). */
export const getStepUpOptions = <T>() => post<T>(accountSecurityPaths.stepUpOptions);

/** The fresh answer: until when the session may add a passkey or change the password. */
export const saveStepUp = (response: unknown) =>
  post<StepUpResponse>(accountSecurityPaths.stepUp, { response });

/** The challenge for another device's passkey (WebAuthn creation options, JSON form). */
export const getAddPasskeyOptions = <T>() => post<T>(accountSecurityPaths.addPasskeyOptions);

/** The new device's registration answer. */
export const saveAddedPasskey = (response: unknown) =>
  post<MessageResponse>(accountSecurityPaths.addPasskey, { response });

/** One's own passkeys: when each was added and last used. */
export const getOwnPasskeys = () =>
  adminRequest<OwnPasskeysResponse>(accountSecurityPaths.ownPasskeys);

/** Removes one of one's passkeys (never the last; the server refuses that). */
export const removeOwnPasskey = (id: string) =>
  adminRequest<MessageResponse>(accountSecurityPaths.ownPasskey(id), { method: 'DELETE' });

/** Tells the server the open page is in use, so its idle limit starts again. */
export const recordSessionActivity = () => post<unknown>(accountSecurityPaths.activity);
