/**
 * Every Firestore collection the program stores, in one place: its path, who may read it from a
 * client (the rules), and the type of its documents. Every writer takes its collection's name
 * from here (`COLLECTIONS.x`; the older `*_COLLECTION` constants are views of it), the audience
 * statement (audience.ts, `STORED_FIELD_AUDIENCES`) is keyed by it, and two tests iterate it:
 * - tests/rules/firestore-rules.test.ts: each collection × each kind of visitor × each operation,
 *   and firestore.rules must state a `match` for each;
 * - packages/domain/src/registry.test.ts and tests/api/audience.test.ts: each collection has an
 *   audience line, and every stored document the integration flows leave is in a registered
 *   collection.
 *
 * To add a collection:
 * 1. add a line to `COLLECTION_REGISTRY` below (its path, `*` for a parent's document id, and
 *    `clientReads`: what a coordinator's browser may read, `[]` for server-only);
 * 2. add its document type to `CollectionDocs` (collection-docs.ts: domain types there; a type
 *    that holds Firestore Timestamps is added by the functions' module that owns it, augmenting
 *    `CollectionDocs`, as functions/src/shared/records.ts does for students and mentors);
 * 3. add its audience to `STORED_FIELD_AUDIENCES` in audience.ts (typecheck fails until you do);
 * 4. add a `match` block to firestore.rules (the rules test fails until you do);
 * 5. write with `db.collection(COLLECTIONS.x)` and check the document where you write it:
 *    `tx.set(ref, doc satisfies DocOf<'x'>)`;
 * 6. state its `erasure`: how a person's documents are found and what their erasure does to
 *    them, or why it holds nothing of a person (the type requires it; registry.test.ts checks
 *    every entry, and functions/src/people/erasure.ts walks these rules for every erasure).
 */
/** What a coordinator's browser may do with a collection (through the rules); nothing else. */
export type ClientRead = 'get' | 'list';

/**
 * How a person's documents are found in a collection when they are erased (`ErasureRule`).
 * Every way is by something the erasure knows of the person: their record id, their address,
 * their record (parent of a subcollection), their cohort, or the pairs they had.
 */
export type ErasureKey =
  /** The document id is the person's record id (their record, booking, nomination). */
  | { id: 'person' }
  /** The document id is their application lock's (`<role>:<normalised address>`). */
  | { id: 'email-lock' }
  /**
   * The document id is the SHA-256 (hex) of their address as the caps count it
   * (functions/src/abuse/recipient.ts), its first `digits` hex digits.
   */
  | { id: 'address-hash'; digits: 40 | 64 }
  /** A top-level field holding their id (`id`), or an array holding it (`ids`). */
  | { field: string; holds: 'id' | 'ids' }
  /** A field holding their address (`address`), or an array holding it (`addresses`). */
  | { field: string; holds: 'address' | 'addresses' }
  /** The subcollection of their record (`students/{id}/notes`). */
  | { under: 'record' }
  /** Their list row, filed under their record's `cohortId` (`cohorts/{cohortId}/studentRows/{id}`). */
  | { under: 'cohort' }
  /**
   * A document of one of the pairs they ever had, `field` holding the pair's id (`id`: the
   * document is the pair): erased by the pair module with the pair (functions/src/pairs).
   */
  | { pair: string };

/**
 * What a person's erasure (Delete my data, a coordinator's Delete, retention) does to a
 * collection: the documents any of `by` finds are deleted, or with `then` kept and scrubbed
 * (`scrub`: those fields emptied, `scrubbed: true`) or released (`release`: those fields set to
 * null); `only: 'on-request'` when only an erasure someone asked for erases them ("Delete my data"
 * or a coordinator's Delete), never the retention job. Or the
 * collection holds nothing of an applicant or participant, and `nothingPersonal` says why.
 */
export type ErasureRule =
  | {
      by: readonly [ErasureKey, ...ErasureKey[]];
      then?: { scrub: readonly string[] } | { release: readonly string[] };
      only?: 'on-request';
    }
  | { nothingPersonal: string };

export interface CollectionEntry {
  /** What a coordinator's browser may read; `[]`: server only (the API reads it for them). */
  clientReads: readonly ClientRead[];
  /** One line: what a document is. */
  about: string;
  /** How a person's data leaves it (required: a collection cannot be added without one). */
  erasure: ErasureRule;
}

