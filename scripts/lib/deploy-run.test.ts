import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CohortInput, CohortRecord } from '@mentorship/domain';
import {
  firebaseStandIn,
  freshProject,
  startAdminApiFake,
  type AdminApiFake,
  type FakeState,
} from './admin-api-fake';
import {
  firebaseToolsEnv,
  isEventarcFirstDeploy,
  parseDeployArgs,
  runDeploy,
  siteUrlOf,
} from './deploy-run';
import { googleApi } from './google-api';
import { ROOT } from './paths';
import { REQUIRED_ROLES, runSetup, type CohortStore } from './setup';

test("the first 2nd-gen deploy's Eventarc hold-up is recognised, other failures are not", () => {
  expect(
    isEventarcFirstDeploy(
      '⚠  functions: Since this is your first time using 2nd gen functions, we need a little bit longer to finish setting everything up. Retry the deployment in a few minutes.\n⚠  functions:  failed to create function projects/p/locations/us-central1/functions/deliverMail',
    ),
  ).toBe(true);
  expect(
    isEventarcFirstDeploy(
      'Error: Failed to create function deliverMail: Permission denied while using the Eventarc Service Agent.',
    ),
  ).toBe(true);
  expect(isEventarcFirstDeploy('Error: Failed to create function api: Quota exceeded')).toBe(false);
  expect(isEventarcFirstDeploy('Error: Missing permissions required for functions deploy')).toBe(
    false,
  );
});

test("SITE_URL comes from the project's dotenv file, else <id>.web.app", () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-run-'));
  const file = join(dir, '.env.bridge-prod');
  expect(siteUrlOf(file, 'bridge-prod')).toBe('https://bridge-prod.web.app');
  writeFileSync(file, '# comment\nSITE_URL=https://bridgementorship.org\nAPI_ALLOWED_ORIGINS=\n');
  expect(siteUrlOf(file, 'bridge-prod')).toBe('https://bridgementorship.org');
});

test('firebase-tools gets the quota project the way it reads it; an operator value is kept', () => {
  const env = firebaseToolsEnv('bridge-prod', { PATH: '/bin' });
  expect(env.GOOGLE_CLOUD_QUOTA_PROJECT).toBe('bridge-prod');
  expect(env.PATH).toBe('/bin');
  expect(
    firebaseToolsEnv('bridge-prod', { GOOGLE_CLOUD_QUOTA_PROJECT: 'billing-x' }),
  ).toMatchObject({ GOOGLE_CLOUD_QUOTA_PROJECT: 'billing-x' });
});

test('firebase.json has no auth section: no `firebase deploy` changes sign-in settings', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as object;
  expect(config).not.toHaveProperty('auth');
});

/**
 * `npm run deploy` end to end (runDeploy, as scripts/deploy.ts calls it) against the admin-API
 * fake answering as Google does on a fresh project (IAM's 403 for the account the deploy has not
 * made yet, a new site and a new Auth config that take a few reads to show) and a stand-in for
 * firebase-tools' binary that the fake answers; the build, deploy:check and the smoke test are
 * recorded, not run.
 */
