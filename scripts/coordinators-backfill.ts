/**
 * `npm run coordinators:backfill`: every user with the admin claim gets the coordinators document
 * the rules and the API require (scripts/lib/admin.ts). `npm start` does it locally; for a real
 * project set GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT. Idempotent.
 */
import { backfillCoordinators } from './lib/admin';

const written = await backfillCoordinators();
console.log(`Coordinators documents: ${written} written.`);