/**
 * Every collection by its path (`students/*\/notes`: the `notes` subcollection of any student).
 * The same keys as the audience statement (`STORED_FIELD_AUDIENCES`).
 */
export const COLLECTION_REGISTRY = {
  students: {
    clientReads: ['get'],
    about: 'A student: their application and status.',
    erasure: { by: [{ id: 'person' }] },
  },
  mentors: {
    clientReads: ['get'],
    about: 'A mentor: their application and status.',
    erasure: { by: [{ id: 'person' }] },
  },
  'students/*/notes': {
    clientReads: [],
    about: "Coordinators' private notes on a student.",
    erasure: { by: [{ under: 'record' }] },
  },
  'mentors/*/notes': {
    clientReads: [],
    about: "Coordinators' private notes on a mentor.",
    erasure: { by: [{ under: 'record' }] },
  },
  cohorts: {
    clientReads: ['get', 'list'],
    about: 'A cohort: its term and its dates.',
    erasure: { nothingPersonal: "A cohort's name, dates and events: the program's, nobody's." },
  },
  'cohorts/*/studentRows': {
    clientReads: ['get', 'list'],
    about: "A student's list row (list fields only), under their cohort.",
    erasure: { by: [{ under: 'cohort' }] },
  },
  'cohorts/*/mentorRows': {
    clientReads: ['get', 'list'],
    about: "A mentor's list row (list fields only), under their cohort.",
    erasure: { by: [{ under: 'cohort' }] },
  },
  applicationLocks: {
    clientReads: [],
    about: 'One application per address and role.',
    erasure: { by: [{ id: 'email-lock' }] },
  },
  pairs: {
    clientReads: ['get', 'list'],
    about: 'A pair: one student and one mentor, and its progress.',
    erasure: { by: [{ pair: 'id' }] },
  },
  sessions: {
    clientReads: [],
    about: 'A session a pair held.',
    erasure: {
      by: [
        { pair: 'pairId' },
        { field: 'studentId', holds: 'id' },
        { field: 'mentorId', holds: 'id' },
      ],
    },
  },
  checkIns: {
    clientReads: [],
    about: "One participant's monthly check-in.",
    erasure: { by: [{ pair: 'pairId' }, { field: 'personId', holds: 'id' }] },
  },
  checkInTokens: {
    clientReads: [],
    about: "A one-click check-in link, by its token's hash.",
    erasure: { by: [{ pair: 'pairId' }, { field: 'personId', holds: 'id' }] },
  },
  nudges: {
    clientReads: [],
    about: 'A nudge or digest sent, by its idempotent key.',
    erasure: { by: [{ pair: 'pairId' }, { field: 'people', holds: 'ids' }] },
  },
  certificates: {
    clientReads: [],
    about: 'A certificate of recognition, by its public id.',
    // A recognition is worth something only while it can be verified: the retention job leaves
    // it (5 years, then its own retention); an erasure someone asked for (Delete my data, a
    // coordinator's Delete, which erase the same things) takes it.
    erasure: { by: [{ field: 'personId', holds: 'id' }], only: 'on-request' },
  },
  surveys: {
    clientReads: [],
    about: "A final survey's answers, by its certificate's id.",
    erasure: { by: [{ field: 'personId', holds: 'id' }], only: 'on-request' },
  },
  mail: {
    clientReads: [],
    about: 'The outbox: one e-mail (Trigger Email shape).',
    erasure: {
      by: [
        { field: 'to', holds: 'addresses' },
        { field: 'subjectId', holds: 'id' },
        { field: 'people', holds: 'ids' },
        { pair: 'subjectId' },
      ],
    },
  },
  audit: {
    clientReads: [],
    about: "History of coordinators' changes.",
    // What happened, when and to which ids stays; names, changed values and texts go.
    erasure: {
      by: [{ field: 'people', holds: 'ids' }],
      then: { scrub: ['subject.name', 'changes', 'detail'] },
    },
  },
  coordinators: {
    clientReads: ['get', 'list'],
    about: 'Who may use the admin area (kept by the server, read by the rules).',
    erasure: {
      nothingPersonal:
        "The team's own accounts, no applicant's: a coordinator's goes when they are removed from the team.",
    },
  },
  invitations: {
    clientReads: [],
    about: "A coordinator invitation, by its token's hash.",
    erasure: {
      nothingPersonal:
        "Invitations to join the team, no applicant's: cancelled, accepted or expired by the team.",
    },
  },
  coordinatorSecrets: {
    clientReads: [],
    about: "A coordinator's passkeys, pending challenge and sessions (server only).",
    erasure: {
      nothingPersonal:
        "A coordinator's own second factor, no applicant's: deleted with their coordinators document when they are removed from the team.",
    },
  },
  workProgress: {
    clientReads: ['get'],
    about:
      "How far a coordinator's long action has gone (a bulk change of pairs): counts only, by the action's random id.",
    erasure: {
      nothingPersonal: "Counts of items done and to do, and the kind of action: nobody's data.",
    },
  },
  coordinatorSessions: {
    clientReads: [],
    about:
      "A coordinator's confirmed session, by its random id: whose it is and until when it stands (server only; the rules read it for every admin read).",
    erasure: {
      nothingPersonal:
        "A coordinator's own sessions, no applicant's: deleted when they end, and with the coordinator's removal.",
    },
  },
  carryOffers: {
    clientReads: [],
    about: "A carry-forward question, by its token's hash.",
    erasure: { by: [{ field: 'personId', holds: 'id' }] },
  },
  openingAlerts: {
    clientReads: [],
    about: '"Tell me when applications open", by address hash.',
    erasure: { by: [{ id: 'address-hash', digits: 64 }] },
  },
  reportTallies: {
    clientReads: [],
    about: "The cohort report's figures per cohort, kept as they change.",
    erasure: {
      nothingPersonal:
        "Counts and sums per cohort, no id or words; marked to be counted again when a person's pairs go.",
    },
  },
  doorRequests: {
    clientReads: [],
    about: 'A sign-in-link or password-reset request (seconds).',
    erasure: { by: [{ field: 'email', holds: 'address' }] },
  },
  rateLimits: {
    clientReads: [],
    about: "Rate-limit counters by a client's hashed address.",
    erasure: {
      nothingPersonal:
        "Counters keyed by a hash of a client's network address, no e-mail address or id; gone a day after their window.",
    },
  },
  publicCaps: {
    clientReads: [],
    about: "The public forms' program-wide caps.",
    erasure: {
      nothingPersonal:
        'Counts per hour and per hashed recipient, no address or id; gone at the end of their hour or day.',
    },
  },
  interviewSlots: {
    clientReads: [],
    about: 'A screening interview slot a coordinator published.',
    // The slot is the coordinators'; the mentor who held it is taken off, and it is free again.
    erasure: { by: [{ field: 'mentorId', holds: 'id' }], then: { release: ['mentorId'] } },
  },
  interviewBookings: {
    clientReads: [],
    about: "A mentor's screening interview booking, by application.",
    erasure: { by: [{ id: 'person' }] },
  },
  nominations: {
    clientReads: [],
    about: "A student's nomination, asked of the nominator once.",
    erasure: { by: [{ id: 'person' }] },
  },
  recommendations: {
    clientReads: [],
    about: "A participant's classmate invitation, by hashed address.",
    // The sender's document (their name, a waiting classmate's address). The classmate's
    // "invited" marker holds the classmate's hash only and stays until its TTL.
    erasure: {
      by: [
        { id: 'address-hash', digits: 40 },
        { field: 'people', holds: 'ids' },
      ],
    },
  },
  eventInvitations: {
    clientReads: [],
    about: "One person's invitation to a cohort's orientation or closing event.",
    erasure: { by: [{ field: 'personId', holds: 'id' }] },
  },
  eventFanouts: {
    clientReads: [],
    about: "The work of bringing an event's invitations in line after a change (until done).",
    erasure: {
      nothingPersonal:
        "An event's and a cohort's ids, counts, and the key of the last invitee done (an id, no name or address); deleted when the work is done.",
    },
  },
  plannedSessions: {
    clientReads: [],
    about: 'A session a pair planned: its time, who proposed it, its invitation.',
    erasure: {
      by: [
        { pair: 'pairId' },
        { field: 'studentId', holds: 'id' },
        { field: 'mentorId', holds: 'id' },
      ],
    },
  },
  problemReports: {
    clientReads: [],
    about: '"Report a problem": one report of a participant about their pair.',
    erasure: { by: [{ pair: 'pairId' }, { field: 'personId', holds: 'id' }] },
  },
  sessionGuides: {
    clientReads: [],
    about: "A program month's session guide as coordinators edited it.",
    erasure: {
      nothingPersonal: "The program's own text; `updatedBy` is a coordinator's uid.",
    },
  },
  programSecrets: {
    clientReads: [],
    about: "Keys the function makes for itself (the key of the applicants' link keys).",
    erasure: { nothingPersonal: 'Random keys, about nobody.' },
  },
  _health: {
    clientReads: [],
    about: 'Read (never written) by GET /api/health.',
    erasure: { nothingPersonal: 'Never written.' },
  },
} as const satisfies Record<string, CollectionEntry>;

