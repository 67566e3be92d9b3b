/**
 * Whether a token's claims show a sign-in confirmed with a passkey, within its 12 hours: what
 * the admin guard checks before it opens anything (the API and the rules check the same). Its
 * own module, free of the WebAuthn code, so the guard's chunk stays small.
 */
import { SESSION_LIMITS } from '@mentorship/domain';

export function confirmedClaims(claims: Record<string, unknown>, now = Date.now()): boolean {
  const authTime = Number(claims.auth_time);
  const factors = Array.isArray(claims.factors) ? (claims.factors as unknown[]) : [];
  return (
    claims.admin === true &&
    factors.includes(authTime) &&
    now < authTime * 1000 + SESSION_LIMITS.absoluteMs
  );
}
