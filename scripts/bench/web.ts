/**
 * `npm run bench:web`: builds the web app (vite build + prerender), serves the build the way
 * Firebase Hosting does (cleanUrls, SPA fallback to app.html, gzip), then reports
 *   - the initial JavaScript (gzip) each public route loads, measured in Chromium: every script
 *     requested until the page is idle (entry, modulepreloads and the route's lazy chunk), and
 *     the total once the visitor first interacts (prerendered pages load and hydrate the React
 *     app on the first pointer, touch, key or focus event: see web/src/main.tsx);
 *   - Lighthouse (mobile and desktop presets) for /, /students, /faq, both wizards (prerendered
 *     step 1, taken over by the app on first interaction) and /admin/login (prerendered too, taken
 *     over the same way), with the script bytes each loads before any interaction.
 *     Targets: mobile performance >= 95 and desktop 100 in EVERY run (not only the median);
 *   - Lighthouse accessibility (both presets, one run) for every public route and /admin/login.
 * Writes bench-results/web.json and prints a table.
 *
 * Options: --skip-build (reuse .stack/bench-web/web), --no-lighthouse, --runs N (Lighthouse
 * runs per page and preset; the median performance run is kept, every run's score is listed),
 * --route R (repeatable: Lighthouse for these routes only, e.g. --route /admin/login).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  cohortPaths,
  isoDayOf,
  programEndFor,
  publicCohorts,
  type Cohort,
} from '@mentorship/domain';
import { buildWeb } from '../lib/build';
import { PUBLIC_PAGES } from '../../e2e/pages';
import { ROOT } from '../lib/paths';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OUT_DIR = join(ROOT, '.stack', 'bench-web', 'web');
const RESULTS = join(ROOT, 'bench-results', 'web.json');
const PUBLIC_ROUTES = PUBLIC_PAGES;
const LIGHTHOUSE_ROUTES = [
  '/',
  '/students',
  '/faq',
  '/register-student',
  '/register-mentor',
  '/admin/login',
];
/** Measured and reported, held to no target (none since the sign-in page is prerendered). */
const REPORT_ONLY = new Set<string>();
/** Pages that ask search engines not to index them (SEO scores that, on purpose). */
const NOINDEX = new Set(['/admin/login']);
const TARGETS = {
  initialJsKbHome: 120,
  performanceMobile: 95,
  performanceDesktop: 100,
  otherCategories: 100,
  cls: 0,
};

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const runsIndex = argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Math.max(1, Number(argv[runsIndex + 1]) || 1) : 1;
const ONLY_ROUTES = argv.flatMap((arg, i) => (argv[i - 1] === '--route' ? [arg] : []));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * A static server with Firebase Hosting's rules for this site (firebase.json): `/x` serves x.html
 * when it exists (cleanUrls), existing files are served as they are, /admin, /my-application and below get
 * app.html (the rewrite), everything else 404.html with status 404. Text is gzipped, hashed
 * assets are cached for a year, the rest is no-cache.
 */
/** A cohort taking applications today: opened 10 days ago, closes in 20. */
function benchCohort(): Cohort {
  const day = (offset: number) => isoDayOf(new Date(Date.now() + offset * 86_400_000));
  return {
    id: 'bench',
    name: `Fall ${day(50).slice(0, 4)}`,
    term: 'fall',
    year: Number(day(50).slice(0, 4)),
    applicationsOpen: day(-10),
    applicationsClose: day(20),
    matchingDoneBy: day(34),
    programStart: day(40),
    programEnd: programEndFor(day(40)),
  };
}