describe('npm run deploy, end to end', () => {
  const PROJECT = 'bridge-prod';
  const SITE = `https://${PROJECT}.web.app`;
  const COMPUTE = '123456789012-compute@developer.gserviceaccount.com';
  const DEPLOY = `deploy --only functions,firestore,hosting --project ${PROJECT} --non-interactive --force`;
  const SETPOLICY = `functions:artifacts:setpolicy --days 7 --project ${PROJECT} --non-interactive --force`;
  const FIRST: CohortInput = {
    name: 'Fall 2027',
    term: 'fall',
    year: 2027,
    applicationsOpen: '2027-08-01',
    applicationsClose: '2027-09-15',
    matchingDoneBy: '2027-10-01',
    programStart: '2027-10-13',
    programEnd: '',
  };
  let fake: AdminApiFake;
  let dir: string;
  let cohort: CohortRecord[];

  /** A project as Google makes it, with the answers a real first deploy meets. */
  async function start(overrides: Partial<FakeState> = {}) {
    fake = await startAdminApiFake(PROJECT, {
      ...freshProject(PROJECT),
      missingAccountStatus: 403,
      siteHiddenReads: 2,
      authConfigHiddenReads: 2,
      ...overrides,
    });
    dir = mkdtempSync(join(tmpdir(), 'deploy-run-'));
    cohort = [];
  }
  afterEach(() => fake.close());

  async function deploy(options: { mailTo?: string; smokeStatus?: number } = {}) {
    const url = fake.url;
    const api = googleApi(
      {
        identitytoolkit: url,
        firebase: url,
        resourcemanager: url,
        firestore: url,
        functions: url,
        firebasehosting: url,
        iam: url,
        cloudscheduler: url,
      },
      async () => 'test-token',
    );
    const cohorts: CohortStore = {
      any: async () => cohort.length > 0,
      createFirst: async (record) => (cohort.push(record), `c${cohort.length}`),
    };
    let transcript = '';
    const commands: string[] = [];
    const runsBefore = fake.state.firebaseRuns.length;
    const requestsBefore = fake.requests.length;
    const code = await runDeploy({
      projectId: PROJECT,
      site: SITE,
      mailTo: options.mailTo,
      setup: (siteUrls) =>
        runSetup({
          projectId: PROJECT,
          api,
          siteUrls,
          emulator: false,
          cohorts,
          firstCohort: FIRST,
          webEnvFile: join(dir, '.env.production'),
          functionsEnvFile: join(dir, `.env.${PROJECT}`),
          pollMs: 0,
        }),
      api,
      firebaseCli: firebaseStandIn(fake, dir),
      run: async (command, args) => {
        commands.push(`${command} ${args.join(' ')}`);
        return args.includes('scripts/smoke.ts') ? (options.smokeStatus ?? 0) : 0;
      },
      retryPauseMs: 0,
      out: (text) => (transcript += text),
      err: (text) => (transcript += text),
      cwd: dir,
    });
    const lines = transcript.trimEnd().split('\n');
    return {
      code,
      transcript,
      lines,
      commands,
      firebase: fake.state.firebaseRuns.slice(runsBefore).map((args) => args.join(' ')),
      writes: fake.requests
        .slice(requestsBefore)
        .filter(
          (r) =>
            r.method === 'PATCH' ||
            (r.method === 'POST' && !/:(getIamPolicy|testIamPermissions)$/.test(r.path)),
        ),
    };
  }

  const grant = (...roles: string[]) =>
    fake.state.bindings.push(
      ...roles.map((role) => ({ role, members: [`serviceAccount:${COMPUTE}`] })),
    );
  const gcloudLine = (role: string) =>
    expect.stringContaining(
      `gcloud projects add-iam-policy-binding ${PROJECT} --member="serviceAccount:${COMPUTE}" --role="${role}" --condition=None`,
    );

  test('a fresh personal project: set up, deployed through the Eventarc hold-up, its one missing role named', async () => {
    await start({ eventarcHoldUps: 1 });

    const first = await deploy();
    // The deploy made the account with Editor, which lacks only the signing role.
    expect(first.firebase).toEqual([DEPLOY, DEPLOY]);
    expect(first.transcript).toContain('retrying in 0 s (attempt 2 of 3)');
    expect(first.commands).toEqual(['npm run deploy:check --silent', 'npm run build']);
    expect(first.code).toBe(1);
    expect(first.lines.at(-1)).toEqual(gcloudLine('roles/iam.serviceAccountTokenCreator'));
    expect(fake.state.sites).toEqual([PROJECT]);
    expect(fake.state.database?.pointInTimeRecoveryEnablement).toBe(
      'POINT_IN_TIME_RECOVERY_ENABLED',
    );

    grant('roles/iam.serviceAccountTokenCreator');
    const second = await deploy();
    expect(second.code).toBe(0);
    expect(second.firebase).toEqual([DEPLOY, SETPOLICY]);
    expect(second.commands).toEqual([
      'npm run deploy:check --silent',
      'npm run build',
      `npx tsx scripts/smoke.ts --site ${SITE} --project ${PROJECT}`,
    ]);
    // No e-mail was tried: not "ready", and the line says what was not checked and how.
    expect(second.transcript).not.toContain('ready for its first applicant');
    expect(second.lines.at(-1)).toBe(
      `deploy: ${SITE} (${PROJECT}) is deployed and every smoke check passed, but the e-mail path was not checked (an applicant's first step: the outbox, deliverMail, the SMTP_URL secret and the arrival of a sign-in link). Check it before the first applicant: npm run smoke -- --site ${SITE} --project ${PROJECT} --mail-to <your address>`,
    );
  });

  test("a fresh organisation project: the deploy fails in Cloud Build and ends with the account's gcloud lines", async () => {
    await start({ withholdComputeRoles: true });

    const first = await deploy();
    expect(first.code).toBe(1);
    expect(first.firebase).toEqual([DEPLOY]);
    expect(first.transcript).toContain('missing permission on the build service account');
    // What the operator reads last: every role the account lacks, as the command that grants it.
    expect(first.lines.slice(-REQUIRED_ROLES.length)).toEqual(
      REQUIRED_ROLES.map(({ role }) => gcloudLine(role)),
    );

    // Run again without granting: the account exists now, so it stops before any deploy.
    const again = await deploy();
    expect(again.code).toBe(1);
    expect(again.firebase).toEqual([]);
    expect(again.commands).toEqual([]);
    expect(again.transcript).toContain(
      'deploy: grant the missing role(s) above first (a deploy would fail without them).',
    );

    grant(...REQUIRED_ROLES.map(({ role }) => role));
    const granted = await deploy();
    expect(granted.code).toBe(0);
    expect(granted.firebase).toEqual([DEPLOY, SETPOLICY]);
  });

  test('a second run changes nothing; with --mail-to the site is called ready', async () => {
    await start();
    await deploy();
    grant('roles/iam.serviceAccountTokenCreator');
    expect((await deploy()).code).toBe(0);
    const webEnv = statSync(join(dir, '.env.production')).mtimeMs;
    const functionsEnv = statSync(join(dir, `.env.${PROJECT}`)).mtimeMs;

    const again = await deploy({ mailTo: 'team@bridgementorship.org' });
    expect(again.code).toBe(0);
    expect(again.writes).toEqual([]);
    expect(again.transcript).toContain('setup: nothing changed');
    expect(statSync(join(dir, '.env.production')).mtimeMs).toBe(webEnv);
    expect(statSync(join(dir, `.env.${PROJECT}`)).mtimeMs).toBe(functionsEnv);
    expect(again.firebase).toEqual([DEPLOY, SETPOLICY]);
    expect(again.commands.at(-1)).toBe(
      `npx tsx scripts/smoke.ts --site ${SITE} --project ${PROJECT} --mail-to team@bridgementorship.org --mail-wait 600`,
    );
    expect(again.lines.at(-1)).toBe(
      `deploy: ${SITE} (${PROJECT}) is ready for its first applicant: every smoke check passed, the e-mail to team@bridgementorship.org included.`,
    );
    expect(cohort).toHaveLength(1);
  });

  test('a failing smoke test fails the deploy, and nothing calls the site deployed', async () => {
    await start({ computeAccount: true });
    grant(...REQUIRED_ROLES.map(({ role }) => role));
    const failed = await deploy({ mailTo: 'team@bridgementorship.org', smokeStatus: 1 });
    expect(failed.code).toBe(1);
    expect(failed.transcript).not.toMatch(/ready for its first applicant|is deployed/);
    expect(failed.lines.at(-1)).toBe(
      `deploy: stopped at \`npx tsx scripts/smoke.ts --site ${SITE} --project ${PROJECT} --mail-to team@bridgementorship.org --mail-wait 600\``,
    );
  });
});

describe('parseDeployArgs', () => {
  test('the project, and optionally an address and a wait for the e-mail check', () => {
    expect(parseDeployArgs(['--project', 'bridge-prod'])).toEqual({
      ok: true,
      projectId: 'bridge-prod',
      mailTo: undefined,
      mailWaitSeconds: 600,
    });
    expect(
      parseDeployArgs(['--project', 'bridge-prod', '--mail-to', 'a@b.org', '--mail-wait', '900']),
    ).toMatchObject({ ok: true, mailTo: 'a@b.org', mailWaitSeconds: 900 });
  });

  test.each([
    [[], '--project <id> is required'],
    [['--project', 'demo-x'], 'demo- projects exist only on the emulators'],
    [['--project'], '--project needs a value'],
    [['--project', 'p', '--mail-to', 'nobody'], '--mail-to needs an e-mail address'],
    [['--project', 'p', '--mail-wait', '2m'], '--mail-wait takes whole seconds from 10 to 3600'],
    [['--project', 'p', '--force'], 'Unknown argument --force'],
  ])('%j is refused', (argv, message) => {
    const args = parseDeployArgs(argv);
    expect(args.ok).toBe(false);
    expect(!args.ok && args.message).toContain(message);
  });
});
