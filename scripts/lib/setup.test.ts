/**
 * `npm run setup` against a fake of Google's documented admin APIs (admin-api-fake.ts): a fresh
 * project gets every setting, a second run changes nothing (and writes nothing), a missing role
 * is named with its command, and the requests are the documented ones.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CohortInput, CohortRecord } from '@mentorship/domain';
import { startAdminApiFake, freshProject, type AdminApiFake } from './admin-api-fake';
import { googleApi, type ApiBases } from './google-api';
import { REQUIRED_ROLES, runSetup, type CohortStore, type SetupOptions } from './setup';
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
let deploys: number;
let cohorts: ReturnType<typeof memoryCohorts>;

const allRoles = () => REQUIRED_ROLES.map(({ role }) => ({ role, members: [SA] }));

function options(overrides: Partial<SetupOptions> = {}): SetupOptions {
  const bases: ApiBases = {
    identitytoolkit: fake.url,
    firebase: fake.url,
    resourcemanager: fake.url,
    firestore: fake.url,
    functions: fake.url,
  };
  return {
    projectId: PROJECT,
    api: googleApi(bases, async () => 'test-token'),
    siteUrls: ['https://bridgementorship.org', `https://${PROJECT}.web.app`],
    emulator: false,
    // What `firebase deploy --only auth` does to a project (provisioning the Email/Password
    // provider): the fake's provider is on afterwards.
    deployAuthProviders: async () => {
      deploys += 1;
      (fake.state.authConfig.signIn as Record<string, unknown>).email = {
        enabled: true,
        passwordRequired: true,
      };
    },
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
  deploys = 0;
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
  expect(deploys).toBe(1);
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
    `PATCH /v2/projects/${PROJECT}/config?updateMask=signIn.email.enabled,signIn.email.passwordRequired {"signIn":{"email":{"enabled":true,"passwordRequired":false}}}`,
    `PATCH /v2/projects/${PROJECT}/config?updateMask=authorizedDomains {"authorizedDomains":["localhost","${PROJECT}.firebaseapp.com","${PROJECT}.web.app","bridgementorship.org"]}`,
    `POST /v1/projects/${PROJECT}/databases?databaseId=(default) {"type":"FIRESTORE_NATIVE","locationId":"nam5"}`,
    `PATCH /v1/projects/${PROJECT}/databases/(default)?updateMask=pointInTimeRecoveryEnablement {"pointInTimeRecoveryEnablement":"POINT_IN_TIME_RECOVERY_ENABLED"}`,
    `POST /v1/projects/${PROJECT}/databases/(default)/backupSchedules {"retention":"604800s","dailyRecurrence":{}}`,
  ]);
  expect(report.changed).toHaveLength(10);
});

test('a second run changes nothing and writes nothing', async () => {
  await runSetup(options());
  const webEnv = join(dir, '.env.production');
  const mtime = statSync(webEnv).mtimeMs;
  const before = fake.requests.length;

  const second = await runSetup(options());

  expect(second.changed).toEqual([]);
  expect(second.todo).toEqual([]);
  expect(deploys).toBe(1);
  expect(cohorts.records).toHaveLength(1);
  expect(statSync(webEnv).mtimeMs).toBe(mtime);
  const secondRun = fake.requests.slice(before);
  expect(secondRun.length).toBeGreaterThan(0);
  expect(secondRun.filter((r) => r.method !== 'GET' && !r.path.endsWith(':getIamPolicy'))).toEqual(
    [],
  );
});

test('a missing role is named with the exact command; Editor covers them all', async () => {
  fake.state.bindings = allRoles().filter((b) => b.role !== 'roles/firebaseauth.admin');
  const report = await runSetup(options());
  expect(report.todo).toEqual([
    `Missing role roles/firebaseauth.admin for 123456789012-compute@developer.gserviceaccount.com (deliverMail makes sign-in links; the API manages coordinators): gcloud projects add-iam-policy-binding ${PROJECT} --member="${SA}" --role="roles/firebaseauth.admin" --condition=None`,
  ]);

  fake.state.bindings = [{ role: 'roles/editor', members: [SA] }];
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
  const report = await runSetup(
    options({
      emulator: true,
      api: googleApi({ identitytoolkit: fake.url }, async () => 'test-token'),
    }),
  );
  expect(report.notApplicable).toHaveLength(4);
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
