import { expect, test, type Browser, type Page } from './fixtures';
import type { BrowserContextOptions } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { customTokenSignIn, ensureCoordinatorDoc, signInWithPassword } from '../scripts/lib/admin';
import { ensureFoundingCohort } from '../scripts/lib/founding-cohort';
import { uniqueTag } from '../tests/factories';
import { tsImport } from 'tsx/esm/api';
import { SESSION_LIMITS } from '@mentorship/domain';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's WCAG violations on the page as it stands, one line each. The engine is put into the
 * document once and stays on `window` until the next full load, so a second reading (another
 * width, a dialog opened) only runs the rules, and only violations come back: measured on the
 * public pages, @axe-core/playwright took about 1.1 s a reading (it injects the engine again
 * each time and finishes every run in a blank page of its own, for cross-origin frames the site
 * has none of), this about 0.25 s for the first and 0.06 s for each later one.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (values) => {
    const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(
      document,
      { runOnly: { type: 'tag', values }, resultTypes: ['violations'] },
    );
    return violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
  }, WCAG_TAGS);
}

/**
 * Runs axe with the WCAG 2.1 AA tags on the page at rest, failing with a readable list of
 * violations: the pointer is parked (hover shades are not what is checked) and every enter/exit
 * animation (tabs, dialogs, toasts) has finished. Content that arrives while axe reads the page
 * (a list answered late) fades in mid-analysis and would be judged on a colour it only passes
 * through: when an animation or transition started during the analysis, the page is settled and
 * read again (at most three times; the last reading counts whatever it finds).
 */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  let summary: string[] = [];
  for (let reading = 1; reading <= 3; reading++) {
    await page.mouse.move(0, 0);
    await settled(page);
    await page.evaluate(() => {
      const w = window as unknown as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      for (const type of ['animationstart', 'transitionstart'])
        document.addEventListener(type, saw, { capture: true, once: true });
    });
    summary = await axeViolations(page);
    const moved = await page.evaluate(
      () => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true,
    );
    if (!moved || summary.length === 0) break;
  }
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/**
 * axe at the two widths every new screen is checked at, 375 and 1280 px (900 px high), leaving
 * the page at 1280 px. With `screenshots`, each width is also saved to the test's output folder
 * for a person to look at, when the run asks for them (E2E_SCREENSHOTS=1, `npm test --
 * --screenshots`): they are for a person's eyes, and a run nobody looks at spends no time on them.
 */
export async function axeAtBothWidths(
  page: Page,
  what: string,
  { screenshots = false }: { screenshots?: boolean } = {},
): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
    if (screenshots && process.env.E2E_SCREENSHOTS === '1') {
      await page.screenshot({
        path: test.info().outputPath(`${what.replace(/\W+/g, '-')}-${width}.png`),
        fullPage: true,
      });
    }
  }
}

/** Waits until every finite animation (toasts, dialogs, tabs entering) has finished. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** An environment variable the runner (scripts/test.ts) sets for browser tests. */
export const requiredEnv = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through \`npm test\` (scripts/test.ts).`);
  return value;
};

