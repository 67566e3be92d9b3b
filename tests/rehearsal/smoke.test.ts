/**
 * `npm run smoke` against the production rehearsal's stack, which `npm run setup`'s code set up
 * as a fresh project: it passes, and it fails, one line each, on the three day-one faults the
 * emulators themselves would never show (e-mail link sign-in off, the site's host not
 * authorised: the Auth emulator stores both settings but enforces neither) and on a project
 * without a cohort. Each fault is put right again by the setup's code, which says so.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COHORTS_COLLECTION } from '@mentorship/domain';
import { emulatorApi, setupEmulators } from '../../scripts/lib/setup-run';
import { smoke, stack } from './support';

// Each smoke run is a process of its own (tsx, the Admin SDK): seconds each under load.
jest.setTimeout(180_000);

const api = emulatorApi(stack.authHost);
const configUrl = `${api.bases.identitytoolkit}/v2/projects/${stack.projectId}/config`;
const setup = () =>
  setupEmulators({
    authHost: stack.authHost,
    firestoreHost: stack.firestoreHost,
    projectId: stack.projectId,
    siteUrl: stack.site,
  });
const host = new URL(stack.site).hostname;

let app: App;
beforeAll(() => {
  app = initializeApp({ projectId: stack.projectId }, `smoke-test-${Date.now()}`);
});
afterAll(() => deleteApp(app));

test('the set-up rehearsal stack passes every check', async () => {
  const result = await smoke();
  expect(result.failures).toEqual([]);
  expect(result.lines).toEqual(
    expect.arrayContaining([
      'ok    pages',
      'ok    headers',
      'ok    api',
      'ok    cohort',
      'ok    sign-in',
      'ok    auth',
      'ok    schedule',
      'n/a   backups (the emulators keep none)',
      'n/a   mail (give --mail-to <address>)',
    ]),
  );
  expect(result.status).toBe(0);
});

test('--mail-to: a sign-in e-mail goes through the outbox, deliverMail and SMTP, and arrives', async () => {
  const to = `operator.${Date.now()}@example.org`;
  const result = await smoke(['--mail-to', to]);
  expect(result.failures).toEqual([]);
  expect(result.lines).toContain(`ok    mail (to ${to})`);
  expect(result.status).toBe(0);
});

test('e-mail link sign-in off: one failure line, exit 1; the setup turns it back on', async () => {
  let result: Awaited<ReturnType<typeof smoke>>;
  let restored: Awaited<ReturnType<typeof setup>>;
  try {
    await api.call('PATCH', `${configUrl}?updateMask=signIn.email.passwordRequired`, {
      signIn: { email: { passwordRequired: true } },
    });
    result = await smoke();
  } finally {
    restored = await setup();
  }
  expect(result.status).toBe(1);
  expect(result.failures).toEqual([
    'FAIL  sign-in: e-mail link sign-in is off: no applicant can confirm an application (npm run setup -- --project <id>)',
  ]);

  expect(restored.changed).toEqual(['E-mail link (passwordless) sign-in turned on']);
});

test("the site's host not authorised: one failure line, exit 1; the setup adds it back", async () => {
  let result: Awaited<ReturnType<typeof smoke>>;
  let restored: Awaited<ReturnType<typeof setup>>;
  try {
    await api.call('PATCH', `${configUrl}?updateMask=authorizedDomains`, {
      authorizedDomains: ['localhost'],
    });
    result = await smoke();
  } finally {
    restored = await setup();
  }
  expect(result.status).toBe(1);
  expect(result.failures).toEqual([
    `FAIL  sign-in: ${host} is not an authorised domain: every e-mailed sign-in link is refused (npm run setup -- --project <id> --site-url ${stack.site})`,
  ]);

  expect(restored.changed).toEqual([`Authorised domains: ${host} added`]);
});

test.each([
  [
    'client.permissions.disabledUserSignup',
    { client: { permissions: { disabledUserSignup: false } } },
    "sign-up from the browser is on: anyone can make an account on any address, an applicant's included (npm run setup -- --project <id>)",
    'Sign-up from the browser turned off',
  ],
  [
    'client.permissions.disabledUserDeletion',
    { client: { permissions: { disabledUserDeletion: false } } },
    "account deletion from the browser is on: a coordinator's password alone can delete their account through Firebase's public API (npm run setup -- --project <id>)",
    'Account deletion from the browser turned off',
  ],
  [
    'emailPrivacyConfig.enableImprovedEmailPrivacy',
    { emailPrivacyConfig: { enableImprovedEmailPrivacy: false } },
    "e-mail enumeration protection is off: Firebase's own endpoints tell which addresses have accounts (npm run setup -- --project <id>)",
    'E-mail enumeration protection turned on',
  ],
  [
    'passwordPolicyConfig',
    {
      passwordPolicyConfig: {
        passwordPolicyEnforcementState: 'ENFORCE',
        passwordPolicyVersions: [{ customStrengthOptions: { minPasswordLength: 6 } }],
      },
    },
    'no enforced password policy of at least 12 characters (npm run setup -- --project <id>)',
    'Password policy: at least 12 characters, enforced',
  ],
])(
  '%s undone: one failure line, exit 1; the setup makes it again',
  async (mask, body, line, fixed) => {
    let result: Awaited<ReturnType<typeof smoke>>;
    let restored: Awaited<ReturnType<typeof setup>>;
    try {
      await api.call('PATCH', `${configUrl}?updateMask=${mask}`, body);
      result = await smoke();
    } finally {
      restored = await setup();
    }
    expect(result.status).toBe(1);
    expect(result.failures).toEqual([`FAIL  auth: ${line}`]);
    expect(restored.changed).toEqual([fixed]);
  },
);

test('no cohort: one failure line, exit 1', async () => {
  const cohorts = getFirestore(app).collection(COHORTS_COLLECTION);
  const saved = (await cohorts.get()).docs.map((d) => ({ ref: d.ref, data: d.data() }));
  expect(saved.length).toBeGreaterThan(0);
  await Promise.all(saved.map((d) => d.ref.delete()));
  try {
    const result = await smoke();
    expect(result.status).toBe(1);
    expect(result.failures).toEqual([
      'FAIL  cohort: no cohort takes applications or is announced: every application answers "Applications are closed" (npm run setup -- --project <id> --cohort ..., or /admin/cohorts)',
    ]);
  } finally {
    await Promise.all(saved.map((d) => d.ref.set(d.data)));
  }
  const after = await setup();
  expect(after.changed).toEqual([]);
  expect((await smoke()).failures).toEqual([]);
});
