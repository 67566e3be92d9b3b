/**
 * `npm run bench:completion -- [--pairs N] [--port-offset P]`: the completion job (daily work)
 * for one cohort of N pairs (default 1,000) that ended yesterday, on the Firestore emulator of a
 * running stack (`npm start -- --port-offset P`, or FIRESTORE_EMULATOR_HOST). Seeds the cohort,
 * N students, N mentors, N active pairs and 3-4 sessions per pair (three pairs in four
 * hold only 3, one in ten only 2: not completed), then times `runCompletion` twice (the second
 * run must do nothing) and counts the documents it read (Firestore's billed reads), from the
 * same queries the job makes. Writes bench-results/completion.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ID } from '../lib/paths';
import { stackPorts } from '../lib/stack';
import { benchOption } from '../lib/bench-stack';
import { cohortRecord } from '../../tests/factories';

const PAIRS = benchOption('pairs', 1000);
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts(benchOption('port-offset', 0)).firestore}`;
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.SITE_URL ??= 'http://127.0.0.1:5000';

const { Timestamp } = await import('firebase-admin/firestore');
const { isoDayOf, addMonths, COHORTS_COLLECTION } = await import('@mentorship/domain');
const { db } = await import('../../functions/src/firebase');
const { runCompletion } = await import('../../functions/src/program-end/completion');

const DAY = 86_400_000;
const today = isoDayOf(new Date());
const programEnd = isoDayOf(new Date(Date.now() - DAY));
const programStart = isoDayOf(addMonths(new Date(`${today}T00:00:00Z`), -4));
const cohortId = `bench-${Date.now().toString(36)}`;
const day = (offset: number) =>
  isoDayOf(new Date(new Date(`${programStart}T00:00:00Z`).getTime() + offset * DAY));

console.log(
  `Seeding ${PAIRS} pairs of cohort ${cohortId} on ${process.env.FIRESTORE_EMULATOR_HOST}...`,
);
await db
  .collection(COHORTS_COLLECTION)
  .doc(cohortId)
  .set(cohortRecord('Bench Cohort', programStart, programEnd));
let sessions = 0;
let qualifying = 0;
for (let start = 0; start < PAIRS; start += 100) {
  const batch = db.batch();
  for (let i = start; i < Math.min(PAIRS, start + 100); i++) {
    const studentId = `${cohortId}-s${i}`;
    const mentorId = `${cohortId}-m${i}`;
    const pairId = `${mentorId}__${studentId}`;
    const now = Timestamp.now();
    batch.set(db.collection('students').doc(studentId), {
      fullName: `Student ${i}`,
      emailAddress: `s${i}.${cohortId}@student.example.edu`,
      cohortId,
      createdAt: now,
      updatedAt: now,
    });
    batch.set(db.collection('mentors').doc(mentorId), {
      fullName: `Mentor ${i}`,
      email: `m${i}.${cohortId}@mentors.example.com`,
      cohortId,
      createdAt: now,
      updatedAt: now,
    });
    batch.set(db.collection('pairs').doc(pairId), {
      studentId,
      mentorId,
      cohortId,
      isActive: true,
      assignedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const held = i % 10 === 0 ? 2 : i % 4 === 0 ? 4 : 3;
    if (held >= 3) qualifying++;
    for (let k = 0; k < held; k++) {
      sessions++;
      batch.set(db.collection('sessions').doc(), {
        pairId,
        cohortId,
        studentId,
        mentorId,
        heldOn: day(5 + 30 * k),
        loggedBy: 'student',
        loggedAt: new Date().toISOString(),
        saidBy: ['log:student'],
      });
    }
  }
  await batch.commit();
}

// The documents the job reads: the cohorts, the active pairs, each open pair's sessions,
// and in each completing transaction the pair and its two people.
const activeBefore = (
  await db.collection('pairs').where('isActive', '==', true).count().get()
).data().count;
const cohorts = (await db.collection(COHORTS_COLLECTION).count().get()).data().count;

const t0 = performance.now();
const first = await runCompletion(new Date());
const firstMs = performance.now() - t0;
const t1 = performance.now();
const second = await runCompletion(new Date());
const secondMs = performance.now() - t1;

const reads = {
  cohorts,
  activePairs: activeBefore,
  sessions,
  transactions: first.pairsCompleted * 3,
};
const total = Object.values(reads).reduce((a, b) => a + b, 0);
const result = {
  pairs: PAIRS,
  qualifying,
  first: { ...first, ms: Math.round(firstMs) },
  second: { ...second, ms: Math.round(secondMs) },
  readsFirstRun: { ...reads, total },
  note: 'Reads of the first run, from the queries the job makes; other data in the database (active pairs of other cohorts) adds one read each.',
};
console.log(JSON.stringify(result, null, 2));
if (first.pairsCompleted < qualifying || second.pairsCompleted !== 0) {
  console.error('Unexpected: the first run must complete every qualifying pair, the second none.');
  process.exit(1);
}
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'completion.json'), JSON.stringify(result, null, 2) + '\n');
process.exit(0);