/** Signs a user in through the test stack's Auth emulator and returns an ID token. */
export const emulatorIdToken = (email: string, password: string): Promise<string> =>
  signInWithPassword(requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'), email, password);

/** A JSON client for the test stack's API that sends the bearer token `token()` gives. */
const apiClient =
  (token: () => string) =>
  async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${requiredEnv('E2E_BASE_URL')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };

/**
 * The shared coordinator (SHARED_ADMIN) at the API, for a spec file's setup: registers a
 * `beforeAll` that signs them in through the Auth emulator (call it at the top of the file, after
 * `test.beforeAll(resetFirestore)` and before the setup that uses it), and gives the JSON client
 * that sends their ID token, and the token itself for a call that checks a status.
 */
export function coordinatorApi() {
  let token = '';
  test.beforeAll(async () => {
    token = await sharedCoordinatorToken();
  });
  return { api: apiClient(() => token), token: () => token };
}

/**
 * An ID token of the shared coordinator's confirmed session (the one the setup project saved in
 * ADMIN_STATE, confirmed with its passkey): refreshed from its refresh token, so it carries that
 * session's id. A new password sign-in would not be confirmed.
 */
export async function sharedCoordinatorToken(): Promise<string> {
  const state = readFileSync(ADMIN_STATE, 'utf8');
  // Playwright keeps IndexedDB values either as JSON or encoded ({"k":"refreshToken","v":...}).
  const refreshToken = /"(?:k":"refreshToken","v|refreshToken)":"([^"]+)"/.exec(state)?.[1];
  if (!refreshToken) throw new Error(`No session in ${ADMIN_STATE}: did the setup project run?`);
  const res = await fetch(
    `http://${requiredEnv('FIREBASE_AUTH_EMULATOR_HOST')}/securetoken.googleapis.com/v1/token?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    },
  );
  const body = (await res.json()) as { id_token?: string };
  if (!res.ok || !body.id_token)
    throw new Error(`Refreshing the shared session answered ${res.status}`);
  return body.id_token;
}

/**
 * A browser state holding a session of the shared coordinator of its own: the saved state with
 * its tokens swapped for those of a new confirmed session (a record as the passkey's answer opens
 * one, and the sign-in with its one-time token). For a spec that signs out, or lets a session
 * run out: ending the saved session itself would end it for every spec after.
 */
export async function ownSessionState(): Promise<
  Exclude<BrowserContextOptions['storageState'], string | undefined>
> {
  const state = readFileSync(ADMIN_STATE, 'utf8');
  const saved = (name: string) =>
    new RegExp(`"(?:k":"${name}","v|${name})":"([^"]+)"`).exec(state)?.[1];
  const [refreshToken, accessToken] = [saved('refreshToken'), saved('accessToken')];
  if (!refreshToken || !accessToken)
    throw new Error(`No session in ${ADMIN_STATE}: did the setup project run?`);
  const { uid } = await adminAuth().getUserByEmail(SHARED_ADMIN.email);
  const sid = randomBytes(32).toString('base64url');
  const now = Date.now();
  await adminFirestore()
    .collection('coordinatorSessions')
    .doc(sid)
    .set({
      uid,
      openedAt: new Date(now),
      lastActiveAt: new Date(now),
      expiresAt: new Date(now + SESSION_LIMITS.idleMs),
    });
  const own = await customTokenSignIn(
    requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
    await adminAuth().createCustomToken(uid, { sid }),
  );
  return JSON.parse(
    state.replaceAll(refreshToken, own.refreshToken).replaceAll(accessToken, own.idToken),
  ) as Exclude<BrowserContextOptions['storageState'], string | undefined>;
}

/** Unique suffix so tests never collide on e-mail addresses (the factories' `uniqueTag`). */
export { uniqueTag as unique } from '../tests/factories';

/**
 * The start of a spec file that sets up its own records through the API on an empty database:
 * registers `resetFirestore` and then the shared coordinator's sign-in (`coordinatorApi`) as
 * `beforeAll`s, and gives this run's unique tag for names and addresses with the API client.
 */
export function onEmptyDatabase() {
  test.beforeAll(resetFirestore);
  return { run: uniqueTag(), ...coordinatorApi() };
}

/**
 * Deletes every Firestore document of the test stack (FIRESTORE_RESET_URL, set by the runner),
 * so a spec file starts from an empty database whatever ran before it. Auth users are kept, and
 * so is the shared coordinator: their coordinators document and their passkey's record are
 * written again.
 */
