/**
 * `npm run setup`'s code against the emulators, for a project they have never seen: the Auth
 * emulator's Identity Toolkit admin API gets the sign-in settings and their hardening, Firestore
 * the first cohort; a second run changes nothing. (The steps with no emulator run against the admin-API fake in
 * scripts/lib/setup.test.ts.)
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COHORTS_COLLECTION } from '@mentorship/domain';
import { emulatorApi, localFirstCohort, setupEmulators } from '../../scripts/lib/setup-run';
import { stack } from './support';

// Each smoke run is a process of its own (tsx, the Admin SDK): seconds each under load.
jest.setTimeout(180_000);

const projectId = `demo-setup-${Date.now()}`;
const siteUrl = 'https://bridge-rehearsal.example.org';
const run = () =>
  setupEmulators({
    authHost: stack.authHost,
    firestoreHost: stack.firestoreHost,
    projectId,
    siteUrl,
    firstCohort: { ...localFirstCohort(new Date('2027-08-01T12:00:00Z')), name: 'Fall 2027' },
  });

test('a fresh project gets every setting; a second run changes nothing', async () => {
  const api = emulatorApi(stack.authHost);
  const configUrl = `${api.bases.identitytoolkit}/v2/projects/${projectId}/config`;
  const before = await api.call<{ signIn?: { email?: unknown }; authorizedDomains?: string[] }>(
    'GET',
    configUrl,
  );
  expect(before.signIn?.email).toBeUndefined();

  const first = await run();
  expect(first.changed).toEqual([
    'Email/Password sign-in provider turned on',
    'E-mail link (passwordless) sign-in turned on',
    'Authorised domains: bridge-rehearsal.example.org added',
    'Sign-up from the browser turned off',
    'Account deletion from the browser turned off',
    'E-mail enumeration protection turned on',
    'Password policy: at least 12 characters, enforced',
    expect.stringMatching(
      /^First cohort "Fall 2027" created \(\w+\): applications 2027-08-01 to 2027-08-29, program 2027-09-12 to 2028-01-11$/,
    ),
  ]);
  expect(first.todo).toEqual([]);
  const config = await api.call<{
    signIn: { email: { enabled: boolean; passwordRequired: boolean } };
    authorizedDomains: string[];
    client: unknown;
    emailPrivacyConfig: unknown;
    passwordPolicyConfig: unknown;
  }>('GET', configUrl);
  expect(config.signIn.email).toEqual({ enabled: true, passwordRequired: false });
  expect(config.authorizedDomains).toContain('bridge-rehearsal.example.org');
  expect(config.client).toEqual({
    permissions: { disabledUserSignup: true, disabledUserDeletion: true },
  });
  expect(config.emailPrivacyConfig).toEqual({ enableImprovedEmailPrivacy: true });
  expect(config.passwordPolicyConfig).toEqual({
    passwordPolicyEnforcementState: 'ENFORCE',
    passwordPolicyVersions: [{ customStrengthOptions: { minPasswordLength: 12 } }],
  });

  const second = await run();
  expect(second.changed).toEqual([]);
  expect(second.todo).toEqual([]);

  process.env.FIRESTORE_EMULATOR_HOST = stack.firestoreHost;
  const app = initializeApp({ projectId }, `setup-check-${projectId}`);
  try {
    const cohorts = await getFirestore(app).collection(COHORTS_COLLECTION).get();
    expect(cohorts.docs.map((d) => d.get('name'))).toEqual(['Fall 2027']);
  } finally {
    await deleteApp(app);
  }
});
