import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firebaseToolsEnv, isEventarcFirstDeploy, siteUrlOf } from './deploy-run';
import { ROOT } from './paths';

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
