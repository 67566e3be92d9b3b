/**
 * A public application, in clear steps:
 *   0. before the transaction, read the cohorts: the one whose window is open gets the
 *      application; outside every window, refused with the next opening (cohorts/service.ts
 *      `openCohortId`); then all in one transaction:
 *   1. read: the address's application lock, the client's rate-limit counter, one shard of this
 *      hour's program-wide caps (the client's home shard; when that is full, each shard that
 *      had room, one transaction each) and the hour's coordinator notes (one `getAll`), then
 *      the mail gate's counters for the applicant's message (email/gate.ts);
 *   2. the client's allowance (429 past it; abuse/rate-limit.ts), then the mail gate: the
 *      confirmation and the "already applied" notice share one allowance per client, per
 *      recipient and program-wide (MAIL_BUDGETS); past it, 429 naming when to try again and
 *      nothing stored. So an application is never stored without its confirmation, and a
 *      duplicate is refused exactly as a new one would be;
 *   3. the program-wide caps (abuse/public-caps.ts): every shard full: 429 with a log line;
 *   4. new address: store the record (awaiting review, unconfirmed) and its lock; the caps
 *      grant (and count) the applicant's confirmation, queued here (its sign-in link is made
 *      when it is sent: my-application/links.ts), and a coordinator note, sent when the address is
 *      confirmed (`noteOnConfirm`), or, past this hour's share, the digest;
 *      address already applied (same role): store nothing, tell the address's owner;
 *   5. the same answer either way: 201 and an id (a made-up one for a duplicate), so the answer
 *      never tells whether an address has applied.
 * The coordinator note is within the hour's notes, or the digest stands for it.
 */
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { CAP_REACHED_MESSAGE } from '@mentorship/domain';
import { fakeDocumentId } from '../abuse/honeypot';
import { doorMailWindows } from '../abuse/door-caps';
import {
  homeShard,
  hourKey,
  notesRef,
  planPublicRequest,
  shardOrder,
  shardRef,
  shareOf,
  type CapsConfig,
  type Plan,
  type ShardCounts,
} from '../abuse/public-caps';
import { claimEmail, lockRef, type TransactionStep } from '../application-locks/repository';
import { queueConfirmationEmail } from '../my-application';
import { readMailGate, refuseIfOver } from '../email/gate';
import { queueApplicationExists, queueApplicationsDigest } from '../email/moments';
import { db, runTransaction } from '../firebase';
import type { AnyPeopleKind, InputOf } from '../shared/people-kinds';
import { openCohortId } from '../cohorts';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import type { MentorDoc, StudentDoc } from '../shared/records';
import { createPerson } from '../shared/rows';

const HOUR_MS = 3_600_000;

/** Thrown inside the transaction when its shard is full: nothing is written, the next is tried. */
class ShardFull extends Error {
  constructor(readonly cap: 'applications' | 'emails') {
    super(`shard full: ${cap}`);
  }
}

const countsOf = (snapshot: DocumentSnapshot): ShardCounts => {
  const data = snapshot.data() as Partial<ShardCounts> | undefined;
  return { applications: data?.applications ?? 0, emails: data?.emails ?? 0 };
};

/** The id to answer with (a made-up one for a duplicate). */
export interface Submitted {
  id: string;
}

/**
 * One attempt: the whole application on the first of `shardIndexes` with room, or ShardFull.
 */
