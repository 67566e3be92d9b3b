/**
 * The address an e-mail link was sent to, kept in this browser as Firebase's e-mail link flow
 * expects: the link opened here signs in at once; opened in another browser, the page asks for
 * the address once (so a link forwarded or intercepted is not enough on its own).
 */
import { SIGN_IN_EMAIL_STORAGE_KEY } from '@mentorship/domain';

export function rememberSignInEmail(email: string): void {
  try {
    if (email) window.localStorage.setItem(SIGN_IN_EMAIL_STORAGE_KEY, email.trim());
  } catch {
    // Storage may be blocked: the sign-in page will ask for the address instead.
  }
}

export function rememberedSignInEmail(): string | null {
  try {
    return window.localStorage.getItem(SIGN_IN_EMAIL_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetSignInEmail(): void {
  try {
    window.localStorage.removeItem(SIGN_IN_EMAIL_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}
