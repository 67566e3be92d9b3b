/**
 * `npm run setup -- --project <id> [...]`: every setting the site needs on a real Firebase
 * project, with Application Default Credentials (`gcloud auth application-default login`), no
 * prompt; prints what it changed and what is left to do (a missing role, with its command).
 * Idempotent: a second run changes nothing. Options: scripts/lib/setup-args.ts; steps:
 * scripts/lib/setup.ts. Exit 1 when something is left to do.
 */
import { ValidationError } from 'yup';
import { parseSetupArgs } from './lib/setup-args';
import { formatReport } from './lib/setup';
import { setupProject } from './lib/setup-run';

const args = parseSetupArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(args.message);
  process.exit(2);
}
if (process.env.FIREBASE_AUTH_EMULATOR_HOST || process.env.FIRESTORE_EMULATOR_HOST) {
  console.error(
    'An emulator host is set (FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST): unset it for a real project.',
  );
  process.exit(2);
}
console.log(`Setting up ${args.projectId} for ${args.siteUrls[0]}...`);
try {
  const report = await setupProject(args);
  console.log(formatReport(report));
  process.exit(report.todo.length ? 1 : 0);
} catch (error) {
  if (error instanceof ValidationError)
    console.error(`The first cohort: ${error.errors.join(' ')}`);
  else if ((error as Error).message.includes('Could not load the default credentials')) {
    console.error(
      `setup failed: no Application Default Credentials. Run \`gcloud auth application-default login\` and \`gcloud auth application-default set-quota-project ${args.projectId}\`.`,
    );
  } else console.error(`setup failed: ${(error as Error).message}`);
  process.exit(1);
}
