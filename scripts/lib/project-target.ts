/**
 * The command line of the one-off maintenance scripts (`npm run cohorts:backfill`,
 * `npm run coordinators:backfill`): `--real --project <project-id>` for a deployed project (named
 * explicitly, never taken from the environment, reached with Application Default Credentials),
 * otherwise the emulators of `npm start -- --port-offset N` (default 0).
 */
import { portOffsetArg } from './scheduled-work';
import { stackPorts } from './stack';

export function projectTarget(): { real: boolean; projectId: string | undefined } {
  const argv = process.argv.slice(2);
  const real = argv.includes('--real');
  const at = argv.indexOf('--project');
  const projectId = at >= 0 ? argv[at + 1] : undefined;
  if (real && (!projectId || projectId.startsWith('demo-'))) {
    console.error('--real needs --project <project-id> (never taken from the environment).');
    process.exit(2);
  }
  if (!real) {
    const ports = stackPorts(portOffsetArg(argv));
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${ports.auth}`;
    process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${ports.firestore}`;
  }
  return { real, projectId };
}
