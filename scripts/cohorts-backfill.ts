/**
 * `npm run cohorts:backfill -- --real --project <project-id>`: puts every record stored before
 * cohorts into the founding cohort (scripts/lib/backfill-cohorts.ts). `npm start` and the test
 * stacks do it locally (no arguments: the local emulators; `--port-offset N` for another
 * stack's). Idempotent.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillCohorts } from './lib/backfill-cohorts';
import { PROJECT_ID } from './lib/paths';
import { projectTarget } from './lib/project-target';

const { real, projectId } = projectTarget();
const app = getApps()[0] ?? initializeApp({ projectId: real ? projectId : PROJECT_ID });
const result = await backfillCohorts(getFirestore(app));
console.log(
  `Founding cohort ${result.foundingCreated ? 'created' : 'unchanged'}; moved into it: ${JSON.stringify(result.moved)}.`,
);
