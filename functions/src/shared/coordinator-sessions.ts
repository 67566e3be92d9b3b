/**
 * A coordinator's second factor and sessions. `coordinatorSecrets/{uid}` keeps their passkeys,
 * pending challenge and standing enrolment code; `coordinatorSessions/{id}` keeps each confirmed session (the rules deny every
 * client both, and read the second themselves). The checks every admin request passes
 * (http/authenticate.ts):
 *
 * - the factor: the token carries the claim `sid`, the id of a session record of the same
 *   account. Only the passkey's answer opens one (passkeys/): the server writes the record, a
 *   random id of 256 bits, and hands the browser a one-time sign-in token carrying it. A password
 *   sign-in has no `sid`, whenever it was made, and no other session holds this one's;
 * - the absolute limit: 12 hours after the record was opened, whatever happens meanwhile;
 * - the idle limit: 30 minutes since the session's last admin request (or the open page's
 *   heartbeat), recorded here at most once a minute.
 *
 * Every record also holds `expiresAt`, the sooner of the two limits, which the Firestore rules
 * compare with the request's time: the live reads stop at the limit without the server acting.
 * Ending a session deletes its record, so the API and the rules refuse its tokens from that
 * moment: sign-out ends that one session; a reset, a password change or a removal ends all the
 * account's (and revokes its refresh tokens). The daily work deletes the records of sessions
 * that ran out without calling again.
 */
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  COLLECTIONS,
  MAX_OPEN_SESSIONS,
  SESSION_LIMITS,
  SESSION_MESSAGES,
  STEP_UP_TTL_MS,
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
  /** The domain it was made on (its RP ID); absent on passkeys made before it was kept. */
  rpId?: string;
  /** Its latest verified answer (a sign-in or a step-up). */
  lastUsedAt?: Timestamp;
}

/** A challenge issued and not yet answered (kept under its value, CoordinatorSecretsDoc). */
export interface PendingChallenge {
  purpose: 'register' | 'authenticate' | 'add' | 'step-up';
  /** The sign-in it was issued for: an answer counts for that session only. */
  authTime: number;
  /** The RP ID it was issued for (the site's host). */
  rpId: string;
  expiresAt: Timestamp;
}

/** A standing enrolment code, by its SHA-256 (passkeys/enrolment.ts). */
export interface EnrolmentRecord {
  hash: string;
  expiresAt: Timestamp;
}

export interface CoordinatorSecretsDoc {
  email: string;
  passkeys: StoredPasskey[];
  /** The address a sign-in last carried instead of the team's, once told (account-notice.ts). */
  addressAlertFor?: string;
  /**
   * The challenges waiting for an answer, by their value: one per sign-in attempt, step-up or new
   * device (at most MAX_PENDING_CHALLENGES unexpired), each spent by the answer that names it.
   */
  challenges: Record<string, PendingChallenge>;
  /** What lets this account create its first passkey, while it has none. */
  enrolment?: EnrolmentRecord | null;
}

/** A confirmed session, by its random id (the `sid` claim of its tokens). */
export interface SessionRecord {
  uid: string;
  openedAt: Timestamp;
  lastActiveAt: Timestamp;
  /** The sooner of `openedAt` + 12 hours and `lastActiveAt` + 30 minutes: the rules' limit. */
  expiresAt: Timestamp;
  /** The session's latest fresh passkey answer (a step-up), if any. */
  steppedUpAt?: Timestamp;
  /** The credential id of the passkey that confirmed it (none on the local demo's shortcut). */
  passkeyId?: string;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    coordinatorSecrets: CoordinatorSecretsDoc;
    coordinatorSessions: SessionRecord;
  }
}

export const coordinatorSecrets = () => db.collection(COLLECTIONS.coordinatorSecrets);
export const coordinatorSessions = () => db.collection(COLLECTIONS.coordinatorSessions);

/** The session id a token carries (only a confirmed session's tokens carry one). */
export const sessionIdOf = (token: DecodedIdToken): string | null =>
  typeof token.sid === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token.sid) ? token.sid : null;

/** When a session opened at `openedAt` and last active at `lastActiveAt` stops standing. */
export const expiryOf = (openedAt: number, lastActiveAt: number): Timestamp =>
  Timestamp.fromMillis(
    Math.min(openedAt + SESSION_LIMITS.absoluteMs, lastActiveAt + SESSION_LIMITS.idleMs),
  );

/**
 * Opens a confirmed session for `uid` (their passkey has just answered): its record, and the
 * one-time sign-in token whose ID tokens carry its id. Beyond MAX_OPEN_SESSIONS, the oldest end.
 */
