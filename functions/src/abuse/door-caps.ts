/**
 * The caps of the public doors that send e-mail besides the application forms: "Check my
 * application" (a sign-in link), coordinators' "Forgot password" and "Tell me when applications
 * open", the nominator's question and "Recommend a classmate" (docs/security.md). On each door,
 * in ONE transaction per request:
 * - the door's program-wide count this UTC hour (`publicCaps/door-<door>-<hour>-<shard>`, split
 *   over `shards` documents like the applications' counters: a random shard first, then each
 *   shard that had room): past `doorRequestsPerHour`, 429 `DOOR_CAP_REACHED_MESSAGE`;
 * - the recipient's count today on this door (`publicCaps/to-<door>-<day>-<hash>`, the recipient
 *   as abuse/recipient.ts normalises it: `name+1@…`, `name+2@…`, `NAME@…` are one): within
 *   `emailsPerRecipientPerDay`, the door's own write runs in the same transaction; past it,
 *   nothing is written and the answer is the same.
 * Every request counts, whether or not its address belongs to anyone: the door does the same
 * Firestore work either way, and a cap reached says nothing about any address.
 */
import type { Response } from 'express';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { DOOR_CAP_REACHED_MESSAGE } from '@mentorship/domain';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { COLLECTIONS } from '../shared/records';
import { dayKey, hourKey, shardOrder, shareOf, type CapsConfig } from './public-caps';
import { recipientHash } from './recipient';

export type Door =
  'sign-in-link' | 'password-reset' | 'opening-alert' | 'nomination' | 'recommendation';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const caps = () => db.collection(COLLECTIONS.publicCaps);
const doorShardRef = (door: Door, hour: string, index: number) =>
  caps().doc(`door-${door}-${hour}-${index}`);
const doorRecipientRef = (door: Door, day: string, email: string) =>
  caps().doc(`to-${door}-${day}-${recipientHash(email)}`);

const countOf = (snapshot: DocumentSnapshot | undefined): number =>
  (snapshot?.data()?.count as number | undefined) ?? 0;

/** Every shard of this hour is full: 429 until the next hour (`retryAfterSeconds`). */
export class DoorCapReached extends DomainError {
  readonly retryAfterSeconds = Math.max(1, Math.ceil((HOUR_MS - (Date.now() % HOUR_MS)) / 1000));

  constructor() {
    super('rate-limited', DOOR_CAP_REACHED_MESSAGE);
  }
}

/**
 * Counts one request on `door` for `email`. Within the recipient's allowance, `write` adds the
 * door's own writes to the same transaction (it must not read). Resolves to whether it did;
 * rejects with DoorCapReached when every shard of the hour is full.
 */
export async function admitDoorRequest(
  door: Door,
  email: string,
  config: CapsConfig,
  write: (tx: Transaction) => void,
): Promise<boolean> {
  const now = new Date();
  const hour = hourKey(now);
  const day = dayKey(now);
  const hourEnds = Timestamp.fromMillis(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const dayEnds = Timestamp.fromMillis(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const recipient = doorRecipientRef(door, day, email);

  /** On shard `index`: whether the recipient was within its allowance, or undefined when full. */
  const onShard = (index: number): Promise<boolean | undefined> =>
    runTransaction(async (tx) => {
      const shard = doorShardRef(door, hour, index);
      const [shardSnap, recipientSnap] = await tx.getAll(shard, recipient);
      const count = countOf(shardSnap);
      if (count >= shareOf(config.doorRequestsPerHour, config.shards, index)) return undefined;
      const today = countOf(recipientSnap);
      tx.set(shard, { count: count + 1, expiresAt: hourEnds });
      tx.set(recipient, { count: today + 1, expiresAt: dayEnds });
      const within = today < config.emailsPerRecipientPerDay;
      if (within) write(tx);
      return within;
    });

  const [first, ...rest] = shardOrder(config.shards);
  const home = await onShard(first ?? 0);
  if (home !== undefined) return home;
  // Full: the shards that had room a moment ago (counts only grow within an hour).
  const snapshots = await db.getAll(...rest.map((i) => doorShardRef(door, hour, i)));
  const withRoom = rest.filter(
    (i, k) => countOf(snapshots[k]) < shareOf(config.doorRequestsPerHour, config.shards, i),
  );
  for (const index of withRoom) {
    const admitted = await onShard(index);
    if (admitted !== undefined) return admitted;
  }
  logger.warn('Door cap reached: request refused', { door, hour });
  throw new DoorCapReached();
}

/** Runs `work`; a DoorCapReached sets the answer's Retry-After before it goes on. */
export async function withRetryAfter<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DoorCapReached) res.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
