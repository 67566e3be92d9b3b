/**
 * The months after matching, with the test's clock: the daily work (`runDailyWork`, as the
 * scheduled function runs it) is called in this process for chosen dates of a cohort in the
 * past (so no other suite's pair, matched today, is owed anything on those days). Each nudge goes
 * once, to the right people, on the right day; none after a pair ends or a person is erased; the
 * one-click check-in answers by token without a sign-in, and a GET of the link records nothing.
 */
import { counterId, linkKey } from '../../functions/src/abuse/rate-window';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { randomBytes } from 'node:crypto';
import { pairPaths, type PairsResponse } from '@mentorship/domain';
import {
  answersOtherThanNotFound,
  call,
  confirmApplicant,
  firestore,
  tokenFor,
} from '../support/api';
import { namingIn, registryLeftoversOf } from '../support/erasure';
import { waitForMail } from '../support/inbox';
import { inTurn, relistPairs, seedPair, seedCohort, type SeededPair } from '../support/seed';
import { COORDINATORS, checkInLink, outboxAbout, useFunctionParams } from '../support/pairs';

jest.setTimeout(180_000);

// A Monday: the program's day 1. Day 14 = 03-16, day 28 = 03-30; month 1 ends 04-02, its
// check-ins are due from 03-27; Mondays (digests): 03-17, 03-24, 03-31.
const START = '2025-03-03';
const day = (d: string) => new Date(`${d}T03:00:00Z`);

let admin: string;
let quiet: SeededPair; // no session ever: nudged
let active: SeededPair; // a session logged before day 14: never nudged for it
let ended: SeededPair; // ended by a coordinator before day 14
let erased: SeededPair; // the student deletes... (a coordinator's Delete, the same erasure)
let risky: SeededPair; // the mentee says "not a good fit": in the Monday digest
let late: SeededPair; // nudged and checked in, then the student deletes their own data

beforeAll(async () => {
  useFunctionParams();
  admin = await tokenFor('admin');
  const cohort = await seedCohort(START);
  const made = await inTurn(6, () =>
    seedPair(admin, cohort.id, { assignedOn: '2025-02-20', mentorStays: true }),
  );
  [quiet, active, ended, erased, risky, late] = made as [
    SeededPair,
    SeededPair,
    SeededPair,
    SeededPair,
    SeededPair,
    SeededPair,
  ];
  const db = firestore();
  await db.collection('pairs').doc(active.id).update({
    'progress.sessionsHeld': 1,
    'progress.lastSessionOn': '2025-03-10',
  });
  await db.collection('pairs').doc(risky.id).update({
    'progress.sessionsHeld': 1,
    'progress.lastSessionOn': '2025-03-10',
    'progress.fit.student': 'not-a-good-fit',
  });
  await relistPairs(active.id, risky.id);
});

const kinds = async (pair: SeededPair, kind: string) => outboxAbout(pair.id, kind);

it('nudges a pair without a session on days 14 and 28, once each, to both of them', async () => {
  const end = await call('POST', `/api/admin/pairs/${ended.id}/end`, {
    token: admin,
    body: { reason: 'unresponsive', note: 'No reply from either side.' },
  });
  expect(end.status).toBe(200);
  const del = await call('DELETE', `/api/admin/students/${erased.studentId}`, { token: admin });
  expect(del.status).toBe(200);

  await runDailyWork(day('2025-03-15'));
  expect(await kinds(quiet, 'no-session-nudge')).toHaveLength(0);

  const report = await runDailyWork(day('2025-03-16'));
  expect(report.jobs.pairs).toMatchObject({ noSessionNudges: expect.any(Number) });
  await runDailyWork(day('2025-03-16')); // the same day again: nothing twice
  await runDailyWork(day('2025-03-17'));
  const first = await kinds(quiet, 'no-session-nudge');
  expect(first.map((m) => m.to[0]).sort()).toEqual([quiet.mentorEmail, quiet.studentEmail].sort());
  expect(first[0]?.text).toContain('14 days');

  for (const d of ['2025-03-29', '2025-03-30', '2025-03-30', '2025-03-31']) {
    await runDailyWork(day(d));
  }
  const both = await kinds(quiet, 'no-session-nudge');
  expect(both).toHaveLength(4);
  expect(both.filter((m) => m.text.includes('28 days'))).toHaveLength(2);

  // A pair with a session, an ended pair, an erased person's pair: never nudged.
  expect(await kinds(active, 'no-session-nudge')).toHaveLength(0);
  expect(await kinds(ended, 'no-session-nudge')).toHaveLength(0);
  expect(await kinds(erased, 'no-session-nudge')).toHaveLength(0);
  const nudgeRecords = await firestore().collection('nudges').where('pairId', '==', quiet.id).get();
  expect(nudgeRecords.docs.map((d) => d.id).sort()).toEqual(
    [`${quiet.id}_no-session_14`, `${quiet.id}_no-session_28`].sort(),
  );
});

