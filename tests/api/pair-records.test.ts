/**
 * What a pair's records say and how long they last: a check-in answered again corrects
 * its session too; one meeting is one session whatever the order of the answers (late "We met",
 * then its date; My application and a check-in for the same meeting); deleting a pair erases its
 * records; erasing a person finds everything that names them whatever became of their pairs.
 *
 * The pairs are in a cohort whose month 1 was last calendar month and month 2 runs today, so a
 * check-in of month 1 answered now is a late answer. Check-ins and their tokens are written here
 * as the daily job writes them (the job's own sending is tested in pairs.test.ts).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { isoDayOf, monthEndOn, pairPaths, type IsoDay, type PersonKind } from '@mentorship/domain';
import { newToken, tokenHash } from '../../functions/src/pairs/store';
import { call, confirmApplicant, firestore, tokenFor } from '../support/api';
import { sentCheckIn } from '../factories';
import { namingIn } from '../support/erasure';
import { seedPair, seedCohort, type SeededPair } from '../support/seed';

jest.setTimeout(180_000);

// Month 1: the whole of last calendar month; month 2: this one, today in it.
const today = isoDayOf(new Date());
const START: IsoDay = (() => {
  const d = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return isoDayOf(d);
})();
const inMonth1 = (day: number): IsoDay => `${START.slice(0, 8)}${String(day).padStart(2, '0')}`;

let admin: string;
let cohortId: string;
let programEnd: IsoDay;

beforeAll(async () => {
  admin = await tokenFor('admin');
  const cohort = await seedCohort(START);
  cohortId = cohort.id;
  programEnd = (await firestore().collection('cohorts').doc(cohortId).get()).get(
    'programEnd',
  ) as IsoDay;
});

const newPair = () => seedPair(admin, cohortId, { assignedOn: inMonth1(1), mentorStays: true });

/** A sent check-in of month `month` and its one-click token, as the daily job writes them. */
async function checkInFor(pair: SeededPair, role: PersonKind, month = 1): Promise<string> {
  const db = firestore();
  const checkInId = `${pair.id}_${role}_${month}`;
  const personId = role === 'student' ? pair.studentId : pair.mentorId;
  await db
    .collection('checkIns')
    .doc(checkInId)
    .set(sentCheckIn(pair, cohortId, role, month));
  const token = newToken();
  await db
    .collection('checkInTokens')
    .doc(tokenHash(token))
    .set({
      checkInId,
      pairId: pair.id,
      role,
      personId,
      expiresAt: Timestamp.fromMillis(Date.now() + 30 * 86_400_000),
    });
  await db
    .collection('pairs')
    .doc(pair.id)
    .update({ [`progress.checkIns.${role}_${month}`]: { sentOn: today, answeredOn: null } });
  return token;
}

/** The person's answer to a check-in (what the check-in page posts on their click). */
const answer = (token: string, body: Record<string, unknown>) =>
  call<{ answer: string }>('POST', pairPaths.checkInAnswer, { body: { token, ...body } });

async function sessionsOf(pairId: string) {
  const snap = await firestore().collection('sessions').where('pairId', '==', pairId).get();
  return snap.docs.map((d) => d.get('heldOn') as string).sort();
}

async function progressOf(pairId: string) {
  const doc = await firestore().collection('pairs').doc(pairId).get();
  return {
    sessionsHeld: doc.get('progress.sessionsHeld') as number | undefined,
    lastSessionOn: (doc.get('progress.lastSessionOn') as string | null | undefined) ?? null,
  };
}

describe('check-in answers and sessions', () => {
  it('a second answer corrects the first completely, its session and the pair’s progress included', async () => {
    const pair = await newPair();
    const student = await checkInFor(pair, 'student');
    const met = await answer(student, { answer: 'met', heldOn: inMonth1(12) });
    expect(met.status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(12)]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 1, lastSessionOn: inMonth1(12) });

    // "Not yet" after "We met" (a scanner's click, a slip): the session goes, and what followed.
    const notYet = await answer(student, { answer: 'not-yet' });
    expect(notYet.status).toBe(200);
    expect(notYet.body.answer).toBe('not-yet');
    expect(await sessionsOf(pair.id)).toEqual([]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 0, lastSessionOn: null });
    const checkIn = await firestore().collection('checkIns').doc(`${pair.id}_student_1`).get();
    expect(checkIn.get('heldOn')).toBeNull();

    // Both said they met; one takes it back: the other's word keeps the session.
    const mentor = await checkInFor(pair, 'mentor');
    expect((await answer(student, { answer: 'met', heldOn: inMonth1(12) })).status).toBe(200);
    expect((await answer(mentor, { answer: 'met', heldOn: inMonth1(14) })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(12)]);
    expect((await answer(student, { answer: 'cannot' })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(12)]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 1, lastSessionOn: inMonth1(12) });
    expect((await answer(mentor, { answer: 'not-yet' })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 0, lastSessionOn: null });
  });

  it('one meeting is one session: "We met" after its month, then the real date in the form', async () => {
    const pair = await newPair();
    const student = await checkInFor(pair, 'student');
    const mentor = await checkInFor(pair, 'mentor');
    // The click (no date): the meeting was in the month asked about, dated its last day.
    expect((await answer(student, { answer: 'met' })).status).toBe(200);
    const monthEnd = monthEndOn(START, programEnd, 1);
    expect(await sessionsOf(pair.id)).toEqual([monthEnd]);
    // The form, with the real date: the same session, on that date.
    expect((await answer(student, { answer: 'met', heldOn: inMonth1(20), rating: 4 })).status).toBe(
      200,
    );
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(20)]);
    // The mentor answers the same meeting, in the other order of clicks: still one session.
    expect((await answer(mentor, { answer: 'met' })).status).toBe(200);
    expect((await answer(mentor, { answer: 'met', heldOn: inMonth1(20) })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(20)]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 1, lastSessionOn: inMonth1(20) });
  });

  it('a session logged on My application and the check-in’s "We met" for the same meeting count once', async () => {
    const pair = await newPair();
    const signIn = await confirmApplicant(pair.studentEmail);
    const logged = await call('POST', `/api/me/pairs/${pair.id}/sessions`, {
      token: signIn,
      body: { heldOn: inMonth1(9) },
    });
    expect(logged.status).toBe(200);
    const student = await checkInFor(pair, 'student');
    expect((await answer(student, { answer: 'met' })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(9)]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 1, lastSessionOn: inMonth1(9) });
    // The check-in takes the session's date (the page's form shows it).
    const checkIn = firestore().collection('checkIns').doc(`${pair.id}_student_1`);
    expect((await checkIn.get()).get('heldOn')).toBe(inMonth1(9));
    // Taking the check-in back leaves what was logged on My application.
    expect((await answer(student, { answer: 'not-yet' })).status).toBe(200);
    expect(await sessionsOf(pair.id)).toEqual([inMonth1(9)]);
    expect(await progressOf(pair.id)).toEqual({ sessionsHeld: 1, lastSessionOn: inMonth1(9) });
  });
});

