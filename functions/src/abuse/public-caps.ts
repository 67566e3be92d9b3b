/**
 * Program-wide caps on what the public forms can make the program store and send, which hold
 * whatever the client key (docs/security.md, "Caps that hold even if the key were wrong"):
 * - applications per UTC hour, new and duplicate alike (a duplicate is answered as a new one);
 * - e-mails per UTC hour caused by the forms (confirmations, "already applied" notices,
 *   coordinator notes and the digest);
 * - coordinator notes per hour: past that, one digest for the rest of the hour.
 * The applicant's own message is also counted per client, per recipient and program-wide by the
 * mail gate (email/gate.ts), in the same transaction (`emailsPerRecipientPerDay` is its window
 * per recipient, here and on the other doors).
 *
 * The hourly counters of applications and e-mails are split over `shards` documents
 * (`publicCaps/hour-<hour>-<shard>`), each holding its share of each cap, so concurrent
 * applications rarely write the same document: a client counts on its own home shard; when that
 * is full, a second transaction reads every shard and takes one with room, and only when every
 * shard is full is the request refused, so exactly the cap is admitted. The notes counter
 * (`notes-<hour>`) is one document, written by the hour's first notes and its digest only. Every counter is read and written in the transaction that
 * stores the application (or answers the duplicate), so a burst cannot overshoot. The pure
 * decision (`planPublicRequest`) is unit-tested; Firestore documents carry `expiresAt` for a TTL.
 */
import { PUBLIC_CAPS } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

export interface CapsConfig {
  applicationsPerHour: number;
  emailsPerHour: number;
  emailsPerRecipientPerDay: number;
  coordinatorNotesPerHour: number;
  doorRequestsPerHour: number;
  shards: number;
  /**
   * A client's e-mails from one door in the door's per-client window, when the stack sets its
   * own per-client allowance (RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_SECONDS: a test stack where every
   * request is one client); MAIL_BUDGETS's otherwise.
   */
  perClient?: { max: number; minutes: number };
}

const positiveInt = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * PUBLIC_CAPS from the domain, each overridable for a test or bench stack:
 * CAP_APPLICATIONS_PER_HOUR, CAP_EMAILS_PER_HOUR, CAP_EMAILS_PER_RECIPIENT_PER_DAY,
 * CAP_COORDINATOR_NOTES_PER_HOUR, CAP_DOOR_REQUESTS_PER_HOUR, CAP_SHARDS (and RATE_LIMIT_MAX for
 * the e-mails a client may cause through one door, as for its requests).
 */
export function readCapsConfig(env: NodeJS.ProcessEnv): CapsConfig {
  return {
    applicationsPerHour:
      positiveInt(env.CAP_APPLICATIONS_PER_HOUR) ?? PUBLIC_CAPS.applicationsPerHour,
    emailsPerHour: positiveInt(env.CAP_EMAILS_PER_HOUR) ?? PUBLIC_CAPS.emailsPerHour,
    emailsPerRecipientPerDay:
      positiveInt(env.CAP_EMAILS_PER_RECIPIENT_PER_DAY) ?? PUBLIC_CAPS.emailsPerRecipientPerDay,
    coordinatorNotesPerHour:
      positiveInt(env.CAP_COORDINATOR_NOTES_PER_HOUR) ?? PUBLIC_CAPS.coordinatorNotesPerHour,
    doorRequestsPerHour:
      positiveInt(env.CAP_DOOR_REQUESTS_PER_HOUR) ?? PUBLIC_CAPS.doorRequestsPerHour,
    shards: positiveInt(env.CAP_SHARDS) ?? PUBLIC_CAPS.shards,
    ...(positiveInt(env.RATE_LIMIT_MAX)
      ? {
          perClient: {
            max: positiveInt(env.RATE_LIMIT_MAX) as number,
            minutes: (positiveInt(env.RATE_LIMIT_WINDOW_SECONDS) ?? 600) / 60,
          },
        }
      : {}),
  };
}

/** Shard `index`'s part of `total` split over `shards` (the first `total % shards` get one more). */
export const shareOf = (total: number, shards: number, index: number): number =>
  Math.floor(total / shards) + (index < total % shards ? 1 : 0);

/** "2026-11-23T21" (UTC hour) and "2026-11-23" (UTC day). */
export const hourKey = (now: Date): string => now.toISOString().slice(0, 13);
export const dayKey = (now: Date): string => now.toISOString().slice(0, 10);

export interface ShardCounts {
  applications: number;
  emails: number;
}

export interface CapsState {
  shardIndex: number;
  shard: ShardCounts;
  /** Coordinator notes this hour; one past the cap means the digest went out. */
  notesThisHour: number;
}

export type Plan =
  | { refused: 'applications' | 'emails' }
  | {
      refused?: undefined;
      coordinatorNote: boolean;
      digest: boolean;
      shard: ShardCounts;
      /** The hour's notes counter after this request (unchanged once past the digest). */
      notesThisHour: number;
    };

/**
 * Pure: what one public application (new, or a duplicate answered as new) may do. The applicant's
 * message (confirmation or "already applied") always goes with it: the mail gate has refused the
 * request before this when the address had its allowance.
 */
export function planPublicRequest(isNew: boolean, state: CapsState, config: CapsConfig): Plan {
  const { shardIndex, shard } = state;
  if (shard.applications >= shareOf(config.applicationsPerHour, config.shards, shardIndex)) {
    return { refused: 'applications' };
  }
  const coordinatorNote = isNew && state.notesThisHour < config.coordinatorNotesPerHour;
  const digest = isNew && state.notesThisHour === config.coordinatorNotesPerHour;
  const emails = 1 + (coordinatorNote || digest ? 1 : 0);
  if (shard.emails + emails > shareOf(config.emailsPerHour, config.shards, shardIndex)) {
    return { refused: 'emails' };
  }
  return {
    coordinatorNote,
    digest,
    shard: { applications: shard.applications + 1, emails: shard.emails + emails },
    notesThisHour: state.notesThisHour + (coordinatorNote || digest ? 1 : 0),
  };
}

const caps = () => db.collection(COLLECTIONS.publicCaps);

export const shardRef = (hour: string, index: number) => caps().doc(`hour-${hour}-${index}`);
/** The hour's coordinator notes: written by the first notes and the digest, then only read. */
export const notesRef = (hour: string) => caps().doc(`notes-${hour}`);

/**
 * The shard a client counts on first: fixed per client (from its rate-limit counter's id, a hash
 * of its key), so one client's requests never contend with each other and different clients
 * rarely share a document.
 */
export const homeShard = (clientCounterId: string, shards: number): number =>
  Number.parseInt(clientCounterId.slice(0, 8), 16) % shards;

/** The shards in a random order (the fallback reads them all and takes one with room). */
export function shardOrder(shards: number): number[] {
  const order = Array.from({ length: shards }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}
