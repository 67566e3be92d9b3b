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
 *    `tx.set(ref, doc satisfies DocOf<'x'>)`.
 */
/** What a coordinator's browser may do with a collection (through the rules); nothing else. */
export type ClientRead = 'get' | 'list';

export interface CollectionEntry {
  /** What a coordinator's browser may read; `[]`: server only (the API reads it for them). */
  clientReads: readonly ClientRead[];
  /** One line: what a document is. */
  about: string;
}

/**
 * Every collection by its path (`students/*\/notes`: the `notes` subcollection of any student).
 * The same keys as the audience statement (`STORED_FIELD_AUDIENCES`).
 */
export const COLLECTION_REGISTRY = {
  students: { clientReads: ['get'], about: 'A student: their application and status.' },
  mentors: { clientReads: ['get'], about: 'A mentor: their application and status.' },
  'students/*/notes': { clientReads: [], about: "Coordinators' private notes on a student." },
  'mentors/*/notes': { clientReads: [], about: "Coordinators' private notes on a mentor." },
  cohorts: { clientReads: ['get', 'list'], about: 'A cohort: its term and its dates.' },
  'cohorts/*/studentRows': {
    clientReads: ['get', 'list'],
    about: "A student's list row (list fields only), under their cohort.",
  },
  'cohorts/*/mentorRows': {
    clientReads: ['get', 'list'],
    about: "A mentor's list row (list fields only), under their cohort.",
  },
  emailLocks: { clientReads: [], about: 'One application per address and role.' },
  assignments: {
    clientReads: ['get', 'list'],
    about: 'A pair: one student and one mentor, and its progress.',
  },
  sessions: { clientReads: [], about: 'A session a pair held.' },
  checkIns: { clientReads: [], about: "One participant's monthly check-in." },
  checkInTokens: { clientReads: [], about: "A one-click check-in link, by its token's hash." },
  nudges: { clientReads: [], about: 'A nudge or digest sent, by its idempotent key.' },
  certificates: { clientReads: [], about: 'A certificate of recognition, by its public id.' },
  surveys: { clientReads: [], about: "A final survey's answers, by its certificate's id." },
  mail: { clientReads: [], about: 'The outbox: one e-mail (Trigger Email shape).' },
  audit: { clientReads: [], about: "History of coordinators' changes." },
  coordinators: {
    clientReads: ['get', 'list'],
    about: 'Who may use the admin area (kept by the server, read by the rules).',
  },
  invitations: { clientReads: [], about: "A coordinator invitation, by its token's hash." },
  coordinatorSecrets: {
    clientReads: [],
    about: "A coordinator's passkeys, pending challenge and sessions (server only).",
  },
  carryOffers: { clientReads: [], about: "A carry-forward question, by its token's hash." },
  openingAlerts: { clientReads: [], about: '"Tell me when applications open", by address hash.' },
  reportTallies: {
    clientReads: [],
    about: "The cohort report's figures per cohort, kept as they change.",
  },
  doorRequests: { clientReads: [], about: 'A sign-in-link or password-reset request (seconds).' },
  rateLimits: { clientReads: [], about: "Rate-limit counters by a client's hashed address." },
  publicCaps: { clientReads: [], about: "The public forms' program-wide caps." },
  interviewSlots: {
    clientReads: [],
    about: 'A screening interview slot a coordinator published.',
  },
  interviewBookings: {
    clientReads: [],
    about: "A mentor's screening interview booking, by application.",
  },
  nominations: {
    clientReads: [],
    about: "A student's nomination, asked of the nominator once.",
  },
  recommendations: {
    clientReads: [],
    about: "A participant's classmate invitation, by hashed address.",
  },
  eventInvitations: {
    clientReads: [],
    about: "One person's invitation to a cohort's orientation or closing event.",
  },
  plannedSessions: {
    clientReads: [],
    about: 'A session a pair planned: its time, who proposed it, its invitation.',
  },
  sessionGuides: {
    clientReads: [],
    about: "A program month's session guide as coordinators edited it.",
  },
  _health: { clientReads: [], about: 'Read (never written) by GET /api/health.' },
} as const satisfies Record<string, CollectionEntry>;

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