export function serveLikeHosting(root: string, port = 0): Promise<{ url: string; server: Server }> {
  const fileFor = (pathname: string): { file: string; status: number } => {
    const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const candidates = clean === '/' ? ['index.html'] : [clean, `${clean}.html`];
    for (const candidate of candidates) {
      const file = join(root, candidate);
      if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        return { file, status: 200 };
      }
    }
    if (/^\/(admin|my-application|certificates)(\/|$)/.test(clean))
      return { file: join(root, 'app.html'), status: 200 };
    return { file: join(root, '404.html'), status: 404 };
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The one API answer the public pages ask for (the cohort notice): what the function answers
    // for a cohort taking applications now, so the pages run as on the site (a 404 here would
    // be a console error that Lighthouse counts).
    if (url.pathname === cohortPaths.current) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(publicCohorts([benchCohort()], new Date())));
      return;
    }
    const { file, status } = fileFor(url.pathname);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body: Buffer = readFileSync(file);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${join(root, 'assets')}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    if (
      /text|javascript|svg|json/.test(type) &&
      /gzip/.test(String(req.headers['accept-encoding']))
    ) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${actual}`, server });
    });
  });
}

interface InitialJs {
  route: string;
  files: number;
  gzipKb: number;
  rawKb: number;
  /** Everything loaded once the visitor first interacts (prerendered pages hydrate then). */
  withAppGzipKb: number;
}

const gzipKbOf = (root: string, scripts: Iterable<string>) => {
  let gzip = 0;
  let raw = 0;
  for (const script of scripts) {
    const body = readFileSync(join(root, script));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { gzipKb: Math.round(gzip / 102.4) / 10, rawKb: Math.round(raw / 102.4) / 10 };
};

/** Scripts a route loads before it is idle, sized from the build (gzip level 9, as hosting). */
async function measureInitialJs(baseUrl: string, root: string): Promise<InitialJs[]> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: InitialJs[] = [];
  try {
    for (const route of PUBLIC_ROUTES) {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      const initial = [...scripts];
      // The first interaction (a pointer moving over the page) loads and hydrates the app.
      await page.mouse.move(10, 10);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await page.close();
      results.push({
        route,
        files: initial.length,
        ...gzipKbOf(root, initial),
        withAppGzipKb: gzipKbOf(root, scripts).gzipKb,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

interface LighthouseRun {
  route: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Script transferred before any interaction (Lighthouse's resource summary). */
  scriptKb: number;
  /** With --runs N: the performance score of each run, lowest first. */
  performanceRuns?: string;
  worstPerformance?: number;
  fcpRuns?: string;
  lcpRuns?: string;
  tbtRuns?: string;
}

interface LighthouseJson {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

/** Runs a command without blocking this process (the static server lives in it). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

async function runLighthouse(
  url: string,
  route: string,
  preset: 'mobile' | 'desktop',
  categories = 'performance,accessibility,best-practices,seo',
  /** Which run of the route and preset (each report is kept, to read a slow run's long tasks). */
  runIndex: number | 'a11y' = 0,
): Promise<LighthouseRun> {
  const out = join(
    ROOT,
    '.stack',
    'bench-web',
    `lh-${preset}-${route.replace(/\W/g, '') || 'home'}-${runIndex}.json`,
  );
  const args = [
    `${url}${route}`,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--only-categories=${categories}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  if (preset === 'desktop') args.push('--preset=desktop');
  const result = await run(join(ROOT, 'node_modules', '.bin', 'lighthouse'), args, {
    ...process.env,
    CHROME_PATH: CHROME,
  });
  if (result.code !== 0) throw new Error(`lighthouse ${route} ${preset} failed: ${result.stderr}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseJson;
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    route,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(metric('speed-index')),
    scriptKb:
      Math.round(
        ((report.audits['resource-summary']?.details?.items ?? []).find(
          (item) => item.resourceType === 'script',
        )?.transferSize ?? 0) / 102.4,
      ) / 10,
  };
}

