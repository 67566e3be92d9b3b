/**
 * A coordinator's second factor and sessions, kept in `coordinatorSecrets/{uid}` (server only:
 * the rules deny every client), and the checks every admin request passes (http/authenticate.ts):
 *
 * - the factor: the token's `auth_time` is in its custom claim `factors`, which the server sets
 *   only after the coordinator's passkey answered a challenge for that very sign-in (passkeys/).
 *   A password alone signs in to Firebase, but its token's `auth_time` is in no `factors`;
 * - the absolute limit: 12 hours after the sign-in (`auth_time`), whatever happens meanwhile;
 * - the idle limit: 30 minutes since the session's last admin request (or the open page's
 *   heartbeat), recorded here per session.
 *
 * A session past either limit ends for good: its refresh tokens are revoked, so the browser's
 * live reads stop too (Firestore drops a listener whose token can no longer be refreshed, and
 * the rules check `auth_time` themselves). Revocation is per account: the coordinator's other
 * devices sign in again as well, which errs on the safe side.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  COLLECTIONS,
  MAX_VERIFIED_SESSIONS,
  SESSION_LIMITS,
  SESSION_MESSAGES,
} from '@mentorship/domain';
import { auth, db } from '../firebase';
import { DomainError } from './errors';

/** One stored passkey: a WebAuthn credential's public part. */
export interface StoredPasskey {
  /** The credential id (base64url). */
  id: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  counter: number;
  transports: string[];
  addedAt: Timestamp;
}

export interface PendingChallenge {
  value: string;
  purpose: 'register' | 'authenticate' | 'add';
  /** The sign-in it was issued for: an answer counts for that session only. */
  authTime: number;
  /** The RP ID it was issued for (the site's host). */
  rpId: string;
  expiresAt: Timestamp;
}

export interface SessionRecord {
  verifiedAt: Timestamp;
  lastActiveAt: Timestamp;
}

export interface CoordinatorSecretsDoc {
  email: string;
  passkeys: StoredPasskey[];
  challenge: PendingChallenge | null;
  /** By the session's `auth_time` (seconds, as text). */
  sessions: Record<string, SessionRecord>;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    coordinatorSecrets: CoordinatorSecretsDoc;
  }
}

export const coordinatorSecrets = () => db.collection(COLLECTIONS.coordinatorSecrets);

/** The verified sign-ins the `factors` claim names (an `auth_time` each). */
export const factorsOf = (token: DecodedIdToken): number[] =>
  Array.isArray(token.factors)
    ? (token.factors as unknown[]).filter((t) => typeof t === 'number')
    : [];

/** Whether the 12-hour limit is past for this token's sign-in. */
export const pastAbsoluteLimit = (token: DecodedIdToken, now = Date.now()): boolean =>
  now - token.auth_time * 1000 >= SESSION_LIMITS.absoluteMs;

/**
 * Ends every session of `uid`: refresh tokens revoked, the `factors` claim emptied (a token
 * refreshed before the revocation shows carries no confirmed sign-in) and the session records
 * forgotten.
 */
export async function endSessions(uid: string): Promise<void> {
  await auth.revokeRefreshTokens(uid);
  const user = await auth.getUser(uid).catch(() => undefined);
  if (user?.customClaims?.factors) {
    const claims = { ...user.customClaims };
    delete claims.factors;
    await auth.setCustomUserClaims(uid, claims);
  }
  // `update` replaces the whole map (a merge would keep its keys); no document, nothing to forget.
  await coordinatorSecrets()
    .doc(uid)
    .update({ sessions: {} })
    .catch(() => undefined);
}

/**
 * Marks the sign-in `authTime` of `uid` verified: its session record, and the `factors` claim
 * (the newest MAX_VERIFIED_SESSIONS sign-ins still within 12 hours, one per device).
 */
export async function markVerified(uid: string, authTime: number): Promise<void> {
  const user = await auth.getUser(uid);
  const claims = { ...(user.customClaims ?? {}) };
  const now = Date.now();
  const earlier = (Array.isArray(claims.factors) ? (claims.factors as number[]) : []).filter(
    (t) => typeof t === 'number' && t !== authTime && now - t * 1000 < SESSION_LIMITS.absoluteMs,
  );
  claims.factors = [...earlier, authTime].slice(-MAX_VERIFIED_SESSIONS);
  await auth.setCustomUserClaims(uid, claims);
  const at = Timestamp.fromMillis(now);
  const ref = coordinatorSecrets().doc(uid);
  const secrets = (await ref.get()).data() as CoordinatorSecretsDoc | undefined;
  await ref.update({
    sessions: {
      ...prunedSessions(secrets?.sessions, now),
      [String(authTime)]: { verifiedAt: at, lastActiveAt: at },
    },
  });
}

/**
 * The checks after the token and the coordinator's membership: refuses (403) a sign-in without
 * the factor, ends (401) one past 12 hours or idle for 30 minutes, and records the activity of
 * the others (at most one write a minute per session).
 */
export async function checkSession(
  token: DecodedIdToken,
  secrets: CoordinatorSecretsDoc | undefined,
  now = Date.now(),
): Promise<void> {
  if (!factorsOf(token).includes(token.auth_time)) {
    throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  }
  if (pastAbsoluteLimit(token, now)) {
    await endSessions(token.uid);
    throw new DomainError('unauthenticated', SESSION_MESSAGES.expired);
  }
  const session = secrets?.sessions?.[String(token.auth_time)];
  if (!session) {
    // Verified once, but its record is gone: its passkeys were reset, or it ended.
    throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  }
  const idleFor = now - session.lastActiveAt.toMillis();
  if (idleFor >= SESSION_LIMITS.idleMs) {
    await endSessions(token.uid);
    throw new DomainError('unauthenticated', SESSION_MESSAGES.idle);
  }
  if (idleFor > 60_000) {
    await coordinatorSecrets()
      .doc(token.uid)
      .update({ [`sessions.${token.auth_time}.lastActiveAt`]: Timestamp.fromMillis(now) });
  }
}

/** Drops the records of sessions past the absolute limit (on each verification). */
export function prunedSessions(
  sessions: Record<string, SessionRecord> | undefined,
  now = Date.now(),
): Record<string, SessionRecord> {
  const kept = Object.entries(sessions ?? {}).filter(
    ([authTime]) => now - Number(authTime) * 1000 < SESSION_LIMITS.absoluteMs,
  );
  return Object.fromEntries(kept);
}
