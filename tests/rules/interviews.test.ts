/**
 * Rules matrix of the screening interviews' collections: `interviewSlots` and
 * `interviewBookings` are server-only (the admin area and My application read them through the
 * API). Each visitor x {get, list, create, update, delete} is refused, including the mentor
 * signed in with the id of their own booking and a coordinator. A control read of `pairs`
 * shows that the coordinator's identity in this file is a working one, so the refusals are the
 * rules', not a broken sign-in.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  attempt as attemptOn,
  everyAttempt,
  rulesTestEnvironment,
  verifiedPersonFirestore,
  visitorFirestore,
  type Op,
  type Visitor,
} from '../support/rules';

type Who = Visitor | 'the booking mentor';

const COLLECTIONS = ['interviewSlots', 'interviewBookings'];
const WHO: Who[] = ['signed out', 'non-admin', 'the booking mentor', 'admin', 'removed admin'];

// The emulator can be slow to answer on a loaded machine: the set-up gets a minute.
jest.setTimeout(60_000);

const rules = rulesTestEnvironment('demo-mentorship-rules-interviews', async (db) => {
  await db
    .collection('interviewSlots')
    .doc('seeded')
    .set({ minutes: 20, place: 'video', mentorId: 'mentor-1' });
  await db
    .collection('interviewBookings')
    .doc('mentor-1')
    .set({ mentorId: 'mentor-1', slotId: 'seeded', status: 'booked' });
  await db.collection('pairs').doc('seeded').set({ isActive: true });
});

const dbFor = (who: Who) =>
  who === 'the booking mentor'
    ? verifiedPersonFirestore(rules.env, 'mentor-1', 'mentor@example.org')
    : visitorFirestore(rules.env, who);

const seededId = (collection: string) =>
  collection === 'interviewBookings' ? 'mentor-1' : 'seeded';

const attempt = (who: Who, collection: string, op: Op): Promise<unknown> =>
  attemptOn(dbFor(who), collection, op, {
    id: seededId(collection),
    newId: `new-${who.replace(/ /g, '-')}`,
    created: { mentorId: 'someone' },
    changed: { mentorId: null },
  });

it('control: the coordinator of this file reads what coordinators read (pairs)', async () => {
  await assertSucceeds(dbFor('admin').collection('pairs').doc('seeded').get());
  await assertFails(dbFor('non-admin').collection('pairs').doc('seeded').get());
});

describe.each(COLLECTIONS)('%s', (collection) => {
  it.concurrent.each(everyAttempt(WHO))('%s may not %s', async (who, op) => {
    await assertFails(attempt(who, collection, op));
  });
  it('the mentor may not query their own booking or slot by their id', async () => {
    const db = dbFor('the booking mentor');
    await assertFails(db.collection(collection).where('mentorId', '==', 'mentor-1').get());
  });
});