async function attempt<K extends AnyPeopleKind>(
  tx: Transaction,
  people: K,
  input: InputOf<K> & { fullName: string },
  email: string,
  rateLimit: TransactionStep,
  shardIndexes: number[],
  config: CapsConfig,
  cohortId: string,
): Promise<Submitted> {
  const now = new Date();
  const hour = hourKey(now);
  const refs = {
    lock: lockRef(people.kind, email),
    notes: notesRef(hour),
    shards: shardIndexes.map((i) => shardRef(hour, i)),
  };
  // 1. Every other read in one round trip, then the mail gate's.
  const [lock, counter, notes, ...shards] = await tx.getAll(
    refs.lock,
    rateLimit.ref,
    refs.notes,
    ...refs.shards,
  );
  if (!lock || !counter || !notes || shards.length !== shardIndexes.length) {
    throw new Error('getAll answered fewer documents than asked for');
  }
  const isNew = !lock.exists;
  const mailKind = isNew ? 'application-received' : 'application-exists';
  const gate = await readMailGate(
    tx,
    {
      kind: mailKind,
      // The client as its limiter counts it (a hash of its key).
      sender: { client: rateLimit.ref.id },
      to: [email],
      // Program-wide, the forms' sharded hourly cap below counts these (programWideCountedBy).
      windows: doorMailWindows(config),
    },
    now,
  );
  // 2. The client's allowance (throws its 429 refusal), then the gate's (429, nothing written).
  rateLimit.apply(tx, counter);
  refuseIfOver(gate, mailKind, null, now);

  // 3. The program-wide caps: the first shard with room.
  let refused: ShardFull['cap'] = 'applications';
  let chosen: { plan: Exclude<Plan, { refused: string }>; index: number } | undefined;
  for (const [k, shardIndex] of shardIndexes.entries()) {
    const plan = planPublicRequest(
      isNew,
      {
        shardIndex,
        shard: countsOf(shards[k] as DocumentSnapshot),
        notesThisHour: (notes.data()?.count as number | undefined) ?? 0,
      },
      config,
    );
    if (!plan.refused) {
      chosen = { plan, index: k };
      break;
    }
    refused = plan.refused;
  }
  if (!chosen) throw new ShardFull(refused);
  const { plan } = chosen;
  const hourEnds = Timestamp.fromMillis(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  tx.set(refs.shards[chosen.index] as DocumentReference, { ...plan.shard, expiresAt: hourEnds });
  gate.count();
  if (plan.coordinatorNote || plan.digest) {
    tx.set(refs.notes, { count: plan.notesThisHour, expiresAt: hourEnds });
  }
  if (plan.digest) queueApplicationsDigest(tx, hour, config.coordinatorNotesPerHour);

  // 4b. A duplicate: nothing stored; the address's owner is told.
  if (!isNew) {
    const recordId = String(lock.data()?.recordId ?? '');
    queueApplicationExists(tx, { role: people.kind, recordId, email });
    return { id: fakeDocumentId() };
  }

  // 4a. A new application.
  const ref = people.collection().doc();
  const stamp = Timestamp.now();
  const doc = {
    ...input,
    cohortId,
    isActive: false,
    reviewStatus: 'awaiting',
    declineReason: null,
    // Counts once its address is confirmed (my-application/service.ts confirmApplications); the
    // coordinator note the caps granted now is sent then (reserved in this hour's counters).
    confirmed: false,
    confirmedAt: null,
    noteOnConfirm: plan.coordinatorNote,
    ...people.countersOf(),
    createdAt: stamp,
    updatedAt: stamp,
  } as unknown as StudentDoc | MentorDoc;
  claimEmail(tx, people.kind, email, ref.id);
  createPerson(tx, people.kind, ref, doc);
  queueConfirmationEmail(tx, { role: people.kind, id: ref.id, fullName: input.fullName, email });
  return { id: ref.id };
}

/**
 * Stores a public application (or answers a duplicate as one) within the client's allowance and
 * the program-wide caps. Resolves to the id to answer with; rejects with the rate limit's 429,
 * or a 429 `CAP_REACHED_MESSAGE` when every shard of this hour is full.
 */
export async function submitApplication<K extends AnyPeopleKind>(
  people: K,
  input: InputOf<K> & { fullName: string },
  rateLimit: TransactionStep,
  config: CapsConfig,
): Promise<Submitted> {
  const email = people.emailOf(input);
  if (!email) throw new Error('A public application always has an e-mail address.');
  // 0. The cohort taking applications now (refused outside every window: nothing written).
  const cohortId = await openCohortId(new Date());
  const hour = hourKey(new Date());
  let cap: ShardFull['cap'] = 'applications';
  /** One shard in a transaction: the id to answer with, or undefined when the shard is full. */
  const onShard = async (shardIndex: number): Promise<Submitted | undefined> => {
    // A concurrent application claimed the same address between our read and our commit
    // (ALREADY_EXISTS): again, now as the duplicate it is.
    for (let again = 0; ; again++) {
      try {
        return await runTransaction((tx) =>
          attempt(tx, people, input, email, rateLimit, [shardIndex], config, cohortId),
        );
      } catch (error) {
        if (error instanceof ShardFull) {
          cap = error.cap;
          return undefined;
        }
        if (isAlreadyExists(error) && again < 3) continue;
        throw error;
      }
    }
  };
  // The client's home shard first.
  const home = homeShard(rateLimit.ref.id, config.shards);
  const onHome = await onShard(home);
  if (onHome !== undefined) return onHome;
  // Full: the shards that had room a moment ago (one read, no transaction: counts only grow in
  // an hour, so a full shard stays full), each tried in its own transaction, in random order.
  const order = shardOrder(config.shards).filter((i) => i !== home);
  const snapshots = await db.getAll(...order.map((i) => shardRef(hour, i)));
  const withRoom = order.filter(
    (i, k) =>
      countsOf(snapshots[k] as DocumentSnapshot).applications <
      shareOf(config.applicationsPerHour, config.shards, i),
  );
  for (const shardIndex of withRoom) {
    const submitted = await onShard(shardIndex);
    if (submitted !== undefined) return submitted;
  }
  logger.warn('Public cap reached: application refused', { cap, hour: hourKey(new Date()) });
  throw new CapReached();
}

/** Every shard of this hour is full: 429 until the next hour (`retryAfterSeconds`). */
export class CapReached extends DomainError {
  readonly retryAfterSeconds = Math.max(1, Math.ceil((HOUR_MS - (Date.now() % HOUR_MS)) / 1000));

  constructor() {
    super('rate-limited', CAP_REACHED_MESSAGE);
  }
}
