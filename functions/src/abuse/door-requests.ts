/**
 * Doors whose answer must not tell whether an address is known ("Check my application",
 * coordinators' "Forgot password") record the request and answer; a trigger does the lookup and
 * queues the e-mail (index.ts `doorRequest`). So the request does the same Firestore work for
 * every address (abuse/door-caps.ts: the caps' reads and writes and this one document), and
 * takes the same time: the lookup (a lock and a record read, or Auth and the coordinators
 * document, and the reset link's minting) happens in another invocation. Not "answer first, work
 * after" in the request's own process: Cloud Functions v2 throttles the CPU once the answer is
 * sent, so work left there may never run; a trigger is delivered and run on its own.
 *
 * The request document holds the address as typed, server-only (the rules close every
 * collection they do not name), for the seconds until the trigger runs; the trigger deletes it,
 * and `expiresAt` lets a TTL policy remove one whose run failed.
 *
 * What a door does with the address belongs to its feature (the sign-in link: applicants; the
 * password reset: team); the start-up registers each door's work here (`registerDoors`).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { DocOf } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

export type RecordedDoor = 'sign-in-link' | 'password-reset';

/** Each door's work with the address: e-mail it if it is known, else nothing. */
export type DoorWork = Record<RecordedDoor, (email: string) => Promise<void>>;

let doors: DoorWork | null = null;

/** At start-up: what each door does (the features' work, registered by register-features.ts). */
export function registerDoors(work: DoorWork): void {
  doors = work;
}

export interface DoorRequestDoc {
  door: RecordedDoor;
  email: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    doorRequests: DoorRequestDoc;
  }
}

const DAY_MS = 24 * 3_600_000;

export const doorRequests = () => db.collection(COLLECTIONS.doorRequests);

/** Adds the request to the transaction (abuse/door-caps.ts `admitDoorRequest`'s `write`). */
export function recordDoorRequest(tx: Transaction, door: RecordedDoor, email: string): void {
  const now = Timestamp.now();
  const doc: DoorRequestDoc = {
    door,
    email: email.trim(),
    createdAt: now,
    expiresAt: Timestamp.fromMillis(now.toMillis() + DAY_MS),
  };
  tx.create(doorRequests().doc(), doc satisfies DocOf<'doorRequests'>);
}

/** The trigger's work: the lookup, the e-mail if the address is known, then the request goes. */
export async function handleDoorRequest(id: string): Promise<void> {
  const ref = doorRequests().doc(id);
  const request = (await ref.get()).data() as DoorRequestDoc | undefined;
  if (!request) return;
  if (!doors) throw new Error('No door work registered: call registerFeatures() at start-up.');
  const work = doors[request.door];
  try {
    await work(request.email);
  } catch (error) {
    logger.error('Door request failed', {
      requestId: id,
      door: request.door,
      code: (error as { code?: unknown })?.code ?? null,
    });
  }
  await ref.delete();
}