async function main(): Promise<void> {
  if (!flag('skip-build') || !existsSync(join(OUT_DIR, 'index.html'))) {
    console.log('Building the web app (vite build + prerender)...');
    await buildWeb(OUT_DIR);
  }
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  const { url, server } = await serveLikeHosting(OUT_DIR);
  try {
    const initialJs = await measureInitialJs(url, OUT_DIR);
    console.log('\nInitial JavaScript per route (gzip, everything loaded until network idle)');
    console.table(initialJs);

    const lighthouse: LighthouseRun[] = [];
    const accessibility: { route: string; mobile?: number; desktop?: number }[] = [];
    if (!flag('no-lighthouse')) {
      const routes = ONLY_ROUTES.length
        ? LIGHTHOUSE_ROUTES.filter((r) => ONLY_ROUTES.includes(r))
        : LIGHTHOUSE_ROUTES;
      for (const route of routes) {
        for (const preset of ['mobile', 'desktop'] as const) {
          const runs: LighthouseRun[] = [];
          for (let i = 0; i < RUNS; i += 1) {
            runs.push(await runLighthouse(url, route, preset, undefined, i + 1));
          }
          runs.sort((a, b) => a.performance - b.performance);
          const median = runs[Math.floor(runs.length / 2)] as LighthouseRun;
          // Every run's score, so the spread on a busy machine shows next to the median.
          lighthouse.push({
            ...median,
            performanceRuns: runs.map((r) => r.performance).join('/'),
            worstPerformance: runs[0]?.performance ?? 0,
            fcpRuns: runs.map((r) => r.fcpMs).join('/'),
            lcpRuns: runs.map((r) => r.lcpMs).join('/'),
            tbtRuns: runs.map((r) => r.tbtMs).join('/'),
          });
        }
      }
      console.log(`\nLighthouse 12 (median of ${RUNS} run${RUNS > 1 ? 's' : ''})`);
      console.table(lighthouse);
      // The accessibility score of EVERY public route and the admin sign-in, both
      // presets (one run each: the score does not depend on the machine's load).
      for (const route of ONLY_ROUTES.length ? ONLY_ROUTES : [...PUBLIC_ROUTES, '/admin/login']) {
        const row: { route: string; mobile?: number; desktop?: number } = { route };
        for (const preset of ['mobile', 'desktop'] as const)
          row[preset] = (
            await runLighthouse(url, route, preset, 'accessibility', 'a11y')
          ).accessibility;
        accessibility.push(row);
      }
      console.log('\nLighthouse accessibility, every public route and the admin sign-in');
      console.table(accessibility);
    }

    const home = initialJs.find((r) => r.route === '/');
    const targeted = lighthouse.filter((r) => !REPORT_ONLY.has(r.route));
    const mobile = targeted.filter((r) => r.preset === 'mobile');
    // Without Lighthouse runs (--no-lighthouse) its checks are unknown, not passed.
    const measured = lighthouse.length > 0;
    const load = (await import('node:os')).loadavg().map((n) => Math.round(n * 10) / 10);
    console.log(`Load average at the end (1, 5, 15 min): ${load.join(', ')}`);
    const checks = {
      initialJsHomeWithinTarget: home ? home.gzipKb <= TARGETS.initialJsKbHome : false,
      // Every run, not only the median.
      mobilePerformanceWithinTarget: measured
        ? mobile.every((r) => (r.worstPerformance ?? 0) >= TARGETS.performanceMobile)
        : null,
      desktopPerformancePerfect: measured
        ? targeted
            .filter((r) => r.preset === 'desktop')
            .every((r) => (r.worstPerformance ?? 0) >= TARGETS.performanceDesktop)
        : null,
      otherCategoriesPerfect: measured
        ? targeted.every(
            (r) =>
              r.accessibility === 100 &&
              r.bestPractices === 100 &&
              (r.seo === 100 || NOINDEX.has(r.route)),
          )
        : null,
      clsZero: measured ? targeted.every((r) => r.cls === 0) : null,
      accessibilityEveryRoute100: measured
        ? accessibility.every((r) => r.mobile === 100 && r.desktop === 100)
        : null,
    };
    writeFileSync(
      RESULTS,
      `${JSON.stringify({ date: new Date().toISOString(), loadAverage: load, targets: TARGETS, checks, initialJs, lighthouse, accessibility }, null, 2)}\n`,
    );
    console.log('\nTargets:', checks);
    console.log(`Wrote ${RESULTS}`);
  } finally {
    server.close();
  }
}

if (process.argv[1]?.endsWith('web.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
