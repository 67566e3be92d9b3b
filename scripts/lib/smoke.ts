/**
 * `npm run smoke -- --site https://…` (scripts/smoke.ts): after a deploy, from any machine, is the
 * site what a first applicant needs? Each check is one line; every failure is one line saying
 * what is wrong and what to run. The same checks run against the production rehearsal's stack in
 * `npm test` (tests/rehearsal/smoke.test.ts), which also shows each day-one failure caught.
 *
 *   pages       the public pages, the wizards and the sign-in pages answer 200 HTML; an unknown
 *               page answers 404
 *   headers     firebase.json's security headers verbatim; HTML `no-cache`, assets immutable
 *   api         /api/health answers ok and `no-store`; an unknown route answers the error shape
 *               `{ error: { code, message } }`
 *   cohort      /api/cohorts/current names a cohort taking applications or the next one
 *   sign-in     the project's Auth config (Identity Toolkit admin API v2) has e-mail link sign-in
 *               on and the site's host authorised, and the Admin SDK makes a sign-in link for a
 *               test address with the site's sign-in page as continue URL (what the function
 *               does for every applicant; no mail is sent)
 *   schedule    the scheduled function `daily` is deployed (Cloud Functions API) with its
 *               schedule, or loaded with one by the Functions emulator
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICANT_PAGES } from '@mentorship/domain';
import type { GoogleApi } from './google-api';
import { ROOT } from './paths';

interface SmokeOptions {
  site: string;
  projectId: string;
  /** The Identity Toolkit admin API (the real one or the Auth emulator's). */
  api: GoogleApi;
  /** The Admin SDK's generateSignInWithEmailLink for the project. */
  signInLink(email: string, continueUrl: string): Promise<string>;
  /** Undefined when the scheduled function is there, else what is wrong. */
  scheduledFunction(): Promise<string | undefined>;
}

interface SmokeResult {
  passed: string[];
  failures: string[];
}

const SMOKE_PAGES = [
  '/',
  '/students',
  '/mentors',
  '/register-student',
  '/register-mentor',
  APPLICANT_PAGES.signIn,
  '/admin/login',
] as const;
const SMOKE_TEST_ADDRESS = 'smoke-test@example.com';
const SCHEDULED_FUNCTION = 'daily';

interface HostingHeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

