/**
 * Sign-out with a reason the login page can show ("signed out", "not an administrator"...).
 * The reason lives outside React because the guard that redirects and the code that signs out
 * are different components.
 */
import { accountSecurityPaths, SESSION_MESSAGES } from '@mentorship/domain';
import { signOut } from 'firebase/auth';
import { apiRequest } from '../../lib/api-client';
import { auth } from '../../lib/firebase';

export type LoginReason =
  | 'signed-out'
  | 'logged-out'
  | 'not-admin'
  | 'session-ended'
  | 'removed'
  | 'password-changed'
  | 'idle'
  | 'expired'
  | 'passkeys-reset';

export const LOGIN_REASON_TEXT: Record<LoginReason, string> = {
  'signed-out': 'Please sign in as an administrator to continue.',
  'logged-out': 'You have been signed out.',
  'not-admin': 'This account is not an administrator',
  'session-ended': 'Your session has ended. Please sign in again.',
  removed:
    'You were signed out: your coordinator access was removed. Ask a coordinator if this is a mistake.',
  'password-changed': 'Your password has been changed. Sign in with your new password.',
  idle: SESSION_MESSAGES.idle,
  expired: SESSION_MESSAGES.expired,
  'passkeys-reset':
    'Your passkeys were reset by another coordinator: sign in again and add a new passkey.',
};

/** The reason to give for a refusal of the API (the server names the limit that ended it). */
export function reasonForRefusal(serverMessage: string): LoginReason {
  if (serverMessage === SESSION_MESSAGES.idle) return 'idle';
  if (serverMessage === SESSION_MESSAGES.expired) return 'expired';
  return 'session-ended';
}

let pendingReason: LoginReason | null = null;

/**
 * A sign-out ends the session in every tab of the browser (Firebase shares it), but only the tab
 * that signed out knows why: the others hear of it as a plain sign-out. The reason is kept in
 * localStorage too, so every tab's sign-in page says the same thing, until the next sign-in.
 */
const SHARED_REASON_KEY = 'admin.signOutReason';

/** The reason another tab (or this one) gave, and when (milliseconds since the epoch). */
function sharedEntry(): { reason: LoginReason; at: number } | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(SHARED_REASON_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { reason, at } = value as Record<string, unknown>;
    return isLoginReason(reason) && typeof at === 'number' ? { reason, at } : null;
  } catch {
    return null; // Storage refused or garbled: this tab's own reason, or the plain one.
  }
}

export const sharedReason = (): LoginReason | null => sharedEntry()?.reason ?? null;

const shareReason = (reason: LoginReason | null): void => {
  try {
    if (reason) {
      window.localStorage.setItem(SHARED_REASON_KEY, JSON.stringify({ reason, at: Date.now() }));
    } else {
      window.localStorage.removeItem(SHARED_REASON_KEY);
    }
  } catch {
    // As above.
  }
};

/**
 * How long another tab's sign-out explains this tab's: its ending of the session makes this
 * tab's listeners fail moments later, and that failure is the same sign-out, not a new reason.
 */
const SAME_SIGN_OUT_MS = 30_000;

/** Why the last sign-out happened, in this tab or another (read by the guard when it redirects). */
export const signOutReason = (): LoginReason => pendingReason ?? sharedReason() ?? 'signed-out';

/** A new sign-in: earlier reasons no longer apply. */
export const clearSignOutReason = (): void => {
  pendingReason = null;
  shareReason(null);
};

/** How long a sign-out waits for the server before it goes on in the browser anyway. */
const END_ON_SERVER_MS = 5_000;

/**
 * Ends this browser's session on the server (its record deleted), so a copy of its tokens opens
 * nothing from that moment. The sign-out goes on whatever the answer: offline, or a session the
 * server already ended, the browser still forgets it, and the server's own limits end it.
 */
async function endOnServer(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  try {
    await apiRequest(accountSecurityPaths.endSession, {
      method: 'POST',
      body: {},
      token: await user.getIdToken(),
      signal: AbortSignal.timeout(END_ON_SERVER_MS),
    });
  } catch {
    // As above: nothing more the browser can do.
  }
}

/** The sign-out under way, if any. */
let ending: Promise<void> | null = null;

/**
 * Signs out, giving `reason` on the sign-in page. The first reason stands until the sign-out is
 * done: ending the session on the server makes the open page's listeners fail, and their own
 * sign-out ("your session has ended") must not replace the reason the person is owed ("12 hours").
 * The same holds across tabs: a tab whose listeners fail just after another tab signed out gives
 * that tab's reason.
 */
export function signOutWithReason(reason: LoginReason): Promise<void> {
  if (ending) return ending;
  const other = sharedEntry();
  if (other && Date.now() - other.at < SAME_SIGN_OUT_MS) {
    pendingReason = other.reason;
  } else {
    pendingReason = reason;
    shareReason(reason);
  }
  ending = endOnServer()
    .then(() => signOut(auth))
    .finally(() => {
      ending = null;
    });
  return ending;
}

export const isLoginReason = (value: unknown): value is LoginReason =>
  typeof value === 'string' && value in LOGIN_REASON_TEXT;
