/**
 * Rules matrix of the screening interviews' collections (issue 38): `interviewSlots` and
 * `interviewBookings` are server-only (the admin area and My application read them through the
 * API). Each visitor x {get, list, create, update, delete} is refused, including the mentor
 * signed in with the id of their own booking and a coordinator. A control read of `assignments`
 * shows that the coordinator's identity in this file is a working one, so the refusals are the
 * rules', not a broken sign-in.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Who = 'signed out' | 'non-admin' | 'the booking mentor' | 'admin' | 'removed admin';
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';

const COLLECTIONS = ['interviewSlots', 'interviewBookings'];
const WHO: Who[] = ['signed out', 'non-admin', 'the booking mentor', 'admin', 'removed admin'];
const OPS: Op[] = ['get', 'list', 'create', 'update', 'delete'];

let env: RulesTestEnvironment;
// The emulator can be slow to answer on a loaded machine: the set-up gets a minute.
jest.setTimeout(60_000);

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-mentorship-rules-interviews',
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'),
    },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await db
      .collection('interviewSlots')
      .doc('seeded')
      .set({ minutes: 20, place: 'video', mentorId: 'mentor-1' });
    await db
      .collection('interviewBookings')
      .doc('mentor-1')
      .set({ mentorId: 'mentor-1', slotId: 'seeded', status: 'booked' });
    await db.collection('assignments').doc('seeded').set({ isActive: true });
    await db.collection('coordinators').doc('admin-1').set({ email: 'admin-1@example.org' });
  });
}, 60_000);

afterAll(async () => {
  await env?.cleanup();
});

const dbFor = (who: Who) => {
  if (who === 'signed out') return env.unauthenticatedContext().firestore();
  if (who === 'non-admin') return env.authenticatedContext('user-1').firestore();
  if (who === 'the booking mentor') {
    return env
      .authenticatedContext('mentor-1', { email: 'mentor@example.org', email_verified: true })
      .firestore();
  }
  if (who === 'removed admin') {
    return env.authenticatedContext('removed-1', { admin: true }).firestore();
  }
  return env.authenticatedContext('admin-1', { admin: true }).firestore();
};

const seededId = (collection: string) =>
  collection === 'interviewBookings' ? 'mentor-1' : 'seeded';

const attempt = (who: Who, collection: string, op: Op): Promise<unknown> => {
  const col = dbFor(who).collection(collection);
  switch (op) {
    case 'get':
      return col.doc(seededId(collection)).get();
    case 'list':
      return col.get();
    case 'create':
      return col.doc(`new-${who.replace(/ /g, '-')}`).set({ mentorId: 'someone' });
    case 'update':
      return col.doc(seededId(collection)).update({ mentorId: null });
    case 'delete':
      return col.doc(seededId(collection)).delete();
  }
};

it('control: the coordinator of this file reads what coordinators read (assignments)', async () => {
  await assertSucceeds(dbFor('admin').collection('assignments').doc('seeded').get());
  await assertFails(dbFor('non-admin').collection('assignments').doc('seeded').get());
});

describe.each(COLLECTIONS)('%s', (collection) => {
  it.each(WHO.flatMap((who) => OPS.map((op) => [who, op] as const)))(
    '%s may not %s',
    async (who, op) => {
      await assertFails(attempt(who, collection, op));
    },
  );
  it('the mentor may not query their own booking or slot by their id', async () => {
    const db = dbFor('the booking mentor');
    await assertFails(db.collection(collection).where('mentorId', '==', 'mentor-1').get());
  });
});