/** firebase.json's headers for every path (`source: "**"`), as a deploy serves them. */
function expectedSecurityHeaders(): { key: string; value: string }[] {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: HostingHeaderRule[] };
  };
  return config.hosting.headers.filter((r) => r.source === '**').flatMap((r) => r.headers);
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const site = options.site.replace(/\/+$/, '');
  const result: SmokeResult = { passed: [], failures: [] };
  const check = async (name: string, run: () => Promise<string[] | string | undefined>) => {
    try {
      const problems = await run();
      const list = problems === undefined ? [] : Array.isArray(problems) ? problems : [problems];
      if (list.length === 0) result.passed.push(name);
      for (const p of list) result.failures.push(`${name}: ${p}`);
    } catch (error) {
      result.failures.push(`${name}: ${(error as Error).message}`);
    }
  };
  const get = (path: string) =>
    fetch(`${site}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });

  let home = '';
  await check('pages', async () => {
    const problems: string[] = [];
    for (const path of SMOKE_PAGES) {
      const res = await get(path);
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      if (path === '/') home = body;
      if (res.status !== 200 || !type.includes('text/html')) {
        problems.push(`${path} answered ${res.status} ${type}`);
      }
    }
    const missing = await get('/smoke-test-no-such-page');
    await missing.text();
    if (missing.status !== 404)
      problems.push(`an unknown page answered ${missing.status}, not 404`);
    return problems;
  });

  await check('headers', async () => {
    const problems: string[] = [];
    const res = await get('/');
    await res.text();
    for (const { key, value } of expectedSecurityHeaders()) {
      const got = res.headers.get(key);
      if (got !== value)
        problems.push(`${key} is ${got === null ? 'missing' : `"${got}"`}, not firebase.json's`);
    }
    const htmlCache = res.headers.get('cache-control') ?? '';
    if (!/\bno-cache\b/.test(htmlCache))
      problems.push(`HTML Cache-Control is "${htmlCache}", not no-cache`);
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    if (!asset) problems.push('the home page names no /assets/ script');
    else {
      const a = await get(asset);
      await a.arrayBuffer();
      const cache = a.headers.get('cache-control') ?? '';
      if (a.status !== 200 || !cache.includes('immutable')) {
        problems.push(`${asset} answered ${a.status} with Cache-Control "${cache}", not immutable`);
      }
    }
    return problems;
  });

  await check('api', async () => {
    const problems: string[] = [];
    const health = await get('/api/health');
    const body = (await health.json().catch(() => undefined)) as { ok?: unknown } | undefined;
    if (health.status !== 200 || body?.ok !== true) {
      problems.push(`/api/health answered ${health.status} ${JSON.stringify(body)}`);
    }
    if (!(health.headers.get('cache-control') ?? '').includes('no-store')) {
      problems.push('/api/health is not no-store');
    }
    const unknown = await get('/api/smoke-test-no-such-route');
    const error = (await unknown.json().catch(() => undefined)) as
      { error?: { code?: unknown; message?: unknown } } | undefined;
    if (
      unknown.status !== 404 ||
      error?.error?.code !== 'not-found' ||
      typeof error.error.message !== 'string'
    ) {
      problems.push(
        `an unknown API route answered ${unknown.status} ${JSON.stringify(error)}, not the error shape`,
      );
    }
    return problems;
  });

  await check('cohort', async () => {
    const res = await get('/api/cohorts/current');
    const body = (await res.json().catch(() => undefined)) as
      { open?: { name: string } | null; next?: { name: string } | null } | undefined;
    if (res.status !== 200) return `/api/cohorts/current answered ${res.status}`;
    if (!body?.open && !body?.next) {
      return 'no cohort takes applications or is announced: every application answers "Applications are closed" (npm run setup -- --project <id> --cohort ..., or /admin/cohorts)';
    }
    return undefined;
  });

  await check('sign-in', async () => {
    const problems: string[] = [];
    const host = new URL(site).hostname;
    const config = await options.api.call<{
      signIn?: { email?: { enabled?: boolean; passwordRequired?: boolean } };
      authorizedDomains?: string[];
    }>('GET', `${options.api.bases.identitytoolkit}/v2/projects/${options.projectId}/config`);
    const email = config.signIn?.email;
    if (email?.enabled !== true || email.passwordRequired !== false) {
      problems.push(
        'e-mail link sign-in is off: no applicant can confirm an application (npm run setup -- --project <id>)',
      );
    }
    if (!(config.authorizedDomains ?? []).includes(host)) {
      problems.push(
        `${host} is not an authorised domain: every e-mailed sign-in link is refused (npm run setup -- --project <id> --site-url ${site})`,
      );
    }
    const continueUrl = `${site}${APPLICANT_PAGES.signIn}`;
    try {
      const link = new URL(await options.signInLink(SMOKE_TEST_ADDRESS, continueUrl));
      if (!link.searchParams.get('oobCode') || link.searchParams.get('mode') !== 'signIn') {
        problems.push(
          `the sign-in link has no oobCode/mode=signIn: ${link.origin}${link.pathname}`,
        );
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      problems.push(`the Admin SDK made no sign-in link (${code || (error as Error).message})`);
    }
    return problems;
  });

  await check('schedule', () => options.scheduledFunction());
  return result;
}

/** The Functions emulator's list of loaded functions: `daily` with its schedule. */
export async function emulatorScheduledFunction(
  functionsOrigin: string,
): Promise<string | undefined> {
  const res = await fetch(`${functionsOrigin}/backends`, { signal: AbortSignal.timeout(10_000) });
  const { backends } = (await res.json()) as {
    backends: { functionTriggers: { entryPoint?: string; name?: string; schedule?: unknown }[] }[];
  };
  const fn = backends
    .flatMap((b) => b.functionTriggers)
    .find((t) => t.entryPoint === SCHEDULED_FUNCTION || t.name === SCHEDULED_FUNCTION);
  if (!fn) return `the function ${SCHEDULED_FUNCTION} is not loaded`;
  if (!fn.schedule) return `the function ${SCHEDULED_FUNCTION} has no schedule`;
  return undefined;
}

/** A deployed project: Cloud Functions API v2, the function `daily` active on a schedule. */
export async function deployedScheduledFunction(
  api: GoogleApi,
  projectId: string,
  region = 'us-central1',
): Promise<string | undefined> {
  const base = api.bases.functions;
  if (!base) return 'no Cloud Functions API to ask';
  const fn = await api
    .call<{ state?: string; labels?: Record<string, string> }>(
      'GET',
      `${base}/v2/projects/${projectId}/locations/${region}/functions/${SCHEDULED_FUNCTION}`,
    )
    .catch((error: { status?: number }) => {
      if (error.status === 404) return undefined;
      throw error;
    });
  if (!fn) return `the function ${SCHEDULED_FUNCTION} is not deployed in ${region}`;
  if (fn.state !== 'ACTIVE') return `the function ${SCHEDULED_FUNCTION} is ${fn.state}`;
  if (fn.labels?.['deployment-scheduled'] !== 'true') {
    return `the function ${SCHEDULED_FUNCTION} is not deployed as a scheduled function`;
  }
  return undefined;
}
