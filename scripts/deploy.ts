/**
 * `npm run deploy -- --project <id> [--mail-to <your address>] [--mail-wait <seconds>]`: a deploy
 * that works the first time, unattended. The steps (scripts/lib/deploy-run.ts, runDeploy, which
 * the unit tests run end to end against a fake of Google's APIs and a stand-in for firebase-tools):
 *
 *   1. `npm run setup`'s code (idempotent: changes nothing on a set-up project); it writes the web
 *      config a clean clone lacks, and keeps SITE_URL and the operator's other params. A missing
 *      role of an existing functions' account stops here, with its `gcloud` command; on a new
 *      project the Compute Engine default account does not exist yet (the functions deploy makes
 *      it), so its roles wait for step 3.
 *   2. `npm run deploy:check`, then `npm run build`.
 *   3. `firebase deploy --only functions,firestore,hosting --non-interactive --force`: `--force`
 *      sets the artifact cleanup policy the first deploy would otherwise stop to ask for (the
 *      repository exists only from that deploy on), and deletes deployed functions missing from
 *      the source. Auth is not redeployed: the setup owns it. Hosting is released in the same
 *      run. The first 2nd-gen deploy's Eventarc hold-up (the service agent's permissions still
 *      propagating) is retried after a pause, twice at most. firebase-tools gets the quota
 *      project as it reads it (GOOGLE_CLOUD_QUOTA_PROJECT). A failed deploy ends with the roles
 *      the account it made still lacks (an organisation withholds them, and Cloud Build then
 *      fails), as `gcloud` lines; after a deploy that went through they are checked too.
 *   4. `firebase functions:artifacts:setpolicy --days 7` (now that the repository exists).
 *   5. `npm run smoke` against the site; with --mail-to it also sends one e-mail and waits up to
 *      --mail-wait seconds (default 600) for the SMTP server. Only then is the site called ready
 *      for its first applicant; without it the last line says what was not checked and how.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseDeployArgs, runDeploy, siteUrlOf } from './lib/deploy-run';
import { GOOGLE_API_BASES, adcToken, googleApi } from './lib/google-api';
import { ROOT } from './lib/paths';
import { setupProject } from './lib/setup-run';

const args = parseDeployArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(args.message);
  process.exit(2);
}
const { projectId } = args;

process.exit(
  await runDeploy({
    projectId,
    site: siteUrlOf(join(ROOT, 'functions', 'config', `.env.${projectId}`), projectId),
    mailTo: args.mailTo,
    mailWaitSeconds: args.mailWaitSeconds,
    setup: (siteUrls) => setupProject({ projectId, siteUrls }),
    api: googleApi(GOOGLE_API_BASES, adcToken, projectId),
    firebaseCli: join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    run: async (command, args) =>
      spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1,
    retryPauseMs: Number(process.env.DEPLOY_RETRY_PAUSE_MS ?? 90_000),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    cwd: ROOT,
  }),
);
