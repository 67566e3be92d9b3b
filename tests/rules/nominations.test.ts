/**
 * Rules matrix of the intake's collections: `nominations` (a student's nomination: the nominator's
 * address, answer and line) and `recommendations` (a classmate's invitation: hashes, and the
 * classmate's address only until it is sent). Both are server-only: the person's page reads a
 * nomination through the API, the nominator answers through a one-click POST, a participant
 * invites through My application. Each x {signed out, signed-in non-admin, the nominated student
 * signed in with their own verified address, admin, removed admin} x {get, list, create, update,
 * delete}; and, as a control that the rules loaded are the ones that let coordinators read, an
 * admin's read of a whole student record succeeds.
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

type Who = Visitor | 'the student';
const WHO: Who[] = ['signed out', 'non-admin', 'the student', 'admin', 'removed admin'];
const COLLECTIONS = ['nominations', 'recommendations'];

const rules = rulesTestEnvironment('demo-mentorship-rules-nominations', async (db) => {
  await db.collection('students').doc('student-1').set({ emailAddress: 's1@example.edu' });
  await db.collection('nominations').doc('student-1').set({
    studentId: 'student-1',
    nominatorEmail: 'prof@example.edu',
    state: 'asked',
  });
  await db.collection('recommendations').doc('seeded').set({ senderHash: 'x', state: 'waiting' });
});

const dbFor = (who: Who) =>
  who === 'the student'
    ? verifiedPersonFirestore(rules.env, 'student-1', 's1@example.edu')
    : visitorFirestore(rules.env, who);

const seededId = (collection: string) => (collection === 'nominations' ? 'student-1' : 'seeded');

const attempt = (who: Who, collection: string, op: Op): Promise<unknown> =>
  attemptOn(dbFor(who), collection, op, {
    id: seededId(collection),
    newId: `new-${who.replace(' ', '-')}`,
    created: { state: 'confirmed' },
    changed: { state: 'confirmed' },
  });

describe.each(COLLECTIONS)('%s is server-only', (collection) => {
  it.concurrent.each(everyAttempt(WHO))('%s may not %s', async (who, op) => {
    await assertFails(attempt(who, collection, op));
  });
});

it('control: the same rules let an admin read a whole student record', async () => {
  await assertSucceeds(dbFor('admin').collection('students').doc('student-1').get());
  await assertFails(dbFor('the student').collection('students').doc('student-1').get());
});
