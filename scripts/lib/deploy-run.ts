/**
 * `npm run deploy` (scripts/deploy.ts) as a function the unit tests run end to end against the
 * admin-API fake and a stand-in for firebase-tools (deploy-run.test.ts): its arguments, its steps
 * (runDeploy), and what it decides from firebase-tools' output: whether a failed deploy is the
 * first 2nd-gen deploy's Eventarc hold-up (the service agent's permissions are still
 * propagating; firebase-tools itself says to retry in a few minutes), and the site a project's
 * functions link to.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { GoogleApi } from './google-api';
import { checkRoles, formatReport, type SetupReport } from './setup';
import { MAIL_WAIT_DEFAULT_S, mailWaitSeconds } from './smoke-mail';

/** firebase-tools' own words (lib/gcp/cloudfunctionsv2.js) and the API's, for that case. */
const EVENTARC_FIRST_DEPLOY = [
  'Since this is your first time using 2nd gen functions',
  'If you recently started to use Eventarc, it may take a few minutes',
  'Permission denied while using the Eventarc Service Agent',
];

export const isEventarcFirstDeploy = (output: string): boolean =>
  EVENTARC_FIRST_DEPLOY.some((text) => output.includes(text));

/** SITE_URL of functions/config/.env.<project> (what `npm run setup` wrote), else <id>.web.app. */
export function siteUrlOf(envFile: string, projectId: string): string {
  if (existsSync(envFile)) {
    const match = /^SITE_URL=["']?([^"'\n]+)["']?$/m.exec(readFileSync(envFile, 'utf8'));
    if (match) return match[1]!.trim();
  }
  return `https://${projectId}.web.app`;
}

/**
 * The environment firebase-tools runs in: Application Default Credentials as they are, and the
 * quota project the way firebase-tools reads it (only from GOOGLE_CLOUD_QUOTA_PROJECT, sent as
 * `x-goog-user-project`), so user credentials reach the APIs that refuse them without one. An
 * operator's own value is kept.
 */
export function firebaseToolsEnv(
  projectId: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...env,
    GOOGLE_CLOUD_QUOTA_PROJECT: env.GOOGLE_CLOUD_QUOTA_PROJECT || projectId,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
  };
}

export interface DeployArgs {
  ok: true;
  projectId: string;
  /** --mail-to: the smoke test also sends one e-mail there, and waits for its arrival. */
  mailTo?: string;
  /** --mail-wait: seconds the smoke's e-mail check waits for the SMTP server to accept it. */
  mailWaitSeconds: number;
}

const DEPLOY_USAGE =
  'Usage: npm run deploy -- --project <id> [--mail-to <your address>] [--mail-wait <seconds>]  (the project is never taken from the environment)';