it('erases what the pair left when a participant deletes their data, and nudges them no more', async () => {
  expect(await kinds(late, 'no-session-nudge')).toHaveLength(4);
  expect(await kinds(late, 'check-in')).toHaveLength(2);
  const token = await confirmApplicant(late.studentEmail);
  expect((await call('DELETE', '/api/me', { token })).status).toBe(200);

  expect(
    await namingIn(
      ['pairs', 'sessions', 'checkIns', 'checkInTokens', 'nudges', 'plannedSessions', 'mail'],
      [late.studentEmail, late.studentName, late.id],
    ),
  ).toEqual([]);
  // Nor does any registered collection (the history keeps the id, docs/data-model.md).
  const { found } = await registryLeftoversOf(
    [late.studentEmail, late.studentName, late.studentId],
    late.studentId,
  );
  expect(found).toEqual([]);
  // Its check-ins' reminders would be due from 04-01: the next test's runs send none (below).
});

it('sends each participant one check-in a month, answerable in one click, and reminds only who did not answer', async () => {
  // Check-ins were due from 03-27 (the runs above on 03-29..31 sent them); run again: no more.
  await runDailyWork(day('2025-03-31'));
  const checkIns = await kinds(active, 'check-in');
  expect(checkIns.map((m) => m.to[0]).sort()).toEqual(
    [active.mentorEmail, active.studentEmail].sort(),
  );
  expect(await kinds(ended, 'check-in')).toHaveLength(0);
  expect(await kinds(erased, 'check-in')).toHaveLength(0);

  // The stored message holds placeholders; the link is made at the send, so none is stored.
  const toStudent = checkIns.find((m) => m.to[0] === active.studentEmail);
  expect(toStudent?.text).toContain('[[link-0?answer=not-yet]]');
  expect(toStudent?.text).not.toMatch(/token=|check-in\?/);
  const delivered = await waitForMail(active.studentEmail, /Month 1 check-in/);
  const { url, token } = checkInLink(delivered.text, 'not-yet');
  const checkInId = `${active.id}_student_1`;

  // A mail scanner's prefetch: a GET of the link answers nothing.
  expect((await fetch(url)).status).toBe(200);
  expect((await firestore().collection('checkIns').doc(checkInId).get()).get('answer')).toBeNull();
  // Reading the check-in (what the page does as it loads) answers nothing either.
  const viewed = await call<{ answer: string | null }>('POST', pairPaths.checkInView, {
    body: { token },
  });
  expect(viewed.status).toBe(200);
  expect(viewed.body.answer).toBeNull();
  expect((await firestore().collection('checkIns').doc(checkInId).get()).get('answer')).toBeNull();
  // The token never travels in a path: the old door is gone.
  expect((await call('GET', `/api/check-ins/${token}`)).status).toBe(404);
  expect(
    (await call('POST', `/api/check-ins/${token}`, { body: { answer: 'not-yet' } })).status,
  ).toBe(404);

  // The person's click: the token in the POST body, without any sign-in.
  const answered = await call<{ answer: string }>('POST', pairPaths.checkInAnswer, {
    body: { token, answer: 'not-yet', rating: 4, note: 'Busy month.' },
  });
  expect(answered.status).toBe(200);
  expect(answered.body.answer).toBe('not-yet');
  // Bad input: field errors, nothing changes.
  const bad = await call<{ error: { fields: Record<string, string> } }>(
    'POST',
    pairPaths.checkInAnswer,
    { body: { token, answer: 'maybe', rating: 9 } },
  );
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.error.fields).sort()).toEqual(['answer', 'rating']);
  expect(
    (await call('POST', pairPaths.checkInView, { body: { token: `x${'y'.repeat(42)}` } })).status,
  ).toBe(404);
  // Only the hash is stored.
  const tokens = await firestore()
    .collection('checkInTokens')
    .where('checkInId', '==', checkInId)
    .get();
  expect(tokens.size).toBe(1);
  expect(tokens.docs[0]?.id).not.toContain(token);
  expect(JSON.stringify(tokens.docs[0]?.data())).not.toContain(token);

  // Reminders: 3 days after the check-in, only to the mentor (the student answered).
  for (const d of ['2025-04-01', '2025-04-02', '2025-04-03']) await runDailyWork(day(d));
  const reminders = await kinds(active, 'check-in-reminder');
  expect(reminders.map((m) => m.to[0])).toEqual([active.mentorEmail]);
  // The pair whose student erased their data (the previous test): no reminder to either side.
  expect(await kinds(late, 'check-in-reminder')).toHaveLength(0);
  const toMentor = await firestore()
    .collection('mail')
    .where('to', 'array-contains', late.mentorEmail)
    .get();
  expect(toMentor.docs.map((d) => d.get('kind'))).not.toContain('check-in-reminder');
});

