/**
 * The address an e-mail link was sent to, kept in this browser as Firebase's e-mail link flow
 * expects: the link opened here signs in at once; opened in another browser, the page asks for
 * the address once (so a link forwarded or intercepted is not enough on its own). And the link
 * keys of the addresses signed in here (`MyApplicationsResponse.linkKey`): "Check my
 * application" sends the address's key, so its request is never refused for the program-wide
 * hourly cap that anyone's requests fill.
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

const LINK_KEYS = 'mentorship.link-keys';

const storedLinkKeys = (): Record<string, string> => {
  try {
    const value = JSON.parse(window.localStorage.getItem(LINK_KEYS) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
};

const addressKey = (email: string) => email.trim().toLowerCase();

export function rememberLinkKey(email: string, key: string): void {
  try {
    const keys = { ...storedLinkKeys(), [addressKey(email)]: key };
    window.localStorage.setItem(LINK_KEYS, JSON.stringify(keys));
  } catch {
    // Storage may be blocked: the request is then counted program-wide, as anyone's.
  }
}

export function linkKeyFor(email: string): string | undefined {
  const key = storedLinkKeys()[addressKey(email)];
  return typeof key === 'string' ? key : undefined;
}
