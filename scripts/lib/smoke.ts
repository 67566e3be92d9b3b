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
 *   auth        the same config: sign-up from the browser off, e-mail enumeration protection on,
 *               an enforced password policy of at least PASSWORD_MIN_LENGTH characters (an
 *               absent boolean is false, as the API leaves falses out)
 *   schedule    each scheduled function (`daily`, `sweepMail`) has its Cloud Scheduler job and
 *               the job is ENABLED (Cloud Scheduler API: what actually fires it), or is loaded
 *               with a schedule by the Functions emulator
 *   backups     the Firestore daily and weekly backup schedules exist, the weekly one kept 14
 *               weeks (Firestore admin API; not applicable on the emulators)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MY_APPLICATION_PAGES, apiPaths, cohortPaths } from '@mentorship/domain';
import type { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api';
import { ROOT } from './paths';
import {
  AUTH_PASSWORD_MIN_LENGTH,
  authSettings,
  type AuthConfig,
  type BackupSchedule,
} from './setup';

interface SmokeOptions {
  site: string;
  projectId: string;
  /** The Identity Toolkit admin API (the real one or the Auth emulator's). */
  api: GoogleApi;
  /** A sign-in link as the function makes one (`signInLinkForCheck` with the Admin SDK). */
  signInLink(email: string, continueUrl: string): Promise<string>;
  /** What is wrong with the scheduled functions (empty: nothing). */
  scheduledFunction(): Promise<string[] | string | undefined>;
  /** What is wrong with the backup schedules; undefined: not applicable (the emulators). */
  backups?(): Promise<string[]>;
}

interface SmokeResult {
  passed: string[];
  failures: string[];
  /** Checks that do not apply where the smoke runs. */
  skipped: string[];
}

const SMOKE_PAGES = [
  '/',
  '/students',
  '/mentors',
  '/register-student',
  '/register-mentor',
  MY_APPLICATION_PAGES.signIn,
  '/admin/login',
] as const;
const SMOKE_TEST_ADDRESS = 'smoke-test@example.com';

/** What the sign-in check uses of the Admin SDK's Auth. */
export interface SmokeAuth {
  getUserByEmail(email: string): Promise<{ uid: string }>;
  createUser(properties: { email: string }): Promise<{ uid: string }>;
  deleteUser(uid: string): Promise<void>;
  generateSignInWithEmailLink(
    email: string,
    settings: { url: string; handleCodeInApp: boolean },
  ): Promise<string>;
}

/**
 * A sign-in link made the way the function makes an applicant's: the account first (sign-up is
 * off on the project, so Auth makes none for a link), then the link. An account the check made is
 * deleted again, so the smoke test leaves nothing behind.
 */
export async function signInLinkForCheck(
  auth: SmokeAuth,
  email: string,
  continueUrl: string,
): Promise<string> {
  const made = await auth.getUserByEmail(email).then(
    () => undefined,
    (error: { code?: string }) => {
      if (error.code !== 'auth/user-not-found') throw error;
      return auth.createUser({ email });
    },
  );
  try {
    return await auth.generateSignInWithEmailLink(email, {
      url: continueUrl,
      handleCodeInApp: true,
    });
  } finally {
    if (made) await auth.deleteUser(made.uid);
  }
}
/** The scheduled functions (functions/src/index.ts), each fired by a Cloud Scheduler job. */
export const SCHEDULED_FUNCTIONS = ['daily', 'sweepMail'] as const;
const SETUP = 'npm run setup -- --project <id>';

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
  const result: SmokeResult = { passed: [], failures: [], skipped: [] };
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
  let config: AuthConfig | undefined;
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
    const health = await get(apiPaths.health);
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
    const res = await get(cohortPaths.current);
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
    config = await options.api.call<AuthConfig>(
      'GET',
      `${options.api.bases.identitytoolkit}/v2/projects/${options.projectId}/config`,
    );
    if (!authSettings(config).emailLink) {
      problems.push(
        'e-mail link sign-in is off: no applicant can confirm an application (npm run setup -- --project <id>)',
      );
    }
    if (!(config.authorizedDomains ?? []).includes(host)) {
      problems.push(
        `${host} is not an authorised domain: every e-mailed sign-in link is refused (npm run setup -- --project <id> --site-url ${site})`,
      );
    }
    const continueUrl = `${site}${MY_APPLICATION_PAGES.signIn}`;
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

  await check('auth', async () => (config ? authProblems(config) : 'no Auth config was read'));
  await check('schedule', () => options.scheduledFunction());
  if (options.backups) {
    const backups = options.backups;
    await check('backups', () => backups());
  } else result.skipped.push('backups (the emulators keep none)');
  return result;
}

/**
 * The smoke test's last line. "Ready for its first applicant" only when the e-mail path was tried
 * too: every applicant's first step is an e-mail, and without --mail-to nothing has shown that
 * one arrives.
 */