it('sends the coordinators one digest of the pairs at risk on a Monday', async () => {
  await runDailyWork(day('2025-03-24'));
  await runDailyWork(day('2025-03-24'));
  const digests = await firestore()
    .collection('mail')
    .where('subjectId', '==', 'digest_2025-03-24')
    .get();
  expect(digests.size).toBe(1);
  const mail = digests.docs[0];
  expect(mail?.get('to')).toEqual([COORDINATORS]);
  const text = mail?.get('message.text') as string;
  expect(text).toContain(`${risky.studentName} with ${risky.mentorName}`);
  expect(text).toContain('not a good fit');
  expect(text).not.toContain(ended.studentName);
});

it('leaves nothing of an erased person in the pair records', async () => {
  const db = firestore();
  for (const collection of ['checkIns', 'checkInTokens', 'nudges', 'sessions', 'plannedSessions']) {
    const left = await db.collection(collection).where('pairId', '==', erased.id).get();
    expect(left.size).toBe(0);
  }
  const mail = await db
    .collection('mail')
    .where('people', 'array-contains', erased.studentId)
    .get();
  expect(mail.size).toBe(0);
});

it('ends a pair: history kept, the student back to matching first, the mentor freed, both told', async () => {
  const db = firestore();
  const pair = (await db.collection('pairs').doc(ended.id).get()).data();
  expect(pair).toMatchObject({
    isActive: false,
    endReason: 'unresponsive',
    endedBy: 'coordinator',
    endNote: 'No reply from either side.',
  });
  const student = (await db.collection('students').doc(ended.studentId).get()).data();
  expect(student).toMatchObject({ activePairId: null, matchPriority: 'rematch' });
  expect((await db.collection('mentors').doc(ended.mentorId).get()).get('activeStudentCount')).toBe(
    0,
  );
  const told = await kinds(ended, 'pair-ended');
  expect(told.map((m) => m.to[0]).sort()).toEqual([ended.mentorEmail, ended.studentEmail].sort());
  // Twice: refused, nothing changes; re-activating an ended pair is refused too.
  const again = await call('POST', `/api/admin/pairs/${ended.id}/end`, {
    token: admin,
    body: { reason: 'other' },
  });
  expect(again.status).toBe(409);
  const reactivate = await call('PUT', `/api/admin/assignments/${ended.id}/status`, {
    token: admin,
    body: { isActive: true },
  });
  expect(reactivate.status).toBe(409);
  const badReason = await call<{ error: { fields: Record<string, string> } }>(
    'POST',
    `/api/admin/pairs/${quiet.id}/end`,
    { token: admin, body: { reason: 'bored' } },
  );
  expect(badReason.status).toBe(400);
  expect(badReason.body.error.fields.reason).toBe('Choose a reason.');
  const history = await db
    .collection('audit')
    .where('subject.id', '==', ended.id)
    .where('action', '==', 'pair.end')
    .get();
  expect(history.size).toBe(1);
});

it('shows each pair\u2019s health to coordinators and previews the next 14 days with the job\u2019s plan', async () => {
  const cohort = encodeURIComponent((await cohortOf(quiet)) ?? '');
  const list = await call<PairsResponse>('GET', `/api/admin/pairs?cohort=${cohort}`, {
    token: admin,
  });
  expect(list.status).toBe(200);
  const byId = new Map(list.body.pairs.map((p) => [p.id, p]));
  expect(byId.get(risky.id)?.state).toBe('at-risk');
  expect(byId.get(risky.id)?.reasons).toContain('The student said: not a good fit');
  // The running pairs, worst first; the ended one is under "Ended".
  expect(list.body.pairs[0]?.id).toBe(risky.id);
  expect(byId.has(ended.id)).toBe(false);
  expect(byId.has(erased.id)).toBe(false);
  const endedList = await call<PairsResponse>(
    'GET',
    `/api/admin/pairs?cohort=${cohort}&show=ended`,
    { token: admin },
  );
  expect(endedList.body.pairs.map((p) => [p.id, p.active])).toEqual([[ended.id, false]]);
  expect(endedList.body.ended).toBe(1);
  const refused = await call<{ error: { fields: Record<string, string> } }>(
    'GET',
    `/api/admin/pairs?cohort=${cohort}&show=bored`,
    { token: admin },
  );
  expect(refused.status).toBe(400);
  expect(refused.body.error.fields.show).toMatch(/^show must be one of all, on-track/);
  expect((await call('GET', '/api/admin/pairs', {})).status).toBe(401);
  const preview = await call<{ days: { day: string }[] }>('GET', '/api/admin/pairs/preview', {
    token: admin,
  });
  expect(preview.status).toBe(200);
  expect(preview.body.days).toHaveLength(14);
});

