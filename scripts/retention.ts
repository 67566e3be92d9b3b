/**
 * npm run retention -- [--date YYYY-MM-DD] [--real]
 *
 * Runs the retention work of the scheduled function `retention` (functions/src/retention) as of
 * the given date (default: now): what is past its period in RETENTION (packages/domain) is erased.
 * Locally it acts on the emulators of `npm start`; `--real` uses GOOGLE_APPLICATION_CREDENTIALS
 * and GCLOUD_PROJECT instead.
 */
import { PROJECT_ID } from './lib/paths';
import { stackPorts } from './lib/stack';

const argv = process.argv.slice(2);
const real = argv.includes('--real');
const dateArg = argv[argv.indexOf('--date') + 1];
const date = argv.includes('--date') ? new Date(`${dateArg ?? ''}T00:00:00Z`) : new Date();
if (Number.isNaN(date.getTime())) {
  console.error('Usage: npm run retention -- [--date YYYY-MM-DD] [--real]');
  process.exit(2);
}
if (!real) {
  const ports = stackPorts();
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${ports.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${ports.auth}`;
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
}

const { runRetention } = await import('../functions/src/retention/retention');
const report = await runRetention(date);
console.log(`Retention as of ${date.toISOString().slice(0, 10)}:`);
for (const [what, count] of Object.entries(report)) console.log(`  ${what}: ${count} deleted`);