/**
 * The registered collections whose rule is missing or empty (no key to find a person's
 * documents by, or no reason for holding nothing personal). The type requires a rule; this
 * catches a registry assembled around the type (a cast, plain JavaScript).
 */
export function collectionsWithoutErasureRule(registry: Record<string, unknown>): string[] {
  return Object.entries(registry)
    .filter(([, entry]) => {
      const rule = (entry as { erasure?: unknown }).erasure as
        { by?: unknown; nothingPersonal?: unknown } | undefined;
      if (!rule || typeof rule !== 'object') return true;
      if (typeof rule.nothingPersonal === 'string') return rule.nothingPersonal.trim() === '';
      return !Array.isArray(rule.by) || rule.by.length === 0;
    })
    .map(([path]) => path);
}

const describeKey = (key: ErasureKey): string => {
  if ('pair' in key) {
    return key.pair === 'id'
      ? 'their pairs'
      : `documents whose \`${key.pair}\` is one of their pairs`;
  }
  if ('under' in key) {
    return key.under === 'record'
      ? 'the documents under their record'
      : 'their row under their cohort';
  }
  if ('id' in key) {
    if (key.id === 'person') return 'the document whose id is their record id';
    if (key.id === 'email-lock') return 'their application lock';
    return `the document whose id is the hash of their address (${key.digits} hex digits)`;
  }
  const what = key.holds === 'id' || key.holds === 'ids' ? 'id' : 'address';
  const many = key.holds === 'ids' || key.holds === 'addresses';
  return `documents whose \`${key.field}\` ${many ? 'holds' : 'is'} their ${what}`;
};

