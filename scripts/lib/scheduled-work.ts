/**
 * The command line of the scheduled function's work (`npm run daily`, `npm run retention`):
 * `--date YYYY-MM-DD` (default: now) and `--real`. Locally the work acts on the emulators of
 * `npm start`, with the function's params as the local stack gives them to the Functions
 * emulator (scripts/lib/mail.ts: links in e-mails point at the local site); `--real` uses
 * GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT instead. Call before importing the work.
 */
import { PROJECT_ID } from './paths';
import { stackPorts } from './stack';

export function scheduledWorkDate(command: string): Date {
  const argv = process.argv.slice(2);
  const dateArg = argv[argv.indexOf('--date') + 1];
  const date = argv.includes('--date') ? new Date(`${dateArg ?? ''}T00:00:00Z`) : new Date();
  if (Number.isNaN(date.getTime())) {
    console.error(`Usage: npm run ${command} -- [--date YYYY-MM-DD] [--real]`);
    process.exit(2);
  }
  if (!argv.includes('--real')) {
    const ports = stackPorts();
    process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${ports.firestore}`;
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${ports.auth}`;
    process.env.GCLOUD_PROJECT ??= PROJECT_ID;
    process.env.SITE_URL ??= `http://127.0.0.1:${ports.hosting}`;
    process.env.COORDINATOR_EMAILS ??= 'coordinators@bridgementorship.org';
  }
  return date;
}
