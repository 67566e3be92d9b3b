/**
 * The caps of the public doors that send e-mail besides the application forms: "Check my
 * application" (a sign-in link), coordinators' "Forgot password" and "Tell me when applications
 * open", the nominator's question and "Recommend a classmate" (docs/security.md). On each door,
 * in ONE transaction per request:
 * - the door's program-wide count this UTC hour (`publicCaps/door-<door>-<hour>-<shard>`, split
 *   over `shards` documents like the applications' counters: a random shard first, then each
 *   shard that had room): past `doorRequestsPerHour`, 429 `DOOR_CAP_REACHED_MESSAGE`;
 * - the door's e-mail through the one mail gate (email/gate.ts, the kind's windows in the
 *   domain's MAIL_BUDGETS, per client or signed-in account, per recipient as abuse/recipient.ts
 *   normalises it so `name+1@…`, `name+2@…` and `NAME@…` are one, and program-wide): within
 *   them, the door's own write runs in the same transaction; past them, nothing is written and
 *   the door either refuses (429 `MAIL_LIMIT_MESSAGE`, naming when to try again) or, where the
 *   e-mail is not what the person asked for (the nominator's question), holds it.
 * Every request counts, whether or not its address belongs to anyone: the door does the same
 * Firestore work either way, and a cap reached says nothing about any address.
 */
import type { Response } from 'express';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { DOOR_CAP_REACHED_MESSAGE, type MailKind } from '@mentorship/domain';
import { readMailGate, refuseIfOver, type MailSender, type MailWindows } from '../email/gate';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { COLLECTIONS } from '../shared/records';
import { hourKey, shardOrder, shareOf, type CapsConfig } from './public-caps';

export type Door =
  'sign-in-link' | 'password-reset' | 'opening-alert' | 'nomination' | 'recommendation';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const caps = () => db.collection(COLLECTIONS.publicCaps);
const doorShardRef = (door: Door, hour: string, index: number) =>
  caps().doc(`door-${door}-${hour}-${index}`);

const countOf = (snapshot: DocumentSnapshot | undefined): number =>
  (snapshot?.data()?.count as number | undefined) ?? 0;

/** Every shard of this hour is full: 429 until the next hour (`retryAfterSeconds`). */
export class DoorCapReached extends DomainError {
  readonly retryAfterSeconds = Math.max(1, Math.ceil((HOUR_MS - (Date.now() % HOUR_MS)) / 1000));

  constructor() {
    super('rate-limited', DOOR_CAP_REACHED_MESSAGE);
  }
}

/** The door's e-mail: its kind, who causes it, and what happens past the gate's limits. */
export interface DoorMail {
  kind: MailKind;
  sender: MailSender;
  /** `refuse`: 429 naming when to try again; `hold`: the door answers as usual, unsent. */
  past: 'refuse' | 'hold';
}

/** The kind's windows as this stack's caps set them (raised on a test stack like the rest). */
export const doorMailWindows = (config: CapsConfig): Partial<MailWindows> => ({
  perRecipient: { max: config.emailsPerRecipientPerDay, minutes: DAY_MS / 60_000 },
  programWide: { max: config.doorRequestsPerHour, minutes: HOUR_MS / 60_000 },
  ...(config.perClient ? { perSender: config.perClient } : {}),
});

/**
 * Counts one request on `door` for `email`. Within the mail gate's limits for `mail`, `write`
 * adds the door's own writes to the same transaction (it must not read). Resolves to whether it
 * did; rejects with DoorCapReached when every shard of the hour is full, and with the gate's
 * 429 (MailLimitReached) past its limits when `mail.past` is `refuse`. `own-allowance`: a
 * request that proved it is the address's own (abuse/link-keys.ts) is not counted program-wide,
 * so the hourly cap that anyone's requests fill never closes the door to a known applicant.
 */
export async function admitDoorRequest(
  door: Door,
  email: string,
  config: CapsConfig,
  mail: DoorMail,
  write: (tx: Transaction) => void,
  counted: 'program-wide' | 'own-allowance' = 'program-wide',
): Promise<boolean> {
  const now = new Date();
  const hour = hourKey(now);
  const hourEnds = Timestamp.fromMillis(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const gateRequest = {
    kind: mail.kind,
    sender: mail.sender,
    to: [email],
    windows: doorMailWindows(config),
    programWide: counted === 'program-wide',
  };

  // The address's own request (its link key): its sender's and recipient's allowances only.
  if (counted === 'own-allowance') {
    return runTransaction(async (tx) => {
      const gate = await readMailGate(tx, gateRequest, now);
      if (mail.past === 'refuse') refuseIfOver(gate, mail.kind, null, now);
      if (gate.over) return false;
      gate.count();
      write(tx);
      return true;
    });
  }

  /** On shard `index`: whether the recipient was within its allowance, or undefined when full. */
  const onShard = (index: number): Promise<boolean | undefined> =>
    runTransaction(async (tx) => {
      const shard = doorShardRef(door, hour, index);
      const shardSnap = await tx.get(shard);
      const count = countOf(shardSnap);
      if (count >= shareOf(config.doorRequestsPerHour, config.shards, index)) return undefined;
      const gate = await readMailGate(tx, gateRequest, now);
      // Refused before anything is written: the request is not counted either.
      if (mail.past === 'refuse') refuseIfOver(gate, mail.kind, null, now);
      tx.set(shard, { count: count + 1, expiresAt: hourEnds });
      if (gate.over) return false;
      gate.count();
      write(tx);
      return true;
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