/** `npm run deploy`'s arguments, or the one line that says what is wrong with them. */
export function parseDeployArgs(
  argv: readonly string[],
): DeployArgs | { ok: false; message: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    if (!['--project', '--mail-to', '--mail-wait'].includes(name)) {
      return { ok: false, message: `Unknown argument ${name}. ${DEPLOY_USAGE}` };
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) {
      return { ok: false, message: `${name} needs a value. ${DEPLOY_USAGE}` };
    }
    values[name] = value;
  }
  const projectId = values['--project'];
  if (!projectId) return { ok: false, message: `--project <id> is required. ${DEPLOY_USAGE}` };
  if (projectId.startsWith('demo-')) {
    return { ok: false, message: `demo- projects exist only on the emulators. ${DEPLOY_USAGE}` };
  }
  const mailTo = values['--mail-to'];
  if (mailTo !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailTo)) {
    return { ok: false, message: `--mail-to needs an e-mail address, not "${mailTo}".` };
  }
  try {
    return { ok: true, projectId, mailTo, mailWaitSeconds: mailWaitSeconds(values['--mail-wait']) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export interface DeployOptions {
  projectId: string;
  /** SITE_URL (siteUrlOf). */
  site: string;
  mailTo?: string;
  mailWaitSeconds?: number;
  /** The setup's code against the project, for these site origins (setupProject). */
  setup(siteUrls: string[]): Promise<SetupReport>;
  /** Google's APIs, for the role check after `firebase deploy`. */
  api: GoogleApi;
  /** firebase-tools' binary, run by node (its lib/bin/firebase.js, or a test's stand-in). */
  firebaseCli: string;
  /** Runs a command in the repository (deploy:check, build, the smoke test): its exit status. */
  run(command: string, args: string[]): Promise<number>;
  /** Pause before retrying a deploy held up by Eventarc. */
  retryPauseMs: number;
  /** Where the deploy's lines and firebase-tools' output go (stdout, stderr). */
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * `npm run deploy`'s steps (scripts/deploy.ts says what each is for); answers the exit status.
 * Every stop ends with what to do: a missing role of the functions' account, before the deploy
 * when the account exists and right after a failed deploy (Cloud Build builds as that account,
 * so on an organisation that withholds its roles the first deploy fails there), with the exact
 * `gcloud` lines.
 */
export async function runDeploy(o: DeployOptions): Promise<number> {
  const say = (line: string) => o.out(`${line}\n`);
  const warn = (line: string) => o.err(`${line}\n`);
  const { projectId, site } = o;

  const firebase = (args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      say(`\n$ firebase ${args.join(' ')}`);
      const child = spawn(process.execPath, [o.firebaseCli, ...args], {
        cwd: o.cwd,
        env: firebaseToolsEnv(projectId, o.env),
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        o.out(d.toString());
      });
      child.stderr.on('data', (d: Buffer) => {
        output += d.toString();
        o.err(d.toString());
      });
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, output }));
    });
  const step = async (command: string, args: string[]) => {
    say(`\n$ ${command} ${args.join(' ')}`);
    if ((await o.run(command, args)) === 0) return true;
    warn(`deploy: stopped at \`${command} ${args.join(' ')}\``);
    return false;
  };
  /** The roles of the functions' account; false (and the gcloud lines, last) when one is missing. */
  const rolesHeld = async (): Promise<boolean> => {
    const roles = await checkRoles(o.api, projectId);
    if (!roles.exists) {
      warn(`deploy: ${roles.account} does not exist yet (the first functions deploy makes it).`);
      return false;
    }
    if (roles.todo.length === 0) {
      say(`deploy: ${roles.account} holds every role the functions need.`);
      return true;
    }
    warn('deploy: grant the missing role(s) below, then run the deploy again:');
    for (const line of roles.todo) warn(`TO DO      ${line}`);
    return false;
  };

  say(`Deploying ${projectId} (site ${site})...`);
  const setup = await o.setup([
    site,
    `https://${projectId}.web.app`,
    `https://${projectId}.firebaseapp.com`,
  ]);
  say(formatReport(setup));
  if (setup.todo.some((line) => line.startsWith('Missing role'))) {
    warn('deploy: grant the missing role(s) above first (a deploy would fail without them).');
    return 1;
  }

  if (!(await step('npm', ['run', 'deploy:check', '--silent']))) return 1;
  if (!(await step('npm', ['run', 'build']))) return 1;

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
      say(
        `deploy: the first 2nd-gen deploy waits for Eventarc's permissions; retrying in ${o.retryPauseMs / 1000} s (attempt ${attempt + 1} of 3)...`,
      );
      await new Promise((r) => setTimeout(r, o.retryPauseMs));
      continue;
    }
    warn('deploy: firebase deploy failed (above).');
    // The deploy may have made the account and failed for want of its roles (Cloud Build builds
    // as it): then the roles, not Cloud Build's message, are what the operator needs to see.
    await rolesHeld().catch((error: unknown) =>
      warn(
        `deploy: the functions' account's roles could not be checked: ${(error as Error).message}`,
      ),
    );
    return 1;
  }

  if (setup.later.length > 0 && !(await rolesHeld())) return 1;

  const policy = await firebase([
    'functions:artifacts:setpolicy',
    '--days',
    '7',
    '--project',
    projectId,
    '--non-interactive',
    '--force',
  ]);
  if (policy.code !== 0) warn('deploy: the 7-day artifact cleanup policy was not set (above).');

  const smoke = ['tsx', 'scripts/smoke.ts', '--site', site, '--project', projectId];
  if (o.mailTo) {
    smoke.push(
      '--mail-to',
      o.mailTo,
      '--mail-wait',
      String(o.mailWaitSeconds ?? MAIL_WAIT_DEFAULT_S),
    );
  }
  if (!(await step('npx', smoke))) return 1;
  say(
    o.mailTo
      ? `deploy: ${site} (${projectId}) is ready for its first applicant: every smoke check passed, the e-mail to ${o.mailTo} included.`
      : `deploy: ${site} (${projectId}) is deployed and every smoke check passed, but the e-mail path was not checked (an applicant's first step: the outbox, deliverMail, the SMTP_URL secret and the arrival of a sign-in link). Check it before the first applicant: npm run smoke -- --site ${site} --project ${projectId} --mail-to <your address>`,
  );
  return 0;
}
