/**
 * `npm run deploy -- --project <id>`: a deploy that works the first time, unattended.
 *
 *   1. `npm run setup`'s code (idempotent: changes nothing on a set-up project); it writes the web
 *      config a clean clone lacks, and keeps SITE_URL and the operator's other params. A missing
 *      role stops here, with its `gcloud` command; on a new project the Compute Engine default
 *      account does not exist yet (the functions deploy makes it), so its roles wait for step 3.
 *   2. `npm run deploy:check`, then `npm run build`.
 *   3. `firebase deploy --only functions,firestore,hosting --non-interactive --force`: `--force`
 *      sets the artifact cleanup policy the first deploy would otherwise stop to ask for (the
 *      repository exists only from that deploy on). Auth is not redeployed: the setup owns it.
 *      Hosting is released in the same run. The first 2nd-gen deploy's Eventarc hold-up (the
 *      service agent's permissions still propagating) is retried after a pause, twice at most.
 *      firebase-tools gets the quota project as it reads it (GOOGLE_CLOUD_QUOTA_PROJECT). Then
 *      the roles of an account the deploy just made are checked (a missing one stops here).
 *   4. `firebase functions:artifacts:setpolicy --days 7` (now that the repository exists).
 *   5. `npm run smoke` against the site.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { firebaseToolsEnv, isEventarcFirstDeploy, siteUrlOf } from './lib/deploy-run';
import { GOOGLE_API_BASES, adcToken, googleApi } from './lib/google-api';
import { ROOT } from './lib/paths';
import { checkRoles, formatReport } from './lib/setup';
import { setupProject } from './lib/setup-run';

const argv = process.argv.slice(2);
const at = argv.indexOf('--project');
const projectId = at >= 0 ? argv[at + 1] : undefined;
if (!projectId || projectId.startsWith('demo-')) {
  console.error('Usage: npm run deploy -- --project <id>  (never taken from the environment)');
  process.exit(2);
}
const RETRY_PAUSE_MS = Number(process.env.DEPLOY_RETRY_PAUSE_MS ?? 90_000);
const firebaseCli = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const site = siteUrlOf(join(ROOT, 'functions', 'config', `.env.${projectId}`), projectId);

const step = (command: string, args: string[]) => {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`deploy: stopped at \`${command} ${args.join(' ')}\``);
    process.exit(1);
  }
};

/** Runs firebase-tools, output shown and kept. */
const firebase = (args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    console.log(`\n$ firebase ${args.join(' ')}`);
    const child = spawn(process.execPath, [firebaseCli, ...args], {
      cwd: ROOT,
      env: firebaseToolsEnv(projectId),
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
      process.stderr.write(d);
    });
    child.once('exit', (code) => resolve({ code, output }));
  });

console.log(`Deploying ${projectId} (site ${site})...`);
const setup = await setupProject({
  projectId,
  siteUrls: [site, `https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`],
});
console.log(formatReport(setup));
if (setup.todo.some((line) => line.startsWith('Missing role'))) {
  console.error(
    'deploy: grant the missing role(s) above first (a deploy would fail without them).',
  );
  process.exit(1);
}

step('npm', ['run', 'deploy:check', '--silent']);
step('npm', ['run', 'build']);

const deployArgs = [
  'deploy',
  '--only',
  'functions,firestore,hosting',
  '--project',
  projectId,
  '--non-interactive',
  '--force',
];
for (let attempt = 1; ; attempt++) {
  const { code, output } = await firebase(deployArgs);
  if (code === 0) break;
  if (attempt < 3 && isEventarcFirstDeploy(output)) {
    console.log(
      `deploy: the first 2nd-gen deploy waits for Eventarc's permissions; retrying in ${RETRY_PAUSE_MS / 1000} s (attempt ${attempt + 1} of 3)...`,
    );
    await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
    continue;
  }
  console.error('deploy: firebase deploy failed (above).');
  process.exit(1);
}

if (setup.later.length > 0) {
  const roles = await checkRoles(googleApi(GOOGLE_API_BASES, adcToken, projectId), projectId);
  if (!roles.exists || roles.todo.length > 0) {
    for (const line of roles.todo) console.error(`TO DO      ${line}`);
    if (!roles.exists) console.error(`deploy: ${roles.account} still does not exist.`);
    console.error('deploy: grant the missing role(s) above, then run the deploy again.');
    process.exit(1);
  }
  console.log(`deploy: ${roles.account} holds every role the functions need.`);
}

const policy = await firebase([
  'functions:artifacts:setpolicy',
  '--days',
  '7',
  '--project',
  projectId,
  '--non-interactive',
  '--force',
]);
if (policy.code !== 0)
  console.warn('deploy: the 7-day artifact cleanup policy was not set (above).');

step('npx', ['tsx', 'scripts/smoke.ts', '--site', site, '--project', projectId]);
