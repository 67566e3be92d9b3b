/**
 * The production rehearsal: what a real project serves, in a browser. The production build
 * (a test project's web config), firebase.json's hosting headers, rewrites and 404 page verbatim
 * on the Hosting emulator; the Firebase SDK talks to https://firestore.googleapis.com,
 * identitytoolkit.googleapis.com and securetoken.googleapis.com, which Chromium resolves to a
 * local TLS proxy in front of the emulators. Nothing here knows it is not production, so what
 * fails here fails after a deploy: a CSP that blocks Firestore (an empty dashboard), an old
 * asset answered with HTML, a custom domain refused, HTML cached. Expectations are soft, so one
 * run reports every way it breaks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '../fixtures';
import {
  apiPaths,
  cohortPaths,
  NOT_FOUND_TEXT,
  PUBLIC_COHORTS_CACHE_CONTROL,
} from '@mentorship/domain';
import { studentApplication } from '../../tests/factories';
import {
  coordinatorWithCode,
  createPasskey,
  enrolmentCodeFor,
  localUrl,
  submitPassword,
  virtualAuthenticator,
} from '../passkeys';
import { confirmApplicant } from '../../tests/support/api';
import { requiredEnv, unique } from '../support';

const ROOT = process.cwd();
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  functions: { configDir: string }[];
};
const POLICY = firebaseJson.hosting.headers
  .flatMap((rule) => rule.headers)
  .find((h) => h.key === 'Content-Security-Policy')!.value;
/** The hosts the policy lets a page connect to, besides the site itself. */
const CONNECT_HOSTS = (/connect-src ([^;]*)/.exec(POLICY)?.[1] ?? '')
  .split(' ')
  .filter((source) => source.startsWith('https://'))
  .map((source) => new URL(source).host);
/** The first custom domain of the tracked function config (functions/config/.env). */
const CUSTOM_ORIGIN = (
  /^API_ALLOWED_ORIGINS=([^,\n]+)/m.exec(
    readFileSync(join(ROOT, firebaseJson.functions[0]!.configDir, '.env'), 'utf8'),
  )?.[1] ?? ''
).trim();

const COORDINATOR = {
  email: `rehearsal-${unique()}@e2e.example.org`,
  password: 'rehearsal-pass-2024',
};

/**
 * CSP violations (the page's own event and the console) and requests outside the policy, for a
 * page of `siteUrl` (the stack's site unless told).
 */
function watch(page: Page, siteUrl = requiredEnv('E2E_BASE_URL')) {
  const violations: string[] = [];
  const outside: string[] = [];
  const hosts = new Set<string>();
  const site = new URL(siteUrl).host;
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/^https?:$/.test(url.protocol)) return;
    hosts.add(url.host);
    if (url.host !== site && !CONNECT_HOSTS.includes(url.host)) outside.push(request.url());
  });
  return {
    hosts,
    outside,
    async violations() {
      const reported = await page.evaluate(
        () => (window as unknown as { __csp?: string[] }).__csp ?? [],
      );
      return [...violations, ...reported];
    },
  };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

test('pages are HTML served no-cache; an old asset and an unknown page answer 404; the API says its own caching', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/about', '/register-student', '/admin/login']) {
    const res = await request.get(path);
    expect.soft(res.status(), path).toBe(200);
    expect.soft(res.headers()['content-type'], path).toContain('text/html');
    expect.soft(res.headers()['cache-control'], path).toBe('no-cache');
    expect.soft(res.headers()['content-security-policy'], path).toBe(POLICY);
  }
  // firebase.json sets no Cache-Control on /api/** (a Hosting rule would replace the function's):
  // the public cohort dates are the CDN's for a few minutes, admin answers never.
  const current = await request.get(cohortPaths.current);
  expect.soft(current.status()).toBe(200);
  expect.soft(current.headers()['cache-control']).toBe(PUBLIC_COHORTS_CACHE_CONTROL);
  const admin = await request.get(cohortPaths.list);
  expect.soft(admin.status()).toBe(401);
  expect.soft(admin.headers()['cache-control']).toBe('no-store');

  const home = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
  expect(script, 'the home page loads a script from /assets/').toBeDefined();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect.soft(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // A tab opened before a deploy asks for a script that is gone: 404 (the browser reports a
  // failed load), never the app's HTML with 200. The 404 keeps /assets/'s immutable header,
  // which is harmless: a hashed name that is gone never comes back.
  const stale = await request.get('/assets/index-0ldHash1.js');
  expect.soft(stale.status()).toBe(404);
  expect.soft(await stale.text()).not.toContain('id="root"></div>');

  const unknown = await page.goto('/no-such-page');
  expect.soft(unknown?.status()).toBe(404);
  await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TEXT.heading);
  expect.soft((await request.get('/no/such/deep/page')).status()).toBe(404);
});

test('a coordinator signs in, the live lists fill, and an application made meanwhile appears', async ({
  page,
  request,
}) => {
  // A coordinator is the claim, the server-kept coordinators document and an enrolment code for
  // their first passkey (docs/operations.md, "Coordinators' accounts"): what admin:grant writes
  // on a real project.
  await coordinatorWithCode(COORDINATOR.email, COORDINATOR.password);

  const before = studentApplication(`before${unique()}`);
  const created = await request.post(apiPaths.studentApplication, { data: before });
  expect(created.status(), await created.text()).toBe(201);
  // An application reaches the coordinators once its address is confirmed (the e-mailed link).
  await confirmApplicant(before.emailAddress);

  // The sign-in a coordinator makes on production: the password, then the passkey step, where a
  // coordinator without a passkey yet creates one with their code (Chromium's virtual authenticator stands in for
  // the device). Browsers refuse WebAuthn on an IP address, so the page is the same hosting
  // emulator on its localhost name, as in the browser tests (e2e/passkeys.ts).
  const authenticator = await virtualAuthenticator(page);
  const seen = watch(page, localUrl('/'));
  await page.goto(localUrl('/admin/login'));
  await submitPassword(page, COORDINATOR);
  await createPasskey(page, enrolmentCodeFor(COORDINATOR.email));
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect.soft(await authenticator.credentials()).toHaveLength(1);
  await expect.soft(page.getByRole('row', { name: new RegExp(before.fullName) })).toBeVisible();
  await expect.soft(page.getByText('Cannot reach the database')).toHaveCount(0);

  // Sent from the custom domain (a page there posts with its Origin): accepted, and it appears.
  expect(CUSTOM_ORIGIN).toMatch(/^https:\/\//);
  const meanwhile = studentApplication(`meanwhile${unique()}`);
  const fromDomain = await request.post(apiPaths.studentApplication, {
    data: meanwhile,
    headers: { Origin: CUSTOM_ORIGIN },
  });
  expect(fromDomain.status(), await fromDomain.text()).toBe(201);
  await confirmApplicant(meanwhile.emailAddress);
  await expect.soft(page.getByRole('row', { name: new RegExp(meanwhile.fullName) })).toBeVisible();

  // Another site's page is still refused.
  const elsewhere = await request.post(apiPaths.studentApplication, {
    data: studentApplication(`elsewhere${unique()}`),
    headers: { Origin: 'https://elsewhere.example.com' },
  });
  expect(elsewhere.status()).toBe(403);

  // The production SDK paths ran (not the emulator connections), within the policy.
  expect
    .soft([...seen.hosts])
    .toEqual(
      expect.arrayContaining(['firestore.googleapis.com', 'identitytoolkit.googleapis.com']),
    );
  expect.soft(await seen.violations()).toEqual([]);
  expect.soft(seen.outside).toEqual([]);
});
