/**
 * What a token's claims say of the session, before anything opens (the API and the rules check
 * the same): confirmed with a passkey and within its limits; not confirmed yet (the passkey step
 * comes next); or ended, 12 hours after the sign-in or 30 minutes after this browser last saw the
 * coordinator active in it (session-clock.ts). Its own module, free of the WebAuthn code, so the
 * guard's chunk stays small.
 */
import { SESSION_LIMITS } from '@mentorship/domain';
import type { SessionActivity } from '../session-clock';

export type SessionState = 'confirmed' | 'unconfirmed' | 'expired' | 'idle';

export function sessionState(
  claims: Record<string, unknown>,
  now = Date.now(),
  activity: SessionActivity | null = null,
): SessionState {
  const authTime = Number(claims.auth_time);
  // Only a sign-in with the token a passkey's answer gave carries a session id.
  if (claims.admin !== true || typeof claims.sid !== 'string') return 'unconfirmed';
  if (now >= authTime * 1000 + SESSION_LIMITS.absoluteMs) return 'expired';
  if (activity?.session === authTime && now - activity.at >= SESSION_LIMITS.idleMs) return 'idle';
  return 'confirmed';
}