export async function resetFirestore(): Promise<void> {
  const url = process.env.FIRESTORE_RESET_URL;
  if (!url)
    throw new Error('FIRESTORE_RESET_URL is not set: run browser tests through `npm test`.');
  const shared = await adminAuth()
    .getUserByEmail(SHARED_ADMIN.email)
    .catch(() => undefined);
  // The shared coordinator's passkey and confirmed session are kept across the reset (as their
  // coordinators document is): every admin spec opens that session.
  const secrets = shared
    ? (await adminFirestore().collection('coordinatorSecrets').doc(shared.uid).get()).data()
    : undefined;
  const sessions = shared
    ? (
        await adminFirestore()
          .collection('coordinatorSessions')
          .where('uid', '==', shared.uid)
          .get()
      ).docs
    : [];
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Resetting Firestore answered ${res.status}`);
  if (shared) await ensureCoordinatorDoc(shared.uid, SHARED_ADMIN.email);
  if (shared && secrets) {
    await adminFirestore().collection('coordinatorSecrets').doc(shared.uid).set(secrets);
  }
  // A spec file starting is the shared coordinator at work: their session is not idle.
  const now = Date.now();
  for (const session of sessions) {
    await session.ref.set({
      ...session.data(),
      lastActiveAt: new Date(now),
      expiresAt: new Date(now + SESSION_LIMITS.idleMs),
    });
  }
  // The founding cohort takes applications (scripts/lib/founding-cohort.ts).
  await ensureFoundingCohort(
    getFirestore(getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') })),
  );
}

/** The Admin SDK's Firestore on the test stack's emulator. */
export const adminFirestore = () =>
  getFirestore(getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') }));

/** The Admin SDK's Auth on the test stack's emulator. */
export const adminAuth = () =>
  getAuth(getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') }));

/**
 * The coordinator the admin specs act as. The `setup` project (admin.setup.ts) makes the user,
 * signs in through the login page once and saves the browser's state (Firebase keeps its session
 * in IndexedDB) to ADMIN_STATE; the admin specs start signed in from it.
 */
export const SHARED_ADMIN = {
  email: 'e2e-coordinator@e2e.example.org',
  password: 'coordinator-pass-2024',
};
export const ADMIN_STATE =
  process.env.E2E_ADMIN_STATE ?? join(process.cwd(), '.stack', 'e2e-admin-state.json');

/** Opens the dashboard with the saved session of SHARED_ADMIN (no sign-in form). */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/**
 * The dashboard's Activity tab, opened once the three lists are in: until then the lists' tabs
 * widen as their counts arrive, so a click aimed while they load may land on a neighbour.
 */
export async function showActivity(page: Page): Promise<void> {
  await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
  const tab = page.getByRole('tab', { name: 'Activity' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** A page in a browser of its own, signed in as SHARED_ADMIN (beside a participant's page). */
export const coordinatorPage = async (browser: Browser): Promise<Page> =>
  (await browser.newContext({ storageState: ADMIN_STATE })).newPage();

/**
 * A part of the admin area opened as a coordinator does: from the dashboard, by its link in the
 * Admin navigation, until its heading shows.
 */
export async function openAdminSection(page: Page, link: string, heading: string): Promise<void> {
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * What a person sees after an action, counted in painted frames rather than milliseconds (a
 * busy machine paints fewer frames a second, not more frames before the answer): from the
 * action's click (recorded in the page, in the capture phase, before the app handles it) to the
 * first frame on which a toast titled `title` is on screen, and, if `stale` is given, to the
 * first frame on which no toast titled `stale` is left. Frame 1 is the first painted after the
 * click. The milliseconds are returned too, for the log and the benchmark, never to assert.
 */
export async function framesToToast(
  page: Page,
  act: () => Promise<void>,
  title: string,
  stale?: string,
): Promise<{ shownFrame: number; staleGoneFrame?: number; shownMs: number }> {
  await page.evaluate(
    ({ title, stale }) => {
      const timing: {
        clicked?: number;
        frames: number;
        shown?: number;
        shownMs?: number;
        staleGone?: number;
      } = { frames: 0 };
      (window as unknown as { __toastTiming: typeof timing }).__toastTiming = timing;
      document.addEventListener('click', () => (timing.clicked ??= performance.now()), {
        capture: true,
        once: true,
      });
      const visibleTitles = () =>
        Array.from(document.querySelectorAll('[data-scope="toast"][data-part="root"]'))
          .filter((root) => root.getAttribute('data-state') !== 'closed')
          .map((root) => root.querySelector('[data-part="title"]')?.textContent ?? '');
      const frame = () => {
        if (timing.clicked !== undefined) {
          timing.frames += 1;
          const titles = visibleTitles();
          if (timing.shown === undefined && titles.includes(title)) {
            timing.shown = timing.frames;
            timing.shownMs = performance.now() - timing.clicked;
          }
          if (stale && timing.staleGone === undefined && !titles.includes(stale)) {
            timing.staleGone = timing.frames;
          }
        }
        if (timing.shown === undefined || (stale && timing.staleGone === undefined)) {
          requestAnimationFrame(frame);
        }
      };
      requestAnimationFrame(frame);
    },
    { title, stale },
  );
  await act();
  const handle = await page.waitForFunction((needsStale) => {
    const t = (
      window as unknown as {
        __toastTiming: { shown?: number; staleGone?: number; shownMs?: number };
      }
    ).__toastTiming;
    return t.shown !== undefined && (!needsStale || t.staleGone !== undefined) ? t : undefined;
  }, stale !== undefined);
  const t = (await handle.jsonValue()) as { shown: number; staleGone?: number; shownMs: number };
  return { shownFrame: t.shown, staleGoneFrame: t.staleGone, shownMs: Math.round(t.shownMs) };
}

/**
 * The scheduled function's work, run in the test's process as of a date. Loaded through tsx:
 * the function's code is CommonJS importing the ESM domain package, which Playwright's own loader
 * cannot mix.
 */
export async function runDailyWork(now: Date) {
  const daily = (await tsImport(
    '../functions/src/schedule/daily.ts',
    import.meta.url,
  )) as typeof import('../functions/src/schedule/daily');
  return daily.runDailyWork(now);
}
