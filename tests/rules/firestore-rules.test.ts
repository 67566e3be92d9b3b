/**
 * Security rules matrix: each collection x {signed out, signed-in non-admin, admin, removed admin
 * (the claim still in the token, the coordinators document gone), the admin signed in with a
 * password alone, the admin's session whose record has ended} x
 * {get, list, create, update, delete}, seeded with rules disabled. Runs only on the official
 * Firestore emulator (`npm run test:rules`); `npm test` says NOT RUN where it is unavailable.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { COLLECTION_PATHS, COLLECTION_REGISTRY } from '@mentorship/domain';
import {
  attempt as attemptOn,
  confirmedAdminClaims,
  everyAttempt,
  rulesTestEnvironment,
  SESSION_IDS,
  sessionRecord,
  visitorFirestore,
  type Op,
  type Visitor as Who,
  type VisitorFirestore,
} from '../support/rules';

// Every registered collection (packages/domain/src/registry.ts), a parent's document id
// (`*`) seeded as `seeded`; what an administrator may read in each is the registry's
// `clientReads` (whole records one at a time, the list rows and pairs as lists too);
// everything else, and everything for everyone else, is refused. A collection added to the
// registry is tested here at once: one that coordinators read needs its rule.
const seededPath = (path: string) => path.replaceAll('*', 'seeded');
const ADMIN_READS: Record<string, readonly Op[]> = Object.fromEntries(
  COLLECTION_PATHS.map((path) => [seededPath(path), COLLECTION_REGISTRY[path].clientReads]),
);
const COLLECTIONS_TESTED = Object.keys(ADMIN_READS);
const WHO: Who[] = [
  'signed out',
  'non-admin',
  'admin',
  'removed admin',
  'password only',
  'ended session',
];

const rules = rulesTestEnvironment('demo-mentorship-rules', async (db) => {
  for (const name of COLLECTIONS_TESTED) {
    await db.collection(name).doc('seeded').set({ fullName: 'Seeded', isActive: true });
  }
});

const dbFor = (who: Who) => visitorFirestore(rules.env, who);

const attempt = (who: Who, collection: string, op: Op): Promise<unknown> =>
  attemptOn(dbFor(who), collection, op, {
    id: 'seeded',
    newId: `new-${who.replace(/ /g, '-')}`,
    created: { fullName: 'New' },
    changed: { fullName: 'Changed' },
  });

describe.each(COLLECTIONS_TESTED)('%s', (collection) => {
  it.concurrent.each(everyAttempt(WHO))('%s may %s?', async (who, op) => {
    const readable = who === 'admin' && (ADMIN_READS[collection] ?? []).includes(op);
    if (readable) await assertSucceeds(attempt(who, collection, op));
    else await assertFails(attempt(who, collection, op));
  });
});

// The exact reads the admin area makes (web/src/features/admin/api/live-lists.ts and the
// person's page), for each kind of visitor: only an administrator gets them.
describe("the web app's own queries", () => {
  const reads: [string, (db: ReturnType<typeof dbFor>) => Promise<unknown>][] = [
    ...['cohorts/seeded/studentRows', 'cohorts/seeded/mentorRows', 'pairs'].flatMap(
      (name): [string, (db: ReturnType<typeof dbFor>) => Promise<unknown>][] => [
        [
          `${name}: newest 50`,
          (db) => db.collection(name).orderBy('createdAt', 'desc').limit(50).get(),
        ],
        [
          `${name}: whole list, newest first`,
          (db) => db.collection(name).orderBy('createdAt', 'desc').get(),
        ],
      ],
    ),
    // "All cohorts": every cohort's rows as a collection group.
    ...['studentRows', 'mentorRows'].map(
      (name): [string, (db: ReturnType<typeof dbFor>) => Promise<unknown>] => [
        `${name} of every cohort: whole list, newest first`,
        (db) => db.collectionGroup(name).orderBy('createdAt', 'desc').get(),
      ],
    ),
    ["a student's whole record", (db) => db.collection('students').doc('seeded').get()],
    ["a mentor's whole record", (db) => db.collection('mentors').doc('seeded').get()],
  ];
  it.concurrent.each(WHO.flatMap((who) => reads.map(([name, read]) => [who, name, read] as const)))(
    '%s: %s',
    async (who, _name, read) => {
      if (who === 'admin') await assertSucceeds(read(dbFor(who)));
      else await assertFails(read(dbFor(who)));
    },
  );
});

describe('the coordinators document', () => {
  it.each(WHO)('%s may read their own (absent or not), never write it', async (who) => {
    const uid = {
      'signed out': null,
      'non-admin': 'user-1',
      admin: 'admin-1',
      'removed admin': 'removed-1',
      // Their own membership, which an unconfirmed session may read like anyone signed in.
      'password only': 'admin-1',
      'ended session': 'admin-1',
    }[who];
    const own = dbFor(who)
      .collection('coordinators')
      .doc(uid ?? 'nobody');
    if (uid) await assertSucceeds(own.get());
    else await assertFails(own.get());
    await assertFails(own.set({ email: 'me@example.org' }));
  });

  it('a coordinator signed in with a password alone reads nothing, nor live lists, whenever they signed in', async () => {
    // No session id: a password sign-in, made in the same second as a confirmed one or not.
    const db = rules.env.authenticatedContext('admin-1', confirmedAdminClaims(null)).firestore();
    await assertFails(
      db.collection('cohorts/seeded/studentRows').orderBy('createdAt', 'desc').get(),
    );
    await assertFails(db.collection('students').doc('seeded').get());
    await assertFails(db.collection('coordinators').get());
    const noClaim = rules.env
      .authenticatedContext('admin-1', { sid: SESSION_IDS.admin })
      .firestore();
    await assertFails(noClaim.collection('students').doc('seeded').get());
    // Another account's session id opens nothing for this one.
    const borrowed = rules.env
      .authenticatedContext('admin-1', confirmedAdminClaims(SESSION_IDS.removed))
      .firestore();
    await assertFails(borrowed.collection('students').doc('seeded').get());
  });

  it('a session reads until its record ends: at its expiry, or at once when sign-out deletes it', async () => {
    const live = 'live-session-of-admin-1-aaaaaaaaaaaaaaaaaaa';
    const records = (context: { firestore: () => VisitorFirestore }) =>
      context.firestore().collection('coordinatorSessions').doc(live);
    await rules.env.withSecurityRulesDisabled((context) =>
      records(context).set(sessionRecord('admin-1', 30)),
    );
    const db = rules.env.authenticatedContext('admin-1', confirmedAdminClaims(live)).firestore();
    await assertSucceeds(db.collection('students').doc('seeded').get());
    await assertSucceeds(
      db.collection('cohorts/seeded/studentRows').orderBy('createdAt', 'desc').get(),
    );
    await rules.env.withSecurityRulesDisabled((context) => records(context).delete());
    await assertFails(db.collection('students').doc('seeded').get());
    await assertFails(
      db.collection('cohorts/seeded/studentRows').orderBy('createdAt', 'desc').get(),
    );
    // A record past its `expiresAt` (12 hours, or 30 idle minutes) opens nothing either.
    const ended = dbFor('ended session');
    await assertFails(ended.collection('students').doc('seeded').get());
  });

  it('a coordinator removed while signed in: the next read with the same token is refused', async () => {
    await rules.env.withSecurityRulesDisabled((context) =>
      context
        .firestore()
        .collection('coordinators')
        .doc('admin-2')
        .set({ email: 'a2@example.org' }),
    );
    const sid = 'session-of-admin-2-aaaaaaaaaaaaaaaaaaaaaaaa';
    await rules.env.withSecurityRulesDisabled((context) =>
      context
        .firestore()
        .collection('coordinatorSessions')
        .doc(sid)
        .set(sessionRecord('admin-2', 30)),
    );
    const db = rules.env.authenticatedContext('admin-2', confirmedAdminClaims(sid)).firestore();
    await assertSucceeds(
      db.collection('cohorts/seeded/studentRows').orderBy('createdAt', 'desc').get(),
    );
    await assertSucceeds(db.collection('students').doc('seeded').get());
    await rules.env.withSecurityRulesDisabled((context) =>
      context.firestore().collection('coordinators').doc('admin-2').delete(),
    );
    await assertFails(
      db.collection('cohorts/seeded/studentRows').orderBy('createdAt', 'desc').get(),
    );
    await assertFails(db.collection('students').doc('seeded').get());
    await assertFails(db.collection('coordinators').get());
  });
});

// Applicants signed in by their e-mail link (My application reads through /api/me, never
// Firestore): their own documents and another applicant's are closed to them, like everything.
describe('applicants signed in by e-mail link read and write nothing, their own data included', () => {
  const own = 'ana@applicant.example.org';
  const participant = (email: string) =>
    rules.env
      .authenticatedContext(`uid-${email}`, {
        email,
        email_verified: true,
        firebase: { sign_in_provider: 'password' },
      })
      .firestore();
  const paths = [
    'students/applicant',
    'cohorts/founding/studentRows/applicant',
    'mentors/applicant',
    'cohorts/founding/mentorRows/applicant',
    'pairs/applicant',
    `applicationLocks/student:${encodeURIComponent(own)}`,
    'mail/applicant',
    'audit/applicant',
    'students/applicant/notes/one',
    'certificates/applicant',
    'surveys/applicant',
  ];

  beforeAll(async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      for (const path of paths) {
        await db.doc(path).set({
          emailAddress: own,
          email: own,
          to: [own],
          people: ['applicant'],
          personId: 'applicant',
        });
      }
    });
  });

  it.each(
    paths.flatMap((path) =>
      [own, 'other@applicant.example.org'].map((email) => [path, email] as const),
    ),
  )('%s: %s can neither read nor write', async (path, email) => {
    const db = participant(email);
    await assertFails(db.doc(path).get());
    await assertFails(db.doc(path).set({ fullName: 'Changed' }));
    await assertFails(db.doc(path).delete());
  });
});
