/**
 * `npm run bench:event-fanout [-- --port-offset N] [--skip-build] [--pairs 1000]`: a coordinator
 * removes the closing event of a cohort of 1,000 pairs (2,000 people invited), on the emulator
 * stack.
 *
 *   1. builds the function into .stack/bench-event-fanout and starts a stack (ports + 85 unless
 *      --port-offset), seeds straight into Firestore one cohort with its closing event ahead, N
 *      pairs (a student, a mentor and their pair each) and each person's invitation as the
 *      fan-out of setting the event left it (`invited`, SEQUENCE 0);
 *   2. removes the event through the API as the Events page does (DELETE), timing the answer;
 *   3. works the fan-out to its end in this process (`runFanout`, as the daily job does), racing
 *      the `eventFanout` trigger's chain, which runs meanwhile in the emulator, and times it; then
 *      counts the `event-cancelled` messages in the outbox: one per person, none missing, none
 *      twice, each carrying a METHOD:CANCEL file of the person's UID with SEQUENCE 1. (The
 *      Functions emulator runs trigger events in the order they come: each batch of 200
 *      cancellations queues 200 `deliverMail` runs ahead of the chain's next batch, so on the
 *      emulator the chain alone takes as long as sending every e-mail; production runs the two
 *      functions apart.);
 *   4. prints the figures and writes bench-results/event-fanout.json; fails when the answer took
 *      2 s or more, or a cancellation is missing or doubled.
 *
 * The emulator is not production Firestore: times are for comparing runs on one machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { programEventPaths } from '@mentorship/domain';
import { grantAdmin, signInWithPassword } from '../lib/admin';
import { benchOption, startBenchStack } from '../lib/bench-stack';
import { ROOT } from '../lib/paths';
import { stackPorts } from '../lib/stack';

const PORT_OFFSET = benchOption('port-offset', 85);
const PAIRS = benchOption('pairs', 1000);
const ADMIN = { email: 'bench-fanout@example.org', password: 'bench-fanout-2024' };
const ANSWER_TARGET_MS = 2_000;
const FANOUT_TIMEOUT_MS = 5 * 60_000;
const COHORT = 'bench-fanout';

const { stack, db } = await startBenchStack({
  name: 'event-fanout',
  portOffset: PORT_OFFSET,
  skipBuild: process.argv.includes('--skip-build'),
  foundingCohort: false,
});

let code = 0;
try {
  await grantAdmin(ADMIN.email, ADMIN.password);
  const startsAt = new Date(Date.now() + 20 * 86_400_000);
  startsAt.setUTCSeconds(0, 0);
  const now = Timestamp.now();
  console.log(`Seeding one cohort with ${PAIRS} pairs and ${PAIRS * 2} invitations...`);
  await db
    .collection('cohorts')
    .doc(COHORT)
    .set({
      name: 'Bench fan-out',
      term: 'spring',
      year: 2030,
      programStart: '2030-03-04',
      programEnd: '2030-07-04',
      events: {
        closing: {
          startsAt: startsAt.toISOString(),
          minutes: 120,
          where: 'https://Zoom.us/j/123',
          timeZone: 'UTC',
          revision: 1,
        },
      },
    });
  for (let i = 0; i < PAIRS; i += 100) {
    const batch = db.batch();
    for (let n = i; n < Math.min(PAIRS, i + 100); n++) {
      const s = `bench-s-${n}`;
      const m = `bench-m-${n}`;
      const base = { isActive: true, cohortId: COHORT, createdAt: now, updatedAt: now };
      batch.set(db.collection('students').doc(s), {
        ...base,
        fullName: `Student "${n}"`,
        emailAddress: `student${n}@bench.example.org`,
        activePairId: `${m}__${s}`,
      });
      batch.set(db.collection('mentors').doc(m), {
        ...base,
        fullName: `Mentor ${n}`,
        email: `mentor${n}@bench.example.org`,
        capacity: 1,
        activeStudentCount: 1,
      });
      batch.set(db.collection('pairs').doc(`${m}__${s}`), {
        ...base,
        mentorId: m,
        studentId: s,
        mentorName: `Mentor ${n}`,
        studentName: `Student "${n}"`,
        assignedAt: now,
      });
      for (const [personKind, personId] of [
        ['student', s],
        ['mentor', m],
      ] as const) {
        batch.set(
          db.collection('eventInvitations').doc(`${COHORT}--closing--${personKind}--${personId}`),
          {
            cohortId: COHORT,
            event: 'closing',
            personKind,
            personId,
            uid: `event-${personId}@bridgementorship.org`,
            sequence: 0,
            revision: 1,
            state: 'invited',
            startsAt: startsAt.toISOString(),
            minutes: 120,
            reply: null,
            repliedAt: null,
            attended: null,
            remindedFor: null,
            invitedAt: now,
            updatedAt: now,
            tokenHashes: [],
          },
        );
      }
    }
    await batch.commit();
  }

  const ports = stackPorts(PORT_OFFSET);
  const token = await signInWithPassword(`127.0.0.1:${ports.auth}`, ADMIN.email, ADMIN.password);
  console.log('Removing the closing event through the API...');
  const t0 = performance.now();
  const res = await fetch(`${stack.siteUrl}${programEventPaths.event(COHORT, 'closing')}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  const answerMs = Math.round(performance.now() - t0);
  if (!res.ok) throw new Error(`the removal failed: ${res.status} ${await res.text()}`);
  console.log(`Answered in ${answerMs} ms; working the fan-out...`);

  const fanout = db.collection('eventFanouts').doc(`${COHORT}--closing`);
  const { runFanout } = await import('../../functions/src/cohorts/events');
  const worked = await runFanout(fanout.id);
  for (;;) {
    if (!(await fanout.get()).exists) break;
    if (performance.now() - t0 > FANOUT_TIMEOUT_MS) throw new Error('the fan-out did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const fanoutMs = Math.round(performance.now() - t0);

  const mails = await db.collection('mail').where('kind', '==', 'event-cancelled').get();
  const perPerson = new Map<string, number>();
  let badFiles = 0;
  for (const mail of mails.docs) {
    const subject = String(mail.get('subjectId'));
    perPerson.set(subject, (perPerson.get(subject) ?? 0) + 1);
    const ics = String(mail.get('message.attachments')?.[0]?.content ?? '').replace(/\r\n /g, '');
    if (
      !ics.includes('METHOD:CANCEL') ||
      !ics.includes(`UID:event-${subject}@bridgementorship.org`) ||
      !ics.includes('SEQUENCE:1')
    ) {
      badFiles += 1;
    }
  }
  const people = PAIRS * 2;
  const missing = people - perPerson.size;
  const twice = [...perPerson.values()].filter((count) => count > 1).length;
  const stillInvited = (
    await db
      .collection('eventInvitations')
      .where('cohortId', '==', COHORT)
      .where('state', '==', 'invited')
      .count()
      .get()
  ).data().count;
  const result = {
    pairs: PAIRS,
    invitees: people,
    answerMs,
    answerTargetMs: ANSWER_TARGET_MS,
    allCancellationsQueuedMs: fanoutMs,
    sentByThisProcess: worked.sent.cancelled,
    cancellationsQueued: mails.size,
    missing,
    sentTwice: twice,
    badFiles,
    stillInvited,
  };
  console.table([result]);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'event-fanout.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2),
  );
  if (answerMs >= ANSWER_TARGET_MS || missing || twice || badFiles || stillInvited) code = 1;
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await stack.stop();
}
process.exit(code);
