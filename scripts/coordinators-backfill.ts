/**
 * `npm run coordinators:backfill -- --real --project <project-id>`: every user with the admin claim
 * gets the coordinators document the rules and the API require (scripts/lib/admin.ts). `npm start`
 * does it locally (no arguments: the local emulators; `--port-offset N` for another stack's).
 * Like admin:grant, a real project is named explicitly and reached with Application Default
 * Credentials (scripts/lib/project-target.ts). Idempotent.
 */
import { backfillCoordinators } from './lib/admin';
import { projectTarget } from './lib/project-target';

const { real, projectId } = projectTarget();
const written = await backfillCoordinators(undefined, real ? projectId : undefined);
console.log(`Coordinators documents: ${written} written.`);