/**
 * A collection's erasure rule in one sentence (without the final period): what
 * docs/data-model.md states under the collection's heading (scripts/lib/docs.test.ts checks it).
 */
export function describeErasure(rule: ErasureRule): string {
  if ('nothingPersonal' in rule) {
    return `holds nothing personal: ${rule.nothingPersonal.replace(/\.$/, '')}`;
  }
  const then = rule.then;
  const done = !then
    ? 'deleted'
    : 'scrub' in then
      ? `kept with ${then.scrub.map((f) => `\`${f}\``).join(', ')} emptied`
      : `kept with ${then.release.map((f) => `\`${f}\``).join(', ')} set to null`;
  const only =
    rule.only === 'on-request'
      ? ' (when asked for: "Delete my data" or a coordinator\'s Delete, not retention)'
      : '';
  return `${done}${only}: ${rule.by.map(describeKey).join('; ')}`;
}

/** A registered collection's path (`students`, `students/*\/notes`, ...). */
export type CollectionPath = keyof typeof COLLECTION_REGISTRY;
export const COLLECTION_PATHS = Object.keys(COLLECTION_REGISTRY) as CollectionPath[];

type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;
/** The id `collection()` takes: the path's last segment (`notes` for `students/*\/notes`). */
export type CollectionName = LastSegment<CollectionPath>;

/** `students/*\/notes` -> `notes`. */
export const collectionNameOf = <P extends CollectionPath>(path: P): LastSegment<P> =>
  path.slice(path.lastIndexOf('/') + 1) as LastSegment<P>;

/**
 * Every collection's id, by that id: what writers pass to `db.collection()` (or to a parent
 * document's `.collection()` for a subcollection).
 */
export const COLLECTIONS = Object.fromEntries(
  COLLECTION_PATHS.map((path) => [collectionNameOf(path), collectionNameOf(path)]),
) as { readonly [N in CollectionName]: N };
