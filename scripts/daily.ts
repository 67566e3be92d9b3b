/**
 * npm run daily -- [--date YYYY-MM-DD] [--real]
 *
 * Runs the work of the scheduled function `daily` (functions/src/schedule/daily.ts) as of the
 * given date (default: now): every timed job of the program, in order. Locally it acts on the
 * emulators of `npm start`; `--real` uses GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT.
 */
import { PROJECT_ID } from './lib/paths';
import { stackPorts } from './lib/stack';

const argv = process.argv.slice(2);
const real = argv.includes('--real');
const dateArg = argv[argv.indexOf('--date') + 1];
const date = argv.includes('--date') ? new Date(`${dateArg ?? ''}T00:00:00Z`) : new Date();
if (Number.isNaN(date.getTime())) {
  console.error('Usage: npm run daily -- [--date YYYY-MM-DD] [--real]');
  process.exit(2);
}
if (!real) {
  const ports = stackPorts();
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${ports.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${ports.auth}`;
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
  // The function's params as the local stack gives them to the Functions emulator
  // (scripts/lib/mail.ts): links in e-mails point at the local site.
  process.env.SITE_URL ??= `http://127.0.0.1:${ports.hosting}`;
  process.env.COORDINATOR_EMAILS ??= 'coordinators@bridgementorship.org';
}

const { runDailyWork } = await import('../functions/src/schedule/daily');
const report = await runDailyWork(date);
console.log(`Daily work as of ${date.toISOString().slice(0, 10)}:`);
for (const [job, counts] of Object.entries(report.jobs)) {
  console.log(
    `  ${job}: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