it('lists, in its student\u2019s cohort, a pair filed under no cohort (made before the cohorts upgrade)', async () => {
  // Its place in the list is filed under its student's cohort when it is judged (the list reads
  // one cohort's places, whatever the program's history).
  const cohortId = (await cohortOf(quiet)) ?? '';
  const ref = firestore().collection('pairs').doc(quiet.id);
  await ref.update({ cohortId: null, 'listing.cohortId': 'somewhere-else' });
  await relistPairs(quiet.id);
  try {
    const query = `?cohort=${encodeURIComponent(cohortId)}`;
    const list = await call<{ pairs: { id: string; cohortId: string }[] }>(
      'GET',
      `/api/admin/pairs${query}`,
      { token: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body.pairs.find((p) => p.id === quiet.id)?.cohortId).toBe(cohortId);
    expect(list.body.pairs.some((p) => p.id === active.id)).toBe(true);
    const preview = await call<{ days: { items: { pairId: string | null }[] }[] }>(
      'GET',
      `/api/admin/pairs/preview${query}`,
      { token: admin },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.days).toHaveLength(14);
  } finally {
    await ref.update({ cohortId });
  }
});

async function cohortOf(pair: SeededPair): Promise<string | undefined> {
  return (await firestore().collection('pairs').doc(pair.id).get()).get('cohortId') as string;
}

it("kills a pair's check-in links when the pair ends: its tokens go in the same transaction", async () => {
  // The risky pair is running and was sent its month 1 check-ins (03-29).
  const delivered = await waitForMail(risky.studentEmail, /Month 1 check-in/);
  const { token } = checkInLink(delivered.text, 'met');
  expect((await call('POST', pairPaths.checkInView, { body: { token } })).status).toBe(200);
  const tokens = () =>
    firestore().collection('checkInTokens').where('pairId', '==', risky.id).get();
  expect((await tokens()).size).toBeGreaterThan(0);

  const end = await call('POST', `/api/admin/pairs/${risky.id}/end`, {
    token: admin,
    body: { reason: 'other' },
  });
  expect(end.status).toBe(200);
  expect((await tokens()).size).toBe(0);
  expect((await call('POST', pairPaths.checkInView, { body: { token } })).status).toBe(404);
  const answer = await call('POST', pairPaths.checkInAnswer, { body: { token, answer: 'met' } });
  expect(answer.status).toBe(404);
  const checkIn = await firestore().collection('checkIns').doc(`${risky.id}_student_1`).get();
  expect(checkIn.get('answer')).toBeNull();
});

it('limits check-in links per link, never per network: a campus behind one address is never refused', async () => {
  // Every request here comes from one client address, as a whole campus behind one NAT would.
  const someoneElse = () => ({ token: randomBytes(32).toString('base64url') });
  // A link nobody was sent is checked before anything is counted: no counter is written for it.
  const unknown = someoneElse();
  const first = await call('POST', pairPaths.checkInView, { body: unknown });
  expect(first.status).toBe(404);
  expect(first.headers.get('RateLimit-Limit')).toBeNull();
  const counter = counterId('check-ins', linkKey({ body: unknown }));
  expect((await firestore().collection('rateLimits').doc(counter).get()).exists).toBe(false);
  // The quiet pair's mentor, behind the same address, answers with an allowance of their link.
  const delivered = await waitForMail(quiet.mentorEmail, /Month 1 check-in/);
  const { token } = checkInLink(delivered.text, 'cannot');
  const answered = await call<{ answer: string }>('POST', pairPaths.checkInAnswer, {
    body: { token, answer: 'cannot' },
  });
  expect(answered.status).toBe(200);
  const limit = Number(answered.headers.get('RateLimit-Limit'));
  expect(limit).toBeGreaterThan(0);
  expect(answered.headers.get('RateLimit-Remaining')).toBe(String(limit - 1));
  // Many others' links from the same address are never refused for this one's clicks.
  expect(
    await answersOtherThanNotFound(
      pairPaths.checkInAnswer,
      () => ({ ...someoneElse(), answer: 'met' }),
      limit + 5,
    ),
  ).toEqual([]);
  expect(answered.body.answer).toBe('cannot');

  // One link has its own allowance: past it, that link alone is refused.
  let refused = 0;
  for (let i = 0; i < limit + 2 && refused === 0; i += 1) {
    const r = await call('POST', pairPaths.checkInView, { body: { token } });
    if (r.status === 429) refused += 1;
    else expect(r.status).toBe(200);
  }
  expect(refused).toBe(1);
  const other = checkInLink(
    (await waitForMail(quiet.studentEmail, /Month 1 check-in/)).text,
    'met',
  ).token;
  expect((await call('POST', pairPaths.checkInView, { body: { token: other } })).status).toBe(200);
});
