/**
 * The daily run killed half-way and started again sends every check-in, nudge, digest
 * and certificate exactly once and leaves no pair half-completed.
 *
 * The kill: every Firestore commit with writes in this process (transactions, batches, single
 * writes all end in `WriteBatch._commit`) is counted; after the chosen number the commit that reached it takes
 * effect and then the "process dies": that call and every later commit throw, so nothing more is
 * written by that run, as if the instance had been stopped right after that write. The run is then
 * started again, and killed again one write further, until a run finishes; one more full run on top.
 *
 * Two identical scenarios, a week apart (so on past dates no other suite's pairs are owed anything):
 * the first is run once uninterrupted (the control), the second through the kills. Every count
 * must equal the control's: outbox messages by kind and recipient, check-ins, certificates,
 * completion marks, mentors' places; and each address gets each e-mail once in MailDev.
 */
import type { WriteBatch } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { checkInDueOn, digestKeyOn, programEndFor, type IsoDay } from '@mentorship/domain';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { firestore, tokenFor } from '../support/api';
import { dayOffset } from '../factories';
import { seedPair, seedSessions, seedCohort, type SeededPair } from '../support/seed';
import { useFunctionParams } from '../support/pairs';
import { mailsTo, settledMailsTo } from '../support/inbox';

jest.setTimeout(600_000);

/** The write batch every commit of the Admin SDK goes through (one class for all instances). */
type Committing = WriteBatch & {
  _commit: (...args: unknown[]) => Promise<unknown>;
  readonly _opCount: number;
};
const batchPrototype = () => Object.getPrototypeOf(firestore().batch()) as Committing;

class Killed extends Error {
  constructor() {
    super('killed (test)');
  }
}

/** Commits from now on; after `budget` of them every commit throws. */
const kill = { budget: Infinity, writes: 0 };
let original: Committing['_commit'];
beforeAll(() => {
  const proto = batchPrototype();
  original = proto._commit;
  proto._commit = async function (this: Committing, ...args: unknown[]) {
    // A transaction that only read still commits (to end it): not a write.
    if (this._opCount === 0) return original.apply(this, args);
    if (kill.writes >= kill.budget) throw new Killed();
    const result = await original.apply(this, args);
    kill.writes++;
    if (kill.writes >= kill.budget) throw new Killed();
    return result;
  };
});
afterAll(() => {
  batchPrototype()._commit = original;
});

interface Scenario {
  day: IsoDay;
  running: SeededPair[];
  ended: SeededPair[];
}

/**
 * On `day`: a cohort in the first day of month 1's check-ins (three pairs, one at risk, so a
 * Monday has a digest) and a cohort whose program ended the day before (two pairs with 3
 * sessions: completed, certificates; one with 1 session: only the mentor's place back).
 */
async function scenario(token: string, day: IsoDay): Promise<Scenario> {
  // The program start whose month-1 check-ins are due on `day`.
  let programStart: IsoDay | undefined;
  for (let back = 14; back < 40 && !programStart; back++) {
    const candidate = dayOffset(day, -back);
    if (checkInDueOn(candidate, programEndFor(candidate), 1) === day) programStart = candidate;
  }
  if (!programStart) throw new Error(`no program start has check-ins due on ${day}`);
  const running = await seedCohort(programStart);
  const endedCohort = await seedCohort({
    name: 'Ended cohort',
    programStart: dayOffset(day, -122),
    programEnd: dayOffset(day, -1),
  });
  const runningPairs: SeededPair[] = [];
  for (let i = 0; i < 3; i++) runningPairs.push(await seedPair(token, running.id));
  const db = firestore();
  for (const pair of runningPairs) {
    await db
      .collection('pairs')
      .doc(pair.pairId)
      .update({
        assignedAt: Timestamp.fromDate(new Date(`${dayOffset(programStart, -10)}T12:00:00Z`)),
      });
  }
  await db.collection('pairs').doc(runningPairs[0]!.pairId).update({
    'progress.sessionsHeld': 1,
    'progress.lastSessionOn': running.programStart,
    'progress.fit.student': 'not-a-good-fit',
  });
  const endedPairs: SeededPair[] = [];
  for (let i = 0; i < 3; i++) endedPairs.push(await seedPair(token, endedCohort.id));
  const s = endedCohort.programStart;
  await seedSessions(
    endedPairs[0]!,
    endedCohort.id,
    [5, 40, 80].map((d) => dayOffset(s, d)),
  );
  await seedSessions(
    endedPairs[1]!,
    endedCohort.id,
    [6, 41, 81].map((d) => dayOffset(s, d)),
  );
  await seedSessions(endedPairs[2]!, endedCohort.id, [dayOffset(s, 7)]);
  return { day, running: runningPairs, ended: endedPairs };
}

