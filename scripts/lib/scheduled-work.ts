/**
 * The command line of the scheduled function's work (`npm run daily`, `npm run retention`,
 * `npm run mail:sweep`): `--date YYYY-MM-DD` (default: now), `--port-offset N` and `--real`.
 * Locally the work acts on the emulators of `npm start -- --port-offset N` (default 0), with the
 * function's params as that stack gives them to the Functions emulator (scripts/lib/mail.ts:
 * links in e-mails point at the local site); `--real` uses GOOGLE_APPLICATION_CREDENTIALS and
 * GCLOUD_PROJECT instead. Call before importing the work.
 */
import { PROJECT_ID } from './paths';
import { stackPorts } from './stack';

/** The value after `--name` (undefined when the option is absent). */
const optionValue = (argv: string[], name: string): string | undefined =>
  argv.includes(name) ? (argv[argv.indexOf(name) + 1] ?? '') : undefined;

/** The stack's `--port-offset N` (0 when absent; NaN when not a number). */
export const portOffsetArg = (argv = process.argv.slice(2)): number =>
  Number(optionValue(argv, '--port-offset') ?? 0);

export function scheduledWorkDate(command: string): Date {
  const argv = process.argv.slice(2);
  const dateArg = optionValue(argv, '--date');
  const date = dateArg === undefined ? new Date() : new Date(`${dateArg}T00:00:00Z`);
  const offsetArg = optionValue(argv, '--port-offset');
  const offset = portOffsetArg(argv);
  if (Number.isNaN(date.getTime()) || !Number.isInteger(offset) || offset < 0) {
    console.error(
      `Usage: npm run ${command} -- [--date YYYY-MM-DD] [--port-offset N] [--real]  (N a whole number)`,
    );
    process.exit(2);
  }
  if (!argv.includes('--real')) {
    const ports = stackPorts(offset);
    const local = {
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      GCLOUD_PROJECT: PROJECT_ID,
      SITE_URL: `http://127.0.0.1:${ports.hosting}`,
      COORDINATOR_EMAILS: 'coordinators@bridgementorship.org',
    };
    for (const [name, value] of Object.entries(local)) {
      // An explicit --port-offset names the stack: it wins over emulator hosts inherited from the
      // environment. Without it, a caller's environment (the test runner's stack) is kept.
      if (offsetArg !== undefined || process.env[name] === undefined) process.env[name] = value;
    }
  }
  return date;
}
