/**
 * `npm run bench:admin`: the admin dashboard with the large data set, driven in Chromium.
 *
 *   1. builds the function and the web app into .stack/bench-admin, starts a stack on ports + 90,
 *      seeds 5,000 students, 2,000 mentors and 2,000 assignments through the API
 *      (scripts/lib/seed.ts) and makes an administrator;
 *   2. sign-in to usable dashboard: from submitting the login form to the moment the stat cards
 *      show numbers and the first student rows are on screen (measured in the page with
 *      performance.now() and a MutationObserver; median of several fresh sessions);
 *   3. search: from a keystroke in the search box to the frame after the list's last update
 *      (median over the keystrokes).
 *
 * Prints the figures and writes bench-results/admin.json. Targets: dashboard usable within
 * 1,500 ms of sign-in, search update within 50 ms.
 *
 * Options: --skip-build (reuse the build in .stack/bench-admin).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { grantAdmin, signInWithPassword } from '../lib/admin';
import { buildFunctions, buildWeb } from '../lib/build';
import { ROOT } from '../lib/paths';
import { LARGE_SIZE, seed } from '../lib/seed';
import { stackPorts, startStack } from '../lib/stack';

const PORT_OFFSET = 90;
const SIGN_IN_RUNS = 5;
const TARGETS = { signInToDashboardMs: 1500, searchUpdateMs: 50 };
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-2024' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Typed one at a time; each changes what the lists show. */
const KEYS = [
  'm',
  'a',
  'r',
  'Backspace',
  'Backspace',
  'Backspace',
  'l',
  'e',
  'e',
  'Backspace',
  'Backspace',
  'Backspace',
];

const work = join(ROOT, '.stack', 'bench-admin');
const skipBuild = process.argv.includes('--skip-build');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

declare global {
  interface Window {
    __benchReady?: Promise<number>;
    __benchLast?: number;
  }
}

// Page scripts are passed as text: the bundler that runs this file would otherwise wrap named
// functions in a helper that does not exist in the page.
const SIGN_IN_PROBE = `(() => {
  window.__benchReady = new Promise((resolve) => {
    const usable = () =>
      /\\d/.test(document.querySelector('[data-testid="stat-totalStudents"] dd')?.textContent ?? '') &&
      document.querySelector('[data-testid="table-row"]') !== null;
    const observer = new MutationObserver(() => {
      if (window.__benchT0 !== undefined && usable()) {
        observer.disconnect();
        // The frame that shows it.
        requestAnimationFrame(() => resolve(performance.now() - window.__benchT0));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.addEventListener('submit', () => { window.__benchT0 = performance.now(); }, true);
  });
})()`;

const SEARCH_PROBE = `(() => {
  const input = document.querySelector('input[type="search"]');
  input.addEventListener('keydown', () => {
    window.__benchT0 = performance.now();
    window.__benchLast = undefined;
  }, true);
  new MutationObserver(() => {
    requestAnimationFrame(() => {
      if (window.__benchT0 !== undefined) window.__benchLast = performance.now() - window.__benchT0;
    });
  }).observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true });
})()`;

/** Signs in on a fresh page and returns ms from submit to stats + first rows on screen. */
async function timeSignIn(browser: Browser, siteUrl: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${siteUrl}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.evaluate(SIGN_IN_PROBE);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const ms = await Promise.race([
    page.evaluate(() => window.__benchReady as Promise<number>),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the dashboard was not usable within 120 s')), 120_000),
    ),
  ]);
  await context.close();
  return ms;
}

/** On a signed-in dashboard: ms from each keystroke to the frame after the last list update. */
async function timeSearch(page: Page): Promise<number[]> {
  const search = page.getByLabel('Search');
  await search.focus();
  await page.evaluate(SEARCH_PROBE);
  const samples: number[] = [];
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
    const last = await page.evaluate(() => window.__benchLast);
    if (last !== undefined) samples.push(last);
  }
  return samples;
}

const ports = stackPorts(PORT_OFFSET);
if (!skipBuild) {
  console.log('Building the function and the web app...');
  buildFunctions(join(work, 'functions'));
  buildWeb(join(work, 'web'), `http://127.0.0.1:${ports.auth}`);
}
console.log('Starting the emulator stack...');
const stack = await startStack({
  portOffset: PORT_OFFSET,
  webDist: join(work, 'web'),
  functionsDist: join(work, 'functions'),
  logFile: join(work, 'emulators.log'),
});
Object.assign(process.env, stack.env);
let browser: Browser | undefined;
let code = 0;
try {
  await grantAdmin(ADMIN.email, ADMIN.password);
  const token = await signInWithPassword(
    stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
    ADMIN.email,
    ADMIN.password,
  );
  console.log(
    `Seeding ${LARGE_SIZE.students} students, ${LARGE_SIZE.mentors} mentors, ${LARGE_SIZE.assignments} assignments through the API...`,
  );
  const t0 = Date.now();
  const seeded = await seed(stack.siteUrl, token, LARGE_SIZE);
  console.log(`Seeded ${JSON.stringify(seeded)} in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);

  browser = await chromium.launch({
    executablePath: CHROME,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  // A first sign-in warms the function workers and the HTTP cache like a returning coordinator.
  await timeSignIn(browser, stack.siteUrl);
  const signIn: number[] = [];
  for (let i = 0; i < SIGN_IN_RUNS; i++) signIn.push(await timeSignIn(browser, stack.siteUrl));

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.siteUrl}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('table-row').first().waitFor();
  const rowsInDom = await page.getByTestId('table-row').count();
  const search = await timeSearch(page);
  await context.close();

  const result = {
    date: new Date().toISOString(),
    data: seeded,
    signInToDashboardMs: { median: round(median(signIn)), runs: signIn.map(round) },
    searchUpdateMs: {
      median: round(median(search)),
      max: round(Math.max(...search)),
      samples: search.map(round),
    },
    studentRowsInDom: rowsInDom,
    targets: TARGETS,
    met: {
      signIn: median(signIn) <= TARGETS.signInToDashboardMs,
      search: median(search) <= TARGETS.searchUpdateMs,
    },
  };
  console.log('\nAdmin dashboard with the large data set');
  console.log(
    `  sign-in to usable dashboard  median ${result.signInToDashboardMs.median} ms  (runs: ${result.signInToDashboardMs.runs.join(', ')})  target <= ${TARGETS.signInToDashboardMs} ms`,
  );
  console.log(
    `  keystroke to updated list    median ${result.searchUpdateMs.median} ms, max ${result.searchUpdateMs.max} ms over ${search.length} keystrokes  target <= ${TARGETS.searchUpdateMs} ms`,
  );
  console.log(`  student rows in the DOM      ${rowsInDom} of ${seeded.students}`);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', 'admin.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('Wrote bench-results/admin.json');
} catch (error) {
  console.error(`bench:admin failed: ${(error as Error).stack ?? String(error)}`);
  code = 1;
} finally {
  await browser?.close();
  await stack.stop();
}
process.exit(code);
