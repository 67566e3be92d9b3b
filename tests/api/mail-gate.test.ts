/**
 * The one gate for e-mail a signed-in person's action makes the program send (functions/src/
 * email/gate.ts, budgets in the domain's MAIL_BUDGETS): a participant cannot make the program
 * e-mail their partner or the coordinators without end. Fifty new times in a minute reach the
 * partner at most the budget's number of times, the rest refused (429, naming the time to try
 * again) with nothing saved; "Report a problem" is bounded per reporter (a day's e-mail, and the
 * reports kept: each side of a pair its own allowance), each report a record of its own that never grows the pair's document; "not a good fit" answered
 * again and again e-mails one re-match request.
 */
import {
  MAIL_BUDGETS,
  PROBLEM_MESSAGES,
  PROBLEM_REPORTS_PER_REPORTER,
  isoDayOf,
  pairPaths,
  teamPaths,
  type MailKind,
  type MyPairsChange,
  type PairsResponse,
} from '@mentorship/domain';
import { call, confirmApplicant, firestore, uniqueSuffix } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { wallClock } from '../factories';
import { outboxAbout, useFunctionParams } from '../support/pairs';
import { seedCohort, seedPair, type SeededPair } from '../support/seed';

jest.setTimeout(300_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'Europe/Berlin';

let cohortId: string;

beforeAll(async () => {
  useFunctionParams();
  const start = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
  cohortId = (await seedCohort(start)).id;
});

type Answer = MyPairsChange & { error?: { code: string; message: string } };

const budgetOf = (kind: MailKind) => {
  const budget = MAIL_BUDGETS[kind];
  if (budget.bound !== 'gate') throw new Error(`${kind} is not gated`);
  return budget;
};

async function signedIn(pair: SeededPair) {
  const [student, mentor] = await Promise.all([
    confirmApplicant(pair.studentEmail),
    confirmApplicant(pair.mentorEmail),
  ]);
  return { student, mentor };
}

/** A refusal as the person reads it: what happened and when to try again. */
function expectRefusedUntil(res: { status: number; body: Answer; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body.error?.code).toBe('rate-limited');
  expect(res.body.error?.message).toMatch(/too many .* nothing was changed/);
  expect(res.body.error?.message).toMatch(
    /try again after \w{3}, \w{3} \d+, \d{4}, \d+:\d\d [AP]M/,
  );
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
}

it('fifty new times in a minute: the partner is e-mailed at most the budget, the rest refused with nothing saved', async () => {
  const pair = await seedPair(admin, cohortId);
  const { student } = await signedIn(pair);
  const at = (i: number) => {
    const when = new Date(Math.ceil((Date.now() + (48 + i) * HOUR) / HOUR) * HOUR);
    return { ...wallClock(when, ZONE), timeZone: ZONE };
  };
  const proposed = await call<Answer>('POST', pairPaths.myPlanned(pair.id), {
    token: student,
    body: at(0),
  });
  expect(proposed.status).toBe(200);
  const plannedId = proposed.body.pairs[0]?.planned[0]?.id as string;

  const answers: { status: number; body: Answer; headers: Headers }[] = [];
  const started = Date.now();
  for (let i = 1; i < 50; i++) {
    answers.push(
      await call<Answer>('POST', pairPaths.myPlannedAction(pair.id, plannedId, 'counter'), {
        token: student,
        body: at(i),
      }),
    );
  }
  const seconds = (Date.now() - started) / 1000;

  const { perSender } = budgetOf('planned-session-proposed');
  const toPartner = (await outboxAbout(pair.id, 'planned-session-proposed')).filter((m) =>
    m.to.includes(pair.mentorEmail),
  );
  expect(toPartner).toHaveLength(perSender.max);
  const admitted = answers.filter((a) => a.status === 200);
  expect(admitted).toHaveLength(perSender.max - 1);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(50 - perSender.max);
  for (const r of refused) expectRefusedUntil(r);
  // Nothing a refusal touched was saved: the session keeps the last time that went through.
  const stored = await firestore().collection('plannedSessions').doc(plannedId).get();
  expect(admitted.at(-1)?.body.pairs[0]?.planned[0]?.startsAt).toBe(stored.get('startsAt'));
  console.log(`50 proposals from one participant in ${seconds.toFixed(1)} s`);
});

it('"Report a problem" is bounded per reporter: a day\'s e-mail (429, nothing saved) and the reports kept (409, each side its own), each report a record of its own', async () => {
  const pair = await seedPair(admin, cohortId);
  const { student, mentor } = await signedIn(pair);
  const { perSender } = budgetOf('problem-reported');
  const report = (token: string, note: string) =>
    call<Answer>('POST', pairPaths.myProblem(pair.id), { token, body: { note } });

  for (let i = 0; i < perSender.max; i++) {
    expect((await report(student, `report ${i}`)).status).toBe(200);
  }
  const over = await report(student, 'one too many');
  expectRefusedUntil(over);
  expect(over.body.error?.message).toContain('problem reports');
  // The partner's allowance is their own.
  expect((await report(mentor, "the mentor's report")).status).toBe(200);

  const reports = await firestore()
    .collection('problemReports')
    .where('pairId', '==', pair.id)
    .get();
  expect(reports.size).toBe(perSender.max + 1);
  expect(reports.docs.map((d) => d.get('text'))).not.toContain('one too many');
  const mails = await outboxAbout(pair.id, 'problem-reported');
  expect(mails).toHaveLength(perSender.max + 1);
  // The pair's document does not grow with the reports.
  const doc = await firestore().collection('pairs').doc(pair.id).get();
  expect(doc.get('progress.problems')).toBeUndefined();
  expect(doc.get('progress.problemReportedAt')).toEqual(expect.any(String));

  // The coordinators read every report where they did.
  const health = await call<PairsResponse>('GET', `${pairPaths.pairs}?cohort=${cohortId}`, {
    token: admin,
  });
  const row = health.body.pairs.find((p) => p.id === pair.id);
  expect(row?.problems).toHaveLength(perSender.max + 1);
  expect(row?.state).toBe('at-risk');

  // The reports kept, per side: the student's filled up to the bound, their next report is
  // refused however it is made, and the mentor can still report (one partner cannot use up the
  // other's way to reach the coordinators) until their own reports reach it.
  const fillUpTo = async (role: 'student' | 'mentor') => {
    const own = reports.docs.find((d) => d.get('role') === role)?.data();
    const stored = await firestore()
      .collection('problemReports')
      .where('pairId', '==', pair.id)
      .where('role', '==', role)
      .get();
    const batch = firestore().batch();
    for (let i = stored.size; i < PROBLEM_REPORTS_PER_REPORTER; i++) {
      batch.set(firestore().collection('problemReports').doc(), { ...own, text: `filler ${i}` });
    }
    await batch.commit();
  };
  await fillUpTo('student');
  const full = await report(student, 'past the bound');
  expect(full.status).toBe(409);
  expect(full.body.error?.message).toBe(PROBLEM_MESSAGES.tooMany);
  expect((await report(mentor, "the mentor's second report")).status).toBe(200);
  await fillUpTo('mentor');
  const mentorFull = await report(mentor, 'past their own bound');
  expect(mentorFull.status).toBe(409);
  expect(mentorFull.body.error?.message).toBe(PROBLEM_MESSAGES.tooMany);
  const kept = await firestore().collection('problemReports').where('pairId', '==', pair.id).get();
  expect(kept.size).toBe(2 * PROBLEM_REPORTS_PER_REPORTER);
  expect(kept.docs.map((d) => d.get('text'))).not.toContain('past the bound');
});

it('"not a good fit" answered again and again e-mails one re-match request', async () => {
  const pair = await seedPair(admin, cohortId);
  const { student } = await signedIn(pair);
  // A session first (the fit question comes after one), held today: the pair starts today.
  const heldOn = isoDayOf(new Date());
  expect(
    (await call('POST', pairPaths.mySession(pair.id), { token: student, body: { heldOn } })).status,
  ).toBe(200);
  for (let i = 0; i < 4; i++) {
    for (const fit of ['not-a-good-fit', 'good-fit']) {
      const res = await call('POST', pairPaths.myFit(pair.id), { token: student, body: { fit } });
      expect(res.status).toBe(200);
    }
  }
  expect(await outboxAbout(pair.id, 'rematch-request')).toHaveLength(1);
});

describe("a coordinator's e-mail passes the same gate", () => {
  it('inviting one address again and again (aliases as one): past its window, refused with the time, and no invitation saved', async () => {
    const { perRecipient } = budgetOf('coordinator-invitation');
    const local = `gate-invitee-${uniqueSuffix()}`;
    // `name+n@…` and `NAME@…` are one recipient.
    const as = (i: number) =>
      i % 2 ? `${local}+${i}@test.example.org` : `${local.toUpperCase()}@test.example.org`;
    const invite = (email: string) =>
      call<Answer>('POST', teamPaths.invitations, { token: admin, body: { email } });
    for (let i = 0; i < perRecipient.max; i++) expect((await invite(as(i))).status).toBe(201);
    const stored = async () =>
      (
        await firestore()
          .collection('invitations')
          .where('email', '>=', local)
          .where('email', '<', `${local}~`)
          .get()
      ).size;
    expect(await stored()).toBe(perRecipient.max);

    const refused = await invite(`${local}+again@test.example.org`);
    expectRefusedUntil(refused);
    expect(refused.body.error?.message).toMatch(/^You have sent too many invitations for now/);
    // Nothing saved: no invitation, and no e-mail queued for it.
    expect(await stored()).toBe(perRecipient.max);
    const queued = await firestore()
      .collection('mail')
      .where('kind', '==', 'coordinator-invitation')
      .get();
    expect(
      queued.docs.filter((d) => (d.get('to') as string[]).some((t) => t.includes(local))),
    ).toHaveLength(perRecipient.max);
  });
});