/** Everything the daily run leaves about a scenario's pairs, as counts comparable across two. */
async function outcome(sc: Scenario) {
  const db = firestore();
  const pairs = [...sc.running, ...sc.ended];
  const perPair = [];
  for (const [index, pair] of pairs.entries()) {
    const mail = await db.collection('mail').where('subjectId', '==', pair.pairId).get();
    const byKind: Record<string, number> = {};
    for (const m of mail.docs) {
      const to = (m.get('to') as string[]).join(',');
      const who = to === pair.studentEmail ? 'student' : to === pair.mentorEmail ? 'mentor' : to;
      const key = `${m.get('kind')}:${who}`;
      byKind[key] = (byKind[key] ?? 0) + 1;
    }
    const checkIns = await db.collection('checkIns').where('pairId', '==', pair.pairId).get();
    const certificates = await db
      .collection('certificates')
      .where('pairId', '==', pair.pairId)
      .get();
    const stored = (await db.collection('pairs').doc(pair.pairId).get()).data();
    const mentor = (await db.collection('mentors').doc(pair.mentorId).get()).data();
    const certificateIds = Object.values(
      (stored?.certificateIds ?? {}) as Record<string, string>,
    ).sort();
    perPair.push({
      index,
      mail: byKind,
      checkIns: checkIns.size,
      certificates: certificates.size,
      // Half-completed: a completion mark without its certificates, or certificates without it.
      completed: Boolean(stored?.completedAt),
      certificatesMatchMark:
        JSON.stringify(certificateIds) ===
        JSON.stringify(certificates.docs.map((d) => d.id).sort()),
      placeReleased: Boolean(stored?.mentorPlaceReleasedAt),
      mentorActiveStudents: mentor?.activeStudentCount,
    });
  }
  const key = digestKeyOn(sc.day);
  const digests = key
    ? (await db.collection('mail').where('subjectId', '==', key).get()).size
    : null;
  return { perPair, digests };
}

const addresses = (sc: Scenario) =>
  [...sc.running, ...sc.ended].flatMap((p) => [p.studentEmail, p.mentorEmail]);

/**
 * Each address's e-mail subjects in MailDev, once the outbox's trigger delivered at least
 * `expected` of them in all (then a little longer, for a stray second copy).
 */
async function inboxCounts(sc: Scenario, expected: number) {
  // Subjects name the partner: the two scenarios' people have different names.
  const names = [...sc.running, ...sc.ended].flatMap((p) => [
    [p.studentName, 'the student'],
    [p.mentorName, 'the mentor'],
  ]);
  const anonymous = (subject: string) =>
    names.reduce((text, [name, role]) => text.split(name as string).join(role), subject);
  const read = () =>
    Promise.all(
      addresses(sc).map(async (a) => (await mailsTo(a)).map((m) => anonymous(m.subject)).sort()),
    );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if ((await read()).flat().length >= expected || Date.now() > deadline) {
      // Then until nothing more is queued to them, rather than a guessed while for a stray one.
      await settledMailsTo(addresses(sc));
      return read();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

const at = (day: IsoDay) => new Date(`${day}T03:00:00Z`);

let token: string;
beforeAll(async () => {
  useFunctionParams();
  token = await tokenFor('admin');
});

it('a daily run killed after each of its writes and started again does everything exactly once', async () => {
  // Mondays in a past year, a week apart.
  const control = await scenario(token, '2022-06-13');
  const killed = await scenario(token, '2022-06-20');

  await runDailyWork(at(control.day));
  const expected = await outcome(control);
  const total = expected.perPair.reduce(
    (sum, p) => sum + Object.values(p.mail).reduce((a, b) => a + b, 0),
    0,
  );
  // The control's inbox now, before the later day's runs add its next nudges.
  const controlInbox = await inboxCounts(control, total);
  // Besides the pairs' messages, the run asks the scenario's people about the next cohort.
  expect(controlInbox.flat().length).toBeGreaterThanOrEqual(total);

  // Something of every kind happened (the comparison below is not between two empty runs).
  const kinds = new Set(expected.perPair.flatMap((p) => Object.keys(p.mail)));
  for (const kind of ['check-in:student', 'check-in:mentor', 'certificate:student']) {
    expect(kinds).toContain(kind);
  }
  expect(expected.digests).toBe(1);
  expect(expected.perPair.filter((p) => p.completed)).toHaveLength(2);
  expect(expected.perPair.filter((p) => p.placeReleased)).toHaveLength(3);

  // Killed after the 1st write, restarted and killed after its 1st write, ... until a run ends.
  let kills = 0;
  const killedIn = new Set<string>();
  for (;;) {
    kill.writes = 0;
    kill.budget = 1;
    try {
      await runDailyWork(at(killed.day));
      break;
    } catch (error) {
      const report = (error as { report?: { jobs: Record<string, unknown> } }).report;
      // Every failure of a killed run is the kill itself.
      for (const job of Object.values(report?.jobs ?? {})) {
        if (job && typeof job === 'object' && 'failed' in job) {
          expect(String((job as { failed: string }).failed)).toMatch(/killed \(test\)/);
        }
      }
      if (!report) throw error;
      kills++;
      // The job the kill stopped: the first that failed (the later ones could not write).
      const first = Object.entries(report.jobs).find(
        ([, job]) => job && typeof job === 'object' && 'failed' in job,
      );
      if (first) killedIn.add(first[0]);
    } finally {
      kill.budget = Infinity;
    }
    if (kills > 200) throw new Error('the daily run never finished');
  }
  // Killed inside each job that writes (commits running in parallel may pass one kill
  // together, so there are fewer kills than writes).
  expect(kills).toBeGreaterThanOrEqual(3);
  expect([...killedIn].sort()).toEqual(expect.arrayContaining(['completion', 'pairs']));
  // And once more, whole: nothing new.
  await runDailyWork(at(killed.day));

  const got = await outcome(killed);
  expect(got).toEqual(expected);
  for (const pair of got.perPair) {
    expect(pair.certificatesMatchMark).toBe(true);
    for (const count of Object.values(pair.mail)) expect(count).toBe(1);
  }

  // Delivered: each participant's inbox holds what the control's holds, each e-mail once.
  expect(await inboxCounts(killed, controlInbox.flat().length)).toEqual(controlInbox);
});
