/**
 * `npm run coordinators:backfill -- --real --project <project-id>`: every user with the admin claim
 * gets the coordinators document the rules and the API require (scripts/lib/admin.ts). `npm start`
 * does it locally (no arguments: the local emulators). Like admin:grant, a real project is named
 * explicitly and reached with Application Default Credentials. Idempotent.
 */
import { backfillCoordinators } from './lib/admin';
import { stackPorts } from './lib/stack';

const argv = process.argv.slice(2);
const real = argv.includes('--real');
const at = argv.indexOf('--project');
const projectId = at >= 0 ? argv[at + 1] : undefined;
if (real && (!projectId || projectId.startsWith('demo-'))) {
  console.error('--real needs --project <project-id> (never taken from the environment).');
  process.exit(2);
}
if (!real) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().firestore}`;
}
const written = await backfillCoordinators(undefined, real ? projectId : undefined);
console.log(`Coordinators documents: ${written} written.`);
