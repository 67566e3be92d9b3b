/**
 * `npm run setup` against a fake of Google's documented admin APIs (admin-api-fake.ts): a fresh
 * project (no Auth config, no Hosting site, no Compute Engine default account, `false` left out
 * of answers) gets every setting, a second run changes nothing (and writes nothing), a missing
 * role is named with its command, the operator's params survive, a creating POST whose answer
 * was lost is not sent twice, and the requests are the documented ones.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CohortInput, CohortRecord } from '@mentorship/domain';
import {
  startAdminApiFake,
  freshProject,
  initialAuthConfig,
  type AdminApiFake,
} from './admin-api-fake';
import { googleApi, type ApiBases } from './google-api';
import { REQUIRED_ROLES, checkRoles, runSetup, type CohortStore, type SetupOptions } from './setup';
import { parseSetupArgs } from './setup-args';

const PROJECT = 'bridge-prod';
const SA = `serviceAccount:123456789012-compute@developer.gserviceaccount.com`;
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

function memoryCohorts(): CohortStore & { records: CohortRecord[] } {
  const records: CohortRecord[] = [];
  return {
    records,
    any: async () => records.length > 0,
    createFirst: async (record) => {
      if (records.length > 0) return undefined;
      records.push(record);
      return `c${records.length}`;
    },
  };
}

let fake: AdminApiFake;
let dir: string;
let cohorts: ReturnType<typeof memoryCohorts>;

const allRoles = () => REQUIRED_ROLES.map(({ role }) => ({ role, members: [SA] }));

function options(overrides: Partial<SetupOptions> = {}): SetupOptions {
  const bases: ApiBases = {
    identitytoolkit: fake.url,
    firebase: fake.url,
    resourcemanager: fake.url,
    firestore: fake.url,
    functions: fake.url,
    firebasehosting: fake.url,
    iam: fake.url,
    cloudscheduler: fake.url,
  };
  return {
    projectId: PROJECT,
    api: googleApi(bases, async () => 'test-token'),
    siteUrls: ['https://bridgementorship.org', `https://${PROJECT}.web.app`],
    emulator: false,
    cohorts,
    firstCohort: FIRST,
    webEnvFile: join(dir, '.env.production'),
    functionsEnvFile: join(dir, `.env.${PROJECT}`),
    pollMs: 0,
    ...overrides,
  };
}

beforeEach(async () => {
  fake = await startAdminApiFake(PROJECT, { ...freshProject(PROJECT), bindings: allRoles() });
  dir = mkdtempSync(join(tmpdir(), 'setup-test-'));
  cohorts = memoryCohorts();
});
afterEach(() => fake.close());

const writes = () =>
  fake.requests.filter(
    (r) => r.method === 'PATCH' || (r.method === 'POST' && !r.path.endsWith(':getIamPolicy')),
  );

test('a fresh project gets every setting, by the documented requests', async () => {
  const report = await runSetup(options());

  expect(report.todo).toEqual([]);
  // The Compute Engine default account appears with the first functions deploy: its roles wait.
  expect(report.later).toEqual([
    'roles of 123456789012-compute@developer.gserviceaccount.com: the first functions deploy creates this account; `npm run deploy` checks them after it',
  ]);
  const auth = fake.state.authConfig as {
    signIn: { email: { enabled: boolean; passwordRequired: boolean } };
    authorizedDomains: string[];
  };
  expect(auth.signIn.email).toEqual({ enabled: true, passwordRequired: false });
  expect(auth.authorizedDomains).toEqual([
    'localhost',
    `${PROJECT}.firebaseapp.com`,
    `${PROJECT}.web.app`,
    'bridgementorship.org',
  ]);
  expect(fake.state.sites).toEqual([PROJECT]);
  expect(fake.state.webApps).toHaveLength(1);
  const appId = fake.state.webApps[0]!.appId;
  expect(readFileSync(join(dir, '.env.production'), 'utf8')).toContain(
    `VITE_FIREBASE_API_KEY=key-of-${PROJECT}\nVITE_FIREBASE_AUTH_DOMAIN=${PROJECT}.firebaseapp.com\nVITE_FIREBASE_PROJECT_ID=${PROJECT}\nVITE_FIREBASE_APP_ID=${appId}\n`,
  );
  expect(readFileSync(join(dir, `.env.${PROJECT}`), 'utf8')).toContain(
    'SITE_URL=https://bridgementorship.org\nAPI_ALLOWED_ORIGINS=https://bridgementorship.org\n',
  );
  expect(fake.state.database).toMatchObject({
    locationId: 'nam5',
    pointInTimeRecoveryEnablement: 'POINT_IN_TIME_RECOVERY_ENABLED',
  });
  expect(fake.state.backupSchedules).toEqual([
    expect.objectContaining({ retention: '604800s', dailyRecurrence: {} }),
    expect.objectContaining({ retention: '8467200s', weeklyRecurrence: { day: 'SUNDAY' } }),
  ]);
  expect(cohorts.records).toEqual([
    expect.objectContaining({
      name: 'Fall 2027',
      applicationsOpen: '2027-08-01',
      programEnd: '2028-02-12',
    }),
  ]);

  // The writes, exactly: what a reviewer compares with Google's API reference.
  expect(writes().map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`)).toEqual([
    `POST /v1beta1/projects/${PROJECT}/webApps {"displayName":"Default Web App"}`,
    `POST /v1beta1/projects/${PROJECT}/sites?siteId=${PROJECT} {}`,
    `POST /v2/projects/${PROJECT}/identityPlatform:initializeAuth {}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=signIn.email.enabled,signIn.email.passwordRequired {"signIn":{"email":{"enabled":true,"passwordRequired":false}}}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=authorizedDomains {"authorizedDomains":["localhost","${PROJECT}.firebaseapp.com","${PROJECT}.web.app","bridgementorship.org"]}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=client.permissions.disabledUserSignup {"client":{"permissions":{"disabledUserSignup":true}}}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=client.permissions.disabledUserDeletion {"client":{"permissions":{"disabledUserDeletion":true}}}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=emailPrivacyConfig.enableImprovedEmailPrivacy {"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=passwordPolicyConfig {"passwordPolicyConfig":{"passwordPolicyEnforcementState":"ENFORCE","passwordPolicyVersions":[{"customStrengthOptions":{"minPasswordLength":12}}]}}`,
    `POST /v1/projects/${PROJECT}/databases?databaseId=(default) {"type":"FIRESTORE_NATIVE","locationId":"nam5"}`,
    `PATCH /v1/projects/${PROJECT}/databases/(default)?updateMask=pointInTimeRecoveryEnablement {"pointInTimeRecoveryEnablement":"POINT_IN_TIME_RECOVERY_ENABLED"}`,
    `POST /v1/projects/${PROJECT}/databases/(default)/backupSchedules {"retention":"604800s","dailyRecurrence":{}}`,
    `POST /v1/projects/${PROJECT}/databases/(default)/backupSchedules {"retention":"8467200s","weeklyRecurrence":{"day":"SUNDAY"}}`,
  ]);
  expect(report.changed).toHaveLength(17);
});

test('a second run changes nothing and writes nothing, though answers leave false out', async () => {
  await runSetup(options());
  // The API answered `passwordRequired: false` by leaving it out: read as false, not as unset.
  const answer = fake.requests.filter((r) => r.method === 'GET').length;
  expect(answer).toBeGreaterThan(0);
  const webEnv = join(dir, '.env.production');
  const functionsEnv = join(dir, `.env.${PROJECT}`);
  const mtime = statSync(webEnv).mtimeMs;
  const envMtime = statSync(functionsEnv).mtimeMs;
  const before = fake.requests.length;

  const second = await runSetup(options());

  expect(second.changed).toEqual([]);
  expect(second.todo).toEqual([]);
  expect(cohorts.records).toHaveLength(1);
  expect(statSync(webEnv).mtimeMs).toBe(mtime);
  expect(statSync(functionsEnv).mtimeMs).toBe(envMtime);
  const secondRun = fake.requests.slice(before);
  expect(secondRun.length).toBeGreaterThan(0);
  expect(secondRun.filter((r) => r.method !== 'GET' && !r.path.endsWith(':getIamPolicy'))).toEqual(
    [],
  );
});

test("the Compute Engine default account's roles are checked once the first deploy made it", async () => {
  fake.state.bindings = [];
  const first = await runSetup(options());
  expect(first.todo).toEqual([]);
  expect(first.later).toHaveLength(1);

  // What the first functions deploy does: the account exists from then on.
  fake.state.computeAccount = true;
  const api = options().api;
  const after = await checkRoles(api, PROJECT);
  expect(after.exists).toBe(true);
  expect(after.todo).toHaveLength(REQUIRED_ROLES.length);
  fake.state.bindings = allRoles();
  expect((await checkRoles(api, PROJECT)).todo).toEqual([]);
  const later = await runSetup(options());
  expect(later.later).toEqual([]);
  expect(later.unchanged).toContain('roles of 123456789012-compute@developer.gserviceaccount.com');
});

test("IAM's 403 for the account the first deploy makes means 'not there yet' only from a caller who may read accounts", async () => {
  // IAM answers 403 "(or it may not exist)" for an account that does not exist, to anyone.
  fake.state.missingAccountStatus = 403;
  const report = await runSetup(options());
  expect(report.todo).toEqual([]);
  expect(report.later).toEqual([
    'roles of 123456789012-compute@developer.gserviceaccount.com: the first functions deploy creates this account; `npm run deploy` checks them after it',
  ]);
  expect(fake.requests).toContainEqual({
    method: 'POST',
    path: `/v1/projects/${PROJECT}:testIamPermissions`,
    body: { permissions: ['iam.serviceAccounts.get'] },
  });

  // A caller who may not read accounts gets the same 403 for an existing one: not "not there".
  fake.state.callerPermissions = [];
  await expect(runSetup(options())).rejects.toThrow(
    `IAM would not say whether 123456789012-compute@developer.gserviceaccount.com exists: these credentials lack iam.serviceAccounts.get on ${PROJECT}`,
  );
});

test('a Hosting site just created is waited for until it shows; one that never shows stops the setup', async () => {
  fake.state.siteHiddenReads = 3;
  const report = await runSetup(options());
  expect(report.changed).toContain(`Hosting site ${PROJECT} created`);
  const siteReads = () =>
    fake.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1beta1/projects/${PROJECT}/sites/${PROJECT}`,
    ).length;
  // One read before creating it, three while it is not visible yet, one that finds it.
  expect(siteReads()).toBe(5);

  fake.state.sites = [];
  fake.state.siteHiddenReads = 1_000;
  await expect(runSetup(options())).rejects.toThrow(
    `Hosting site ${PROJECT} was created but is still not visible after 0 s; run the same command again in a few minutes`,
  );
  expect(siteReads()).toBe(5 + 1 + 60);
});

test('the Auth config that initializeAuth made is read again until it answers', async () => {
  fake.state.authConfigHiddenReads = 2;
  const report = await runSetup(options());
  expect(report.changed).toContain('Authentication initialised (the project had no Auth config)');
  expect(report.changed).toContain('E-mail link (passwordless) sign-in turned on');

  fake.state.authConfig = undefined;
  fake.state.authConfigHiddenReads = 1_000;
  await expect(runSetup(options())).rejects.toThrow(
    'Authentication was initialised but its config is still not readable after 0 s',
  );
});

test("the operator's params survive; SITE_URL and the origins change only by --site-url, shown first", async () => {
  const file = join(dir, `.env.${PROJECT}`);
  const operator = [
    '# ours',
    'SITE_URL=https://bridgementorship.org',
    'API_ALLOWED_ORIGINS=https://bridgementorship.org',
    'MAIL_FROM="Bridge <hello@bridgementorship.org>"',
    'COORDINATOR_EMAILS=team@bridgementorship.org',
    '',
  ].join('\n');
  writeFileSync(file, operator);
  const shown: string[] = [];
  const announce = (line: string) => shown.push(`${line} | ${readFileSync(file, 'utf8')}`);

  // What `npm run deploy` and a setup without --site-url pass: the default hosts only.
  const defaults = [`https://${PROJECT}.web.app`, `https://${PROJECT}.firebaseapp.com`];
  const kept = await runSetup(options({ siteUrls: defaults, announce }));
  expect(readFileSync(file, 'utf8')).toBe(operator);
  expect(kept.changed.filter((l) => l.includes(file))).toEqual([]);
  expect(shown).toEqual([]);

  const moved = await runSetup(
    options({
      siteUrls: ['https://bridge.example.org', ...defaults],
      siteUrlGiven: true,
      announce,
    }),
  );
  expect(readFileSync(file, 'utf8')).toBe(
    operator
      .replaceAll('https://bridgementorship.org\n', 'https://bridge.example.org\n')
      .replace(
        'API_ALLOWED_ORIGINS=https://bridge.example.org',
        'API_ALLOWED_ORIGINS=https://bridge.example.org',
      ),
  );
  expect(readFileSync(file, 'utf8')).toContain('MAIL_FROM="Bridge <hello@bridgementorship.org>"');
  expect(readFileSync(file, 'utf8')).toContain('COORDINATOR_EMAILS=team@bridgementorship.org');
  // Each change was shown while the file still held the old values.
  expect(shown).toEqual([
    `${file}: SITE_URL "https://bridgementorship.org" -> "https://bridge.example.org" | ${operator}`,
    `${file}: API_ALLOWED_ORIGINS "https://bridgementorship.org" -> "https://bridge.example.org" | ${operator}`,
  ]);
  expect(moved.changed).toContain(
    `SITE_URL=https://bridge.example.org, API_ALLOWED_ORIGINS=https://bridge.example.org written to ${file} (other lines kept)`,
  );
});

test('a creating POST whose answer was lost is not sent again; the next run finishes the job', async () => {
  fake.state.dropPost = 'backupSchedules';
  await expect(runSetup(options())).rejects.toThrow();
  // The first POST reached the fake: one schedule exists, not two.
  expect(fake.state.backupSchedules).toHaveLength(1);

  const next = await runSetup(options());
  expect(next.todo).toEqual([]);
  expect(
    fake.state.backupSchedules.map((s) => Object.keys(s).find((k) => k.endsWith('Recurrence'))),
  ).toEqual(['dailyRecurrence', 'weeklyRecurrence']);
});

test('a missing role is named with the exact command; Editor covers them all but signing', async () => {
  fake.state.computeAccount = true;
  fake.state.bindings = allRoles().filter((b) => b.role !== 'roles/firebaseauth.admin');
  const report = await runSetup(options());
  expect(report.todo).toEqual([
    `Missing role roles/firebaseauth.admin for 123456789012-compute@developer.gserviceaccount.com (deliverMail makes applicants' accounts and sign-in links; the API manages coordinators and looks up applicants' accounts): gcloud projects add-iam-policy-binding ${PROJECT} --member="${SA}" --role="roles/firebaseauth.admin" --condition=None`,
  ]);

  fake.state.bindings = [{ role: 'roles/editor', members: [SA] }];
  expect((await runSetup(options())).todo).toEqual([
    expect.stringContaining(
      `--member="${SA}" --role="roles/iam.serviceAccountTokenCreator" --condition=None`,
    ),
  ]);
  fake.state.bindings = [
    { role: 'roles/editor', members: [SA] },
    { role: 'roles/iam.serviceAccountTokenCreator', members: [SA] },
  ];
  expect((await runSetup(options())).todo).toEqual([]);

  fake.state.bindings = [
    { role: 'roles/editor', members: ['serviceAccount:someone-else@x.iam.gserviceaccount.com'] },
  ];
  const other = await runSetup(
    options({ serviceAccount: 'runner@bridge-prod.iam.gserviceaccount.com' }),
  );
  expect(other.todo).toHaveLength(REQUIRED_ROLES.length);
  expect(other.todo[0]).toContain(
    '--member="serviceAccount:runner@bridge-prod.iam.gserviceaccount.com"',
  );
});

test('without a cohort and without dates it says what to run; an existing cohort is kept', async () => {
  const report = await runSetup(options({ firstCohort: undefined }));
  expect(report.todo).toEqual([
    expect.stringContaining('No cohort: every application answers "Applications are closed"'),
  ]);
  expect(cohorts.records).toEqual([]);

  await cohorts.createFirst({ ...FIRST, name: 'Spring 2027', programEnd: '2027-06-01' });
  const kept = await runSetup(options());
  expect(kept.todo).toEqual([]);
  expect(cohorts.records.map((c) => c.name)).toEqual(['Spring 2027']);
});

test('contradicting dates are refused before anything about the cohort is written', async () => {
  await expect(
    runSetup(options({ firstCohort: { ...FIRST, applicationsClose: '2027-07-01' } })),
  ).rejects.toThrow('Applications must close on or after the day they open.');
  expect(cohorts.records).toEqual([]);
});

test('on the emulators only the sign-in settings and the cohort apply', async () => {
  fake.state.authConfig = initialAuthConfig(PROJECT); // the Auth emulator always has one
  const report = await runSetup(
    options({
      emulator: true,
      api: googleApi({ identitytoolkit: fake.url }, async () => 'test-token'),
    }),
  );
  expect(report.notApplicable).toHaveLength(5);
  expect(fake.requests.every((r) => r.path.startsWith(`/v2/projects/${PROJECT}/config`))).toBe(
    true,
  );
  expect(fake.state.webApps).toEqual([]);
  expect(fake.state.database).toBeUndefined();
});

describe('parseSetupArgs', () => {
  test('defaults the site to <id>.web.app and reads a first cohort', () => {
    const args = parseSetupArgs([
      '--project',
      PROJECT,
      '--cohort',
      'Spring 2028',
      '--open',
      '2028-01-05',
      '--close',
      '2028-02-01',
      '--matching-done-by',
      '2028-02-15',
      '--start',
      '2028-03-01',
    ]);
    expect(args).toEqual({
      ok: true,
      projectId: PROJECT,
      siteUrls: [`https://${PROJECT}.web.app`, `https://${PROJECT}.firebaseapp.com`],
      siteUrlGiven: false,
      firstCohort: {
        name: 'Spring 2028',
        term: 'spring',
        year: 2028,
        applicationsOpen: '2028-01-05',
        applicationsClose: '2028-02-01',
        matchingDoneBy: '2028-02-15',
        programStart: '2028-03-01',
        programEnd: '',
      },
      serviceAccount: undefined,
    });
  });

  test.each([
    [[], '--project <id> is required'],
    [['--project', 'demo-x'], 'demo- projects exist only on the emulators'],
    [['--project', PROJECT, '--site-url', 'http://x.org'], "give the site's https origin only"],
    [
      ['--project', PROJECT, '--open', '2028-01-05'],
      'A first cohort needs --cohort, --close, --matching-done-by, --start too',
    ],
    [['--project', PROJECT, '--force'], 'Unknown argument --force'],
  ])('%j is refused', (argv, message) => {
    const args = parseSetupArgs(argv);
    expect(args.ok).toBe(false);
    expect(!args.ok && args.message).toContain(message);
  });
});