export async function openSession(uid: string, passkeyId?: string): Promise<string> {
  const now = Date.now();
  const id = randomBytes(32).toString('base64url');
  const record: SessionRecord = {
    uid,
    openedAt: Timestamp.fromMillis(now),
    lastActiveAt: Timestamp.fromMillis(now),
    expiresAt: expiryOf(now, now),
    ...(passkeyId ? { passkeyId } : {}),
  };
  await coordinatorSessions().doc(id).create(record);
  const open = await coordinatorSessions().where('uid', '==', uid).select('openedAt').get();
  const oldestFirst = [...open.docs].sort(
    (a, b) =>
      (a.get('openedAt') as Timestamp).toMillis() - (b.get('openedAt') as Timestamp).toMillis(),
  );
  const surplus = oldestFirst.slice(0, Math.max(0, oldestFirst.length - MAX_OPEN_SESSIONS));
  await Promise.all(surplus.filter((d) => d.id !== id).map((d) => d.ref.delete()));
  return auth.createCustomToken(uid, { sid: id });
}

/** Ends one session (sign-out, or a limit reached): its record goes, its tokens open nothing. */
export async function endSession(uid: string, id: string): Promise<void> {
  const ref = coordinatorSessions().doc(id);
  const record = (await ref.get()).data() as SessionRecord | undefined;
  if (record?.uid === uid) await ref.delete();
}

/**
 * Ends the sessions of `uid` that `passkeyId` confirmed, but `keep` (the session that removed
 * that passkey): a device lost or taken opens nothing from the moment its passkey goes.
 */
export async function endSessionsOfPasskey(
  uid: string,
  passkeyId: string,
  keep: string,
): Promise<void> {
  const opened = await coordinatorSessions()
    .where('uid', '==', uid)
    .where('passkeyId', '==', passkeyId)
    .select()
    .get();
  await Promise.all(opened.docs.filter((d) => d.id !== keep).map((d) => d.ref.delete()));
}

/**
 * Ends every session of `uid` (a reset, a password change, a removal): every record deleted and
 * the refresh tokens revoked, so nothing the account signed in anywhere opens anything again.
 */
export async function endSessions(uid: string): Promise<void> {
  const open = await coordinatorSessions().where('uid', '==', uid).select().get();
  await Promise.all(open.docs.map((d) => d.ref.delete()));
  await auth.revokeRefreshTokens(uid).catch((error: unknown) => {
    // An account already deleted has no tokens left to revoke.
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
  });
}

/**
 * The checks after the token and the coordinator's membership: refuses (403) a sign-in that no
 * passkey confirmed, ends (401) a session that ended, passed 12 hours or sat idle for 30
 * minutes, and records the activity of the others (at most one write a minute per session).
 */
export async function checkSession(
  token: DecodedIdToken,
  record: SessionRecord | undefined,
  now = Date.now(),
): Promise<void> {
  const id = sessionIdOf(token);
  if (!id) throw new DomainError('permission-denied', SESSION_MESSAGES.factorRequired);
  if (!record || record.uid !== token.uid) {
    throw new DomainError('unauthenticated', SESSION_MESSAGES.ended);
  }
  if (now >= record.openedAt.toMillis() + SESSION_LIMITS.absoluteMs) {
    await endSession(token.uid, id);
    throw new DomainError('unauthenticated', SESSION_MESSAGES.expired);
  }
  const idleFor = now - record.lastActiveAt.toMillis();
  if (idleFor >= SESSION_LIMITS.idleMs) {
    await endSession(token.uid, id);
    throw new DomainError('unauthenticated', SESSION_MESSAGES.idle);
  }
  if (idleFor > 60_000) {
    await coordinatorSessions()
      .doc(id)
      .update({
        lastActiveAt: Timestamp.fromMillis(now),
        expiresAt: expiryOf(record.openedAt.toMillis(), now),
      })
      // Ended between the read and this write: the next request hears so.
      .catch(() => undefined);
  }
}

/**
 * Refuses (403) a change that needs a fresh passkey answer (adding a passkey, changing the
 * password) when the session gave none in the last STEP_UP_TTL_MS: a session left open, or
 * taken over, does not rebind the account by itself.
 */
export function requireFreshAnswer(record: SessionRecord | undefined, now = Date.now()): void {
  const at = record?.steppedUpAt?.toMillis();
  if (at === undefined || now - at >= STEP_UP_TTL_MS) {
    throw new DomainError('permission-denied', SESSION_MESSAGES.stepUpRequired);
  }
}

/** Records the session's fresh passkey answer (passkeys/service.ts `stepUp`). */
export async function markSteppedUp(id: string, now = Date.now()): Promise<void> {
  await coordinatorSessions()
    .doc(id)
    .update({ steppedUpAt: Timestamp.fromMillis(now) });
}

/** Deletes the records of sessions that ran out without another request (the daily work). */
export async function sweepSessions(now = Date.now()): Promise<number> {
  const ended = await coordinatorSessions()
    .where('expiresAt', '<=', Timestamp.fromMillis(now))
    .select()
    .get();
  await Promise.all(ended.docs.map((d) => d.ref.delete()));
  return ended.size;
}
