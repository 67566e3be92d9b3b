/**
 * `npm run cohorts:backfill -- --real --project <project-id>`: puts every record stored before
 * cohorts into the founding cohort (scripts/lib/backfill-cohorts.ts). `npm start` and the test
 * stacks do it locally (no arguments: the local emulators). Idempotent.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillCohorts } from './lib/backfill-cohorts';
import { PROJECT_ID } from './lib/paths';
import { stackPorts } from './lib/stack';

const argv = process.argv.slice(2);
const real = argv.includes('--real');
const at = argv.indexOf('--project');
const projectId = at >= 0 ? argv[at + 1] : undefined;
if (real && (!projectId || projectId.startsWith('demo-'))) {
  console.error('--real needs --project <project-id> (never taken from the environment).');
  process.exit(2);
}
if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().firestore}`;
const app = getApps()[0] ?? initializeApp({ projectId: real ? projectId : PROJECT_ID });
const result = await backfillCohorts(getFirestore(app));
console.log(
  `Founding cohort ${result.foundingCreated ? 'created' : 'unchanged'}; moved into it: ${JSON.stringify(result.moved)}.`,
);
