/**
 * Rules matrix of issue 38's collections: `nominations` (a student's nomination: the nominator's
 * address, answer and line) and `recommendations` (a classmate's invitation: hashes, and the
 * classmate's address only until it is sent). Both are server-only: the person's page reads a
 * nomination through the API, the nominator answers through a one-click POST, a participant
 * invites through My application. Each x {signed out, signed-in non-admin, the nominated student
 * signed in with their own verified address, admin, removed admin} x {get, list, create, update,
 * delete}; and, as a control that the rules loaded are the ones that let coordinators read, an
 * admin's read of a whole student record succeeds.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Who = 'signed out' | 'non-admin' | 'the student' | 'admin' | 'removed admin';
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';
const WHO: Who[] = ['signed out', 'non-admin', 'the student', 'admin', 'removed admin'];
const OPS: Op[] = ['get', 'list', 'create', 'update', 'delete'];
const COLLECTIONS = ['nominations', 'recommendations'];

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-mentorship-rules-nominations',
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'),
    },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await db.collection('students').doc('student-1').set({ emailAddress: 's1@example.edu' });
    await db.collection('nominations').doc('student-1').set({
      studentId: 'student-1',
      nominatorEmail: 'prof@example.edu',
      state: 'asked',
    });
    await db.collection('recommendations').doc('seeded').set({ senderHash: 'x', state: 'waiting' });
    await db.collection('coordinators').doc('admin-1').set({ email: 'admin-1@example.org' });
  });
  // Loading the rules into the emulator took past jest's 5 s on a loaded machine.
}, 60_000);

afterAll(async () => {
  await env?.cleanup();
});

const dbFor = (who: Who) => {
  switch (who) {
    case 'signed out':
      return env.unauthenticatedContext().firestore();
    case 'non-admin':
      return env.authenticatedContext('user-1').firestore();
    case 'the student':
      return env
        .authenticatedContext('student-1', { email: 's1@example.edu', email_verified: true })
        .firestore();
    case 'removed admin':
      return env.authenticatedContext('removed-1', { admin: true }).firestore();
    case 'admin':
      return env.authenticatedContext('admin-1', { admin: true }).firestore();
  }
};

const seededId = (collection: string) => (collection === 'nominations' ? 'student-1' : 'seeded');

const attempt = (who: Who, collection: string, op: Op): Promise<unknown> => {
  const col = dbFor(who).collection(collection);
  const id = seededId(collection);
  switch (op) {
    case 'get':
      return col.doc(id).get();
    case 'list':
      return col.get();
    case 'create':
      return col.doc(`new-${who.replace(' ', '-')}`).set({ state: 'confirmed' });
    case 'update':
      return col.doc(id).update({ state: 'confirmed' });
    case 'delete':
      return col.doc(id).delete();
  }
};

describe.each(COLLECTIONS)('%s is server-only', (collection) => {
  it.each(WHO.flatMap((who) => OPS.map((op) => [who, op] as const)))(
    '%s may not %s',
    async (who, op) => {
      await assertFails(attempt(who, collection, op));
    },
  );
});

it('control: the same rules let an admin read a whole student record', async () => {
  await assertSucceeds(dbFor('admin').collection('students').doc('student-1').get());
  await assertFails(dbFor('the student').collection('students').doc('student-1').get());
});