/** A pair with every kind of record the months after matching leave. */
async function pairWithRecords(): Promise<SeededPair> {
  const pair = await newPair();
  const db = firestore();
  const token = await checkInFor(pair, 'student');
  expect(
    (await answer(token, { answer: 'met', heldOn: inMonth1(5), note: 'Good talk.' })).status,
  ).toBe(200);
  await checkInFor(pair, 'mentor');
  await db
    .collection('nudges')
    .doc(`${pair.id}_no-session_14`)
    .set({
      kind: 'no-session-nudge',
      pairId: pair.id,
      people: [pair.studentId, pair.mentorId],
      day: inMonth1(14),
      createdAt: Timestamp.now(),
    });
  await db
    .collection('mail')
    .doc(`digest-${pair.id}`)
    .set({
      to: ['coordinators@bridgementorship.org'],
      kind: 'at-risk-digest',
      subjectId: `digest_${pair.id}`,
      people: [pair.studentId, pair.mentorId],
      message: { subject: 'Pairs at risk', text: `${pair.studentName} with ${pair.mentorName}` },
      // Sent already (the outbox trigger leaves it alone).
      delivery: { state: 'SUCCESS', attempts: 1 },
    });
  return pair;
}

/** Every document of the pair's collections (and the outbox) that names one of the needles. */
const naming = (needles: string[]) =>
  namingIn(
    ['pairs', 'sessions', 'checkIns', 'checkInTokens', 'nudges', 'mail', 'certificates'],
    needles,
  );

const needlesOf = (pair: SeededPair) => [pair.id, pair.studentId, pair.mentorId];

describe('deleting a pair and erasing a person', () => {
  it('deleting a pair erases its sessions, check-ins, tokens, nudges and e-mails, and only its own', async () => {
    const gone = await pairWithRecords();
    const kept = await pairWithRecords();
    const keptBefore = await naming(needlesOf(kept));
    expect(keptBefore.filter((p) => p.startsWith('sessions/'))).toHaveLength(1);
    expect(keptBefore.filter((p) => p.startsWith('checkInTokens/'))).toHaveLength(2);
    expect((await naming(needlesOf(gone))).length).toBeGreaterThan(6);

    const deleted = await call('DELETE', `/api/admin/assignments/${gone.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    // The people stay (their records name them), nothing of the pair does.
    expect(await naming([gone.id])).toEqual([]);
    const left = await naming([gone.studentId, gone.mentorId]);
    expect(left).toEqual([]);
    expect(await naming(needlesOf(kept))).toEqual(keptBefore);

    // The bulk delete does the same.
    const bulk = await pairWithRecords();
    const res = await call('POST', '/api/admin/assignments/bulk-delete', {
      token: admin,
      body: { assignmentIds: [bulk.id] },
    });
    expect(res.status).toBe(200);
    expect(await naming(needlesOf(bulk))).toEqual([]);
    expect(await naming(needlesOf(kept))).toEqual(keptBefore);
  });

  it('erasing a person finds what names them after their pair was deleted before (records left by older code)', async () => {
    const pair = await pairWithRecords();
    // A deletion as older code did it: the pair only, its records left behind.
    await firestore().collection('pairs').doc(pair.id).delete();
    expect((await naming([pair.id])).length).toBeGreaterThan(5);

    const erased = await call('DELETE', `/api/admin/mentors/${pair.mentorId}`, { token: admin });
    expect(erased.status).toBe(200);
    expect(await naming([pair.id, pair.mentorId, pair.mentorEmail, pair.mentorName])).toEqual([]);
  });

  it('erasing a person after their partner was erased leaves nothing of the pair', async () => {
    const pair = await pairWithRecords();
    expect(
      (await call('DELETE', `/api/admin/students/${pair.studentId}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/admin/mentors/${pair.mentorId}`, { token: admin })).status,
    ).toBe(200);
    expect(
      await naming([...needlesOf(pair), pair.studentName, pair.mentorName, pair.mentorEmail]),
    ).toEqual([]);
  });
});
