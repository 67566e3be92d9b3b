/**
 * The smoke test's checks of a deployed project that the rehearsal cannot reach (Cloud Scheduler,
 * Firestore's backup schedules) against the admin-API fake, and its reading of the Auth config as
 * the API answers it (false booleans left out).
 */
import {
  freshProject,
  initialAuthConfig,
  startAdminApiFake,
  type AdminApiFake,
} from './admin-api-fake';
import { googleApi, type GoogleApi } from './google-api';
import {
  authProblems,
  deployedBackups,
  deployedScheduledFunction,
  signInLinkForCheck,
  smokeVerdict,
  type SmokeAuth,
} from './smoke';

const PROJECT = 'bridge-prod';
let fake: AdminApiFake;
let api: GoogleApi;

beforeEach(async () => {
  fake = await startAdminApiFake(PROJECT, freshProject(PROJECT));
  api = googleApi(
    { identitytoolkit: fake.url, firestore: fake.url, cloudscheduler: fake.url },
    async () => 'test-token',
  );
});
afterEach(() => fake.close());

test('each scheduled function needs its Cloud Scheduler job, enabled', async () => {
  expect(await deployedScheduledFunction(api, PROJECT)).toEqual([
    'no Cloud Scheduler job firebase-schedule-daily-us-central1: daily never runs (npm run deploy)',
    'no Cloud Scheduler job firebase-schedule-sweepMail-us-central1: sweepMail never runs (npm run deploy)',
  ]);
  fake.state.schedulerJobs['firebase-schedule-daily-us-central1'] = {
    state: 'ENABLED',
    schedule: 'every day 03:00',
  };
  fake.state.schedulerJobs['firebase-schedule-sweepMail-us-central1'] = {
    state: 'PAUSED',
    schedule: 'every 1 minutes',
  };
  expect(await deployedScheduledFunction(api, PROJECT)).toEqual([
    'the Cloud Scheduler job firebase-schedule-sweepMail-us-central1 is PAUSED, not ENABLED: sweepMail does not run',
  ]);
  fake.state.schedulerJobs['firebase-schedule-sweepMail-us-central1']!.state = 'ENABLED';
  expect(await deployedScheduledFunction(api, PROJECT)).toEqual([]);
});

test('the daily backup and a weekly one kept 14 weeks', async () => {
  const db = `projects/${PROJECT}/databases/(default)/backupSchedules`;
  expect(await deployedBackups(api, PROJECT)).toEqual([
    'no daily Firestore backup (npm run setup -- --project <id>)',
    'no weekly Firestore backup kept 14 weeks (npm run setup -- --project <id>)',
  ]);
  fake.state.backupSchedules = [
    { name: `${db}/a`, retention: '604800s', dailyRecurrence: {} },
    { name: `${db}/b`, retention: '604800s', weeklyRecurrence: { day: 'SUNDAY' } },
  ];
  expect(await deployedBackups(api, PROJECT)).toEqual([
    'no weekly Firestore backup kept 14 weeks (npm run setup -- --project <id>)',
  ]);
  fake.state.backupSchedules[1]!.retention = '8467200s';
  expect(await deployedBackups(api, PROJECT)).toEqual([]);
});

test('each Auth hardening setting is checked; an absent boolean reads as false', () => {
  const fresh = initialAuthConfig(PROJECT);
  expect(authProblems(fresh)).toEqual([
    "sign-up from the browser is on: anyone can make an account on any address, an applicant's included (npm run setup -- --project <id>)",
    "account deletion from the browser is on: a coordinator's password alone can delete their account through Firebase's public API (npm run setup -- --project <id>)",
    "e-mail enumeration protection is off: Firebase's own endpoints tell which addresses have accounts (npm run setup -- --project <id>)",
    'no enforced password policy of at least 12 characters (npm run setup -- --project <id>)',
  ]);
  const hardened = {
    ...fresh,
    client: { permissions: { disabledUserSignup: true, disabledUserDeletion: true } },
    emailPrivacyConfig: { enableImprovedEmailPrivacy: true },
    passwordPolicyConfig: {
      passwordPolicyEnforcementState: 'ENFORCE',
      passwordPolicyVersions: [{ customStrengthOptions: { minPasswordLength: 12 } }],
    },
  };
  expect(authProblems(hardened)).toEqual([]);
  expect(
    authProblems({
      ...hardened,
      passwordPolicyConfig: {
        passwordPolicyEnforcementState: 'ENFORCE',
        passwordPolicyVersions: [{ customStrengthOptions: { minPasswordLength: 8 } }],
      },
    }),
  ).toEqual([
    'no enforced password policy of at least 12 characters (npm run setup -- --project <id>)',
  ]);
});

/**
 * Auth as production answers with sign-up off: no link for an address without an account
 * (the Admin SDK's error), accounts by address.
 */
function productionAuth(existing: string[] = []) {
  const users = new Map(existing.map((email, i) => [email, `uid-${i}`]));
  const deleted: string[] = [];
  const auth: SmokeAuth = {
    getUserByEmail: async (email) => {
      const uid = users.get(email);
      if (!uid) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      return { uid };
    },
    createUser: async ({ email }) => {
      const uid = `made-${users.size}`;
      users.set(email, uid);
      return { uid };
    },
    deleteUser: async (uid) => {
      deleted.push(uid);
      for (const [email, id] of users) if (id === uid) users.delete(email);
    },
    generateSignInWithEmailLink: async (email, { url }) => {
      if (!users.has(email)) {
        throw Object.assign(new Error('sign-up is disabled'), {
          code: 'auth/admin-restricted-operation',
        });
      }
      return `https://example.firebaseapp.com/__/auth/action?mode=signIn&oobCode=abc&continueUrl=${encodeURIComponent(url)}`;
    },
  };
  return { auth, users, deleted };
}

test('the sign-in check makes the smoke account first, as the function does, and deletes it after', async () => {
  const { auth, users, deleted } = productionAuth();
  const link = new URL(
    await signInLinkForCheck(
      auth,
      'smoke-test@example.com',
      'https://site.example/my-application/sign-in',
    ),
  );
  expect(link.searchParams.get('mode')).toBe('signIn');
  expect(deleted).toEqual(['made-0']);
  expect(users.size).toBe(0);
});

test('an account that already exists is used and kept', async () => {
  const { auth, users, deleted } = productionAuth(['smoke-test@example.com']);
  await signInLinkForCheck(auth, 'smoke-test@example.com', 'https://site.example/x');
  expect(deleted).toEqual([]);
  expect(users.has('smoke-test@example.com')).toBe(true);
});

test('the smoke test calls a site ready for its first applicant only when an e-mail was tried', () => {
  const passed = { failures: [] };
  expect(smokeVerdict(passed, 'https://site.example', 'p', true)).toBe(
    'smoke: https://site.example (p) is ready for its first applicant',
  );
  expect(smokeVerdict(passed, 'https://site.example', 'p', false)).toBe(
    'smoke: every check passed on https://site.example (p), but no e-mail was tried (the outbox, deliverMail, the SMTP_URL secret, a sign-in link arriving): before the first applicant run npm run smoke -- --site https://site.example --project p --mail-to <your address>',
  );
  expect(smokeVerdict({ failures: ['auth: x'] }, 'https://site.example', 'p', true)).toBe(
    'smoke: 1 failure(s) on https://site.example',
  );
});
