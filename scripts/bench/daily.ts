/**
 * `npm run bench:daily [-- --port-offset N] [--skip-build] [--pairs 1000]`: the scheduled
 * function's daily work (functions/src/schedule/daily.ts `runDailyWork`, every job) for a cohort
 * of 1,000 running pairs, on the emulator stack.
 *
 *   1. builds the function and the web app into .stack/bench-daily and starts a stack (ports +
 *      95 unless --port-offset), seeds straight into Firestore one cohort and N pairs (a student, a
 *      mentor and their pair each; half of the pairs with a session logged);
 *   2. runs the daily work as of three days of the cohort: a quiet day (nothing owed), the day
 *      month 1's check-ins go out (2 per pair, each with its token and e-mail) and the day after
 *      (nothing new: every key already sent);
 *   3. prints, per day, the wall time of the whole run and the Firestore documents the pairs job
 *      read, counted by what its code fetches (functions/src/pairs/store.ts `pairReads`: each
 *      document a query or get returns, a query that returns none as 1, as Firestore bills it;
 *      retention's reads are not counted), and writes bench-results/daily.json.
 *
 * The emulator is not production Firestore: times are for comparing runs on one machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { checkInDueOn, programEndFor, plusDays } from '@mentorship/domain';
import { benchOption, startBenchStack } from '../lib/bench-stack';
import { ROOT } from '../lib/paths';

const PORT_OFFSET = benchOption('port-offset', 95);
const PAIRS = benchOption('pairs', 1000);
const START = '2030-03-04';
const END = programEndFor(START);

const { stack } = await startBenchStack({
  name: 'daily',
  portOffset: PORT_OFFSET,
  web: 'app',
  skipBuild: process.argv.includes('--skip-build'),
  foundingCohort: false,
});

let code = 0;
try {
  const { db } = await import('../../functions/src/firebase');
  console.log(`Seeding one cohort with ${PAIRS} pairs...`);
  await db.collection('cohorts').doc('bench').set({
    name: 'Bench 2030',
    term: 'spring',
    year: 2030,
    applicationsOpen: '2029-12-01',
    applicationsClose: '2030-01-31',
    matchingDoneBy: '2030-02-25',
    programStart: START,
    programEnd: END,
  });
  const at = Timestamp.fromDate(new Date(`${plusDays(START, -3)}T12:00:00Z`));
  for (let i = 0; i < PAIRS; i += 150) {
    const batch = db.batch();
    for (let n = i; n < Math.min(PAIRS, i + 150); n++) {
      const s = `bench-s-${n}`;
      const m = `bench-m-${n}`;
      const id = `${m}__${s}`;
      const base = { isActive: true, cohortId: 'bench', createdAt: at, updatedAt: at };
      batch.set(db.collection('students').doc(s), {
        ...base,
        fullName: `Student ${n}`,
        emailAddress: `student${n}@bench.example.org`,
        activePairId: id,
      });
      batch.set(db.collection('mentors').doc(m), {
        ...base,
        fullName: `Mentor ${n}`,
        email: `mentor${n}@bench.example.org`,
        capacity: 1,
        activeStudentCount: 1,
      });
      batch.set(db.collection('pairs').doc(id), {
        ...base,
        mentorId: m,
        studentId: s,
        mentorName: `Mentor ${n}`,
        studentName: `Student ${n}`,
        assignedAt: at,
        ...(n % 2 === 0
          ? { progress: { sessionsHeld: 1, lastSessionOn: plusDays(START, 5) } }
          : {}),
      });
    }
    await batch.commit();
  }

  const { runDailyWork } = await import('../../functions/src/schedule/daily');
  const { pairReads } = await import('../../functions/src/pairs/store');
  const due = checkInDueOn(START, END, 1);
  const days = [
    { label: 'quiet day (nothing owed)', day: plusDays(START, 6) },
    { label: 'month 1 check-ins go out', day: due },
    { label: 'the same day again (idempotent)', day: due },
  ];
  const results = [];
  for (const { label, day } of days) {
    pairReads.reset();
    const t0 = performance.now();
    const report = await runDailyWork(new Date(`${day}T03:00:00Z`));
    const ms = Math.round(performance.now() - t0);
    const row = { label, day, ms, pairReads: pairReads.get(), ...report.jobs.pairs };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  console.table(results);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'daily.json'),
    JSON.stringify({ pairs: PAIRS, measuredAt: new Date().toISOString(), results }, null, 2),
  );
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await stack.stop();
}
process.exit(code);
