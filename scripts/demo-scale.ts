/**
 * npm run demo:scale -- --pairs N --applicants M [--port-offset K]
 *
 * Fills the running local stack (`npm start`) with a program at a real size: one cohort whose
 * program has run for four months, M applicants (students and mentors) and N pairs with their
 * sessions, check-ins, words for the coordinators and history (scripts/lib/demo-scale.ts).
 * A second run with the same figures adds nothing.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { isoDayOf } from '@mentorship/domain';
import { scaleDemo } from './lib/demo-scale';
import { PROJECT_ID } from './lib/paths';
import { stackPorts } from './lib/stack';

const USAGE = 'Usage: npm run demo:scale -- --pairs N --applicants M [--port-offset K]';
const args = process.argv.slice(2);
const value = (name: string): number | undefined => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number. ${USAGE}`);
    process.exit(2);
  }
  return n;
};
const pairs = value('pairs');
const applicants = value('applicants');
if (pairs === undefined || applicants === undefined) {
  console.error(USAGE);
  process.exit(2);
}
const host = `127.0.0.1:${stackPorts(value('port-offset') ?? 0).firestore}`;
process.env.FIRESTORE_EMULATOR_HOST = host;

// The stack of `npm start` answers on its Firestore port, or nothing is written anywhere.
try {
  await fetch(`http://${host}/`, { signal: AbortSignal.timeout(3_000) });
} catch {
  console.error(`No Firestore emulator answers at ${host}: start the site first (npm start).`);
  process.exit(1);
}

const started = Date.now();
try {
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const report = await scaleDemo(db, { pairs, applicants }, isoDayOf(new Date()));
  console.log(
    `${report.cohortName} (${report.cohortId}): ${report.students} students, ${report.mentors} mentors, ${report.pairs} pairs; ${report.written} documents written in ${((Date.now() - started) / 1000).toFixed(1)} s${report.written === 0 ? ' (all were there already)' : ''}.`,
  );
  console.log('Choose it in the admin area’s cohort picker (Dashboard, Pairs, Cohort report).');
  process.exit(0);
} catch (error) {
  console.error(`demo:scale: ${(error as Error).message}`);
  process.exit(1);
}
