/**
 * The common ground of the rules matrices (tests/rules): firestore.rules loaded into the
 * Firestore emulator of the stack `npm test` starts, under a project of the test file's own (so
 * no two files see each other's documents), seeded with the rules off and cleaned up after the
 * file; the visitors every matrix tries; and one attempt at each operation on a collection.
 */
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Op = 'get' | 'list' | 'create' | 'update' | 'delete';
export const OPS: Op[] = ['get', 'list', 'create', 'update', 'delete'];

/** Each visitor with each operation: the rows of a rules matrix (`it.each`). */
export const everyAttempt = <W extends string>(who: readonly W[]) =>
  who.flatMap((w) => OPS.map((op) => [w, op] as const));

/** Firestore as one visitor sees it through the rules. */
export type VisitorFirestore = ReturnType<RulesTestContext['firestore']>;

/**
 * The visitors of every matrix: nobody signed in; a signed-in user without the admin claim
 * (`user-1`); a coordinator (`admin-1`: the claim and the coordinators document every
 * environment here is seeded with, the sign-in confirmed with a passkey: its token names an open
 * session record); a removed coordinator (`removed-1`: the claim and an open session in the
 * token, no coordinators document); that same coordinator `admin-1` signed in with a password
 * alone (`password only`: no session id in the token) and with a session that has ended (`ended
 * session`: its record past `expiresAt`, as at 12 hours or after 30 idle minutes).
 */
export type Visitor =
  'signed out' | 'non-admin' | 'admin' | 'removed admin' | 'password only' | 'ended session';

/** The session ids the environments are seeded with (43 characters, like the server's). */
export const SESSION_IDS = {
  admin: 'session-of-admin-1-aaaaaaaaaaaaaaaaaaaaaaaa',
  removed: 'session-of-removed-1-aaaaaaaaaaaaaaaaaaaaaa',
  ended: 'ended-session-of-admin-1-aaaaaaaaaaaaaaaaaa',
} as const;

/** A session record as the server writes it: `uid`'s, standing for `minutes` more (or less). */
export const sessionRecord = (uid: string, minutes: number) => ({
  uid,
  openedAt: new Date(Date.now() - 60_000),
  lastActiveAt: new Date(Date.now() - 60_000),
  expiresAt: new Date(Date.now() + minutes * 60_000),
});

/**
 * The rules environment of a test file: before its tests, firestore.rules loaded under
 * `projectId` and `seed` written with the rules off (besides the coordinators document of
 * `admin-1`); after them, cleaned up. Read `.env` inside hooks and tests.
 */
export function rulesTestEnvironment(
  projectId: string,
  seed: (db: VisitorFirestore) => Promise<void>,
): { readonly env: RulesTestEnvironment } {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
    env = await initializeTestEnvironment({
      projectId,
      firestore: {
        host,
        port: Number(port),
        rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'),
      },
    });
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await seed(db);
      await db.collection('coordinators').doc('admin-1').set({ email: 'admin-1@example.org' });
      const records = db.collection('coordinatorSessions');
      await records.doc(SESSION_IDS.admin).set(sessionRecord('admin-1', 30));
      await records.doc(SESSION_IDS.removed).set(sessionRecord('removed-1', 30));
      await records.doc(SESSION_IDS.ended).set(sessionRecord('admin-1', -1));
    });
    // Loading the rules into the emulator took past jest's 5 s on a loaded machine.
  }, 60_000);
  afterAll(async () => {
    await env?.cleanup();
  });
  return {
    get env() {
      if (!env) throw new Error('the rules environment is set up in beforeAll: read it in a test');
      return env;
    },
  };
}

/**
 * Firestore as `who` sees it: one client per visitor and environment, reused by every attempt
 * (a client per attempt made each of the matrices' hundreds of attempts start a Firebase app and
 * a connection of its own, which cost more than the attempt).
 */
export function visitorFirestore(env: RulesTestEnvironment, who: Visitor): VisitorFirestore {
  const clients = visitorClients.get(env) ?? new Map<Visitor, VisitorFirestore>();
  visitorClients.set(env, clients);
  const client = clients.get(who) ?? newVisitorFirestore(env, who);
  clients.set(who, client);
  return client;
}
const visitorClients = new WeakMap<RulesTestEnvironment, Map<Visitor, VisitorFirestore>>();

function newVisitorFirestore(env: RulesTestEnvironment, who: Visitor): VisitorFirestore {
  switch (who) {
    case 'signed out':
      return env.unauthenticatedContext().firestore();
    case 'non-admin':
      return env.authenticatedContext('user-1').firestore();
    case 'removed admin':
      return env
        .authenticatedContext('removed-1', confirmedAdminClaims(SESSION_IDS.removed))
        .firestore();
    case 'admin':
      return env.authenticatedContext('admin-1', confirmedAdminClaims()).firestore();
    case 'password only':
      return env.authenticatedContext('admin-1', confirmedAdminClaims(null)).firestore();
    case 'ended session':
      return env
        .authenticatedContext('admin-1', confirmedAdminClaims(SESSION_IDS.ended))
        .firestore();
  }
}

/**
 * A coordinator's token: signed in a minute ago, after their passkey opened the session `sid`
 * (the claim it carries); `null`, a password alone (no session id).
 */
export function confirmedAdminClaims(sid: string | null = SESSION_IDS.admin) {
  const authTime = Math.floor(Date.now() / 1000) - 60;
  return { admin: true, auth_time: authTime, iat: authTime, ...(sid ? { sid } : {}) };
}

/** Firestore as a person signed in with their own verified address (an applicant's sign-in). */
export const verifiedPersonFirestore = (env: RulesTestEnvironment, uid: string, email: string) =>
  env.authenticatedContext(uid, { email, email_verified: true }).firestore();

/**
 * One attempt at `op` on `collection`: get, update and delete the seeded document `id`, list the
 * collection, create a new document `newId`; `created` and `changed` are what create and update
 * write.
 */
export function attempt(
  db: VisitorFirestore,
  collection: string,
  op: Op,
  write: {
    id: string;
    newId: string;
    created: Record<string, unknown>;
    changed: Record<string, unknown>;
  },
): Promise<unknown> {
  const col = db.collection(collection);
  switch (op) {
    case 'get':
      return col.doc(write.id).get();
    case 'list':
      return col.get();
    case 'create':
      return col.doc(write.newId).set(write.created);
    case 'update':
      return col.doc(write.id).update(write.changed);
    case 'delete':
      return col.doc(write.id).delete();
  }
}