export function smokeVerdict(
  result: Pick<SmokeResult, 'failures'>,
  site: string,
  projectId: string,
  mailTried: boolean,
): string {
  if (result.failures.length) return `smoke: ${result.failures.length} failure(s) on ${site}`;
  if (!mailTried) {
    return `smoke: every check passed on ${site} (${projectId}), but no e-mail was tried (the outbox, deliverMail, the SMTP_URL secret, a sign-in link arriving): before the first applicant run npm run smoke -- --site ${site} --project ${projectId} --mail-to <your address>`;
  }
  return `smoke: ${site} (${projectId}) is ready for its first applicant`;
}

/** What the Auth config lacks of the hardening the setup makes, one line each. */
export function authProblems(config: AuthConfig): string[] {
  const settings = authSettings(config);
  const problems: string[] = [];
  if (!settings.signupDisabled) {
    problems.push(
      `sign-up from the browser is on: anyone can make an account on any address, an applicant's included (${SETUP})`,
    );
  }
  if (!settings.deletionDisabled) {
    problems.push(
      `account deletion from the browser is on: a coordinator's password alone can delete their account through Firebase's public API (${SETUP})`,
    );
  }
  if (!settings.enumerationProtection) {
    problems.push(
      `e-mail enumeration protection is off: Firebase's own endpoints tell which addresses have accounts (${SETUP})`,
    );
  }
  if (!settings.passwordPolicy) {
    problems.push(
      `no enforced password policy of at least ${AUTH_PASSWORD_MIN_LENGTH} characters (${SETUP})`,
    );
  }
  return problems;
}

/** The Functions emulator's list of loaded functions: each scheduled one with its schedule. */
export async function emulatorScheduledFunction(functionsOrigin: string): Promise<string[]> {
  const res = await fetch(`${functionsOrigin}/backends`, { signal: AbortSignal.timeout(10_000) });
  const { backends } = (await res.json()) as {
    backends: { functionTriggers: { entryPoint?: string; name?: string; schedule?: unknown }[] }[];
  };
  const triggers = backends.flatMap((b) => b.functionTriggers);
  const problems: string[] = [];
  for (const name of SCHEDULED_FUNCTIONS) {
    const fn = triggers.find((t) => t.entryPoint === name || t.name === name);
    if (!fn) problems.push(`the function ${name} is not loaded`);
    else if (!fn.schedule) problems.push(`the function ${name} has no schedule`);
  }
  return problems;
}

/**
 * A deployed project: the Cloud Scheduler job of each scheduled function (firebase-tools names
 * it `firebase-schedule-<function>-<region>`) exists and is ENABLED. A function deployed without
 * its job, or a paused job, never runs: only the job says whether it fires.
 */
export async function deployedScheduledFunction(
  api: GoogleApi,
  projectId: string,
  region = 'us-central1',
): Promise<string[]> {
  const base = api.bases.cloudscheduler;
  if (!base) return ['no Cloud Scheduler API to ask'];
  const problems: string[] = [];
  for (const name of SCHEDULED_FUNCTIONS) {
    const id = `firebase-schedule-${name}-${region}`;
    const job = await api
      .call<{ state?: string; schedule?: string }>(
        'GET',
        `${base}/v1/projects/${projectId}/locations/${region}/jobs/${id}`,
      )
      .catch((error: unknown) => {
        if (error instanceof GoogleApiError && error.status === 404) return undefined;
        throw error;
      });
    if (!job) problems.push(`no Cloud Scheduler job ${id}: ${name} never runs (npm run deploy)`);
    else if (job.state !== 'ENABLED') {
      problems.push(
        `the Cloud Scheduler job ${id} is ${job.state ?? 'in no state'}, not ENABLED: ${name} does not run`,
      );
    }
  }
  return problems;
}

/** A deployed project's Firestore backup schedules: a daily one, and a weekly one kept 14 weeks. */
export async function deployedBackups(api: GoogleApi, projectId: string): Promise<string[]> {
  const fs = api.bases.firestore;
  if (!fs) return ['no Firestore admin API to ask'];
  const { backupSchedules = [] } = await api.call<{ backupSchedules?: BackupSchedule[] }>(
    'GET',
    `${fs}/v1/projects/${projectId}/databases/(default)/backupSchedules`,
  );
  const problems: string[] = [];
  if (!backupSchedules.some((s) => s.dailyRecurrence)) {
    problems.push(`no daily Firestore backup (${SETUP})`);
  }
  const weeks = (s: BackupSchedule) => Number.parseInt(s.retention ?? '0', 10) / (7 * 24 * 3600);
  if (!backupSchedules.some((s) => s.weeklyRecurrence && weeks(s) >= 14)) {
    problems.push(`no weekly Firestore backup kept 14 weeks (${SETUP})`);
  }
  return problems;
}
