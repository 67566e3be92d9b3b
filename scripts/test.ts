/**
 * `npm test`: every check and test layer, ending with one summary line.
 *
 *   format, lint, typecheck        prettier --check, eslint, tsc on every workspace
 *   deploy                         npm run deploy:check: would a deploy be accepted, unprompted
 *   unit, web                      jest (Node and jsdom projects)
 *   integration, e2e               jest against /api/*, then Playwright in Debian's Chromium,
 *                                  on emulator stacks of their own (firebase.json + 10, + 20)
 *   rules                          @firebase/rules-unit-testing on a stack's Firestore emulator
 *   rehearsal                      production: the production build, firebase.json's hosting
 *                                  headers verbatim, Google's API hosts on a local TLS proxy in
 *                                  front of the emulators (e2e/rehearsal/); a stack of its own,
 *                                  set up by `npm run setup`'s code as a fresh project, then
 *                                  `npm run smoke` against it and tests/rehearsal/ (jest)
 *
 * How it fits a 2-core machine (docs/testing.md): the static checks (format … deploy) run at the
 * lowest CPU priority and the unit and component tests beside them, while two lanes, each with
 * an emulator stack and a database of its own, run the files of the integration and browser
 * suites. Files are dealt to the lanes by their measured durations
 * (tests/durations.json); inside a lane they run one at a time, in the order a single stack ran
 * them, so no file shares its database with a file running at the same moment. The audience walk
 * runs last in both lanes (it reads what every other file of its lane stored). The closing work
 * goes to the lane done first: the rehearsal (its stack replaces the lane's) to the first, the
 * rules matrix (on the lane's stack) to the other. Each stage's time
 * is printed and written to `.stack/test-<offset>/stages.json` (`npm run bench:test` keeps them).
 *
 * Before anything runs, it checks what the chosen stages need outside npm (Java 21+, the Cloud
 * Firestore emulator, Chromium) and stops with one line naming what is missing. Ctrl-C at any
 * moment stops the tests and every emulator this run started.
 * Options: --only a,b,c (stages), --port-offset N (lanes on N and N+10), --lanes 1|2,
 * --files a,b (some integration or browser files), --screenshots, --trace (browser tests),
 * --jest-args "...", --pw-args "...".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { ensureFoundingCohortOn } from './lib/founding-cohort';
import { formatReport } from './lib/setup';
import { setupLocalStack } from './lib/setup-run';
import { buildForRun, copyWebBuildFor, type RunBuilds } from './lib/build';
import { GOOGLE_API_HOSTS, startGoogleApiProxy, type GoogleApiProxy } from './lib/google-proxy';
import { PROJECT_ID, ROOT } from './lib/paths';
import { readBudgets, summaryLines, type StageResult } from './lib/test-summary';
import {
  assertChromium,
  findEmulatorPrerequisites,
  MissingPrerequisite,
} from './lib/prerequisites';
import { isInterrupted, onInterrupt, stackPorts, startStack, type Stack } from './lib/stack';
import {
  ClosingWork,
  dealToLanes,
  type ClosingJob,
  type Durations,
  type LaneItem,
} from './lib/test-lanes';

const STAGES = [
  'format',
  'lint',
  'typecheck',
  'deploy',
  'unit',
  'web',
  'integration',
  'e2e',
  'rules',
  'rehearsal',
] as const;
type StageName = (typeof STAGES)[number];

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const only = option('--only')?.split(',') as StageName[] | undefined;
const unknownStages = only?.filter((s) => !STAGES.includes(s));
if (unknownStages?.length) {
  console.error(`Unknown stage(s): ${unknownStages.join(', ')}. Stages: ${STAGES.join(', ')}`);
  process.exit(2);
}
const wanted = (stage: StageName) => !only || only.includes(stage);
const portOffset = Number(option('--port-offset') ?? process.env.TEST_PORT_OFFSET ?? 10);
const laneCount = Number(option('--lanes') ?? 2);
if (laneCount !== 1 && laneCount !== 2) {
  console.error('--lanes takes 1 or 2 (each lane is an emulator stack).');
  process.exit(2);
}
const splitArgs = (value?: string) => (value ? value.split(' ').filter(Boolean) : []);
const jestArgs = splitArgs(option('--jest-args'));
// Some integration or browser files only (paths from the repository's root), e.g. while working
// on them; the other stages run as usual.
const onlyFiles = option('--files')?.split(',').filter(Boolean);
// For a person looking into a run: the browser tests' screenshots at both widths, and a trace of
// each failed browser test (both off by default: nobody reads them in CI, and they cost time).
if (argv.includes('--screenshots')) process.env.E2E_SCREENSHOTS = '1';
if (argv.includes('--trace')) process.env.E2E_TRACE = 'retain-on-failure';
const pwArgs = splitArgs(option('--pw-args'));

const needStack = wanted('integration') || wanted('e2e') || wanted('rules');
try {
  if (needStack || wanted('rehearsal')) findEmulatorPrerequisites();
  if (wanted('e2e') || wanted('rehearsal')) assertChromium();
} catch (error) {
  if (!(error instanceof MissingPrerequisite)) throw error;
  console.error(error.message);
  process.exit(1);
}

// The Admin SDK clients of this process (the founding cohort's) talk to the emulators only: no
// probe of a cloud metadata server, which a local run never has.
process.env.METADATA_SERVER_DETECTION ??= 'none';

// One seed for every property test of this run, printed so a red run can be replayed.
const fcSeed = process.env.FC_SEED || String((Date.now() ^ (Math.random() * 0x100000000)) | 0);
process.env.FC_SEED = fcSeed;
console.log(`fast-check seed ${fcSeed} (replay: FC_SEED=${fcSeed} npm test)`);
console.log(`Node.js ${process.version} runs the tests (${process.execPath}).`);

const work = join(ROOT, '.stack', `test-${portOffset}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

interface Result extends StageResult {
  /** Seconds per test file, for dealing files to lanes next time (tests/durations.json). */
  files?: Record<string, number>;
}
const results: Result[] = [];

/** The first line of an error message, without colour codes, cut to a line's width. */
const firstLine = (message: string | undefined) =>
  (message ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 160) ?? '';
const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;
const at = () => `${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s`;

const children = new Set<ChildProcess>();
onInterrupt(() => children.forEach((child) => child.kill('SIGTERM')));

/**
 * Runs one command with its output in `log` (several run at once; a failed stage's log is
 * printed at the end). An interruption ends it before the emulators stop. Once interrupted, the
 * promise never settles: no later stage starts while the handler stops the stacks and exits.
 */
function run(
  command: string,
  args: string[],
  log: string,
  env: Record<string, string> = {},
): Promise<boolean> {
  if (isInterrupted()) return new Promise(() => {});
  const out = createWriteStream(log, { flags: 'a' });
  out.write(`$ ${command} ${args.join(' ')}\n`);
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...env },
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  children.add(child);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      children.delete(child);
      out.end();
      if (!isInterrupted()) resolve(code === 0);
    }),
  );
}

/** Records a stage's result and prints its line as soon as it ends. */
function record(result: Result, log?: string): void {
  results.push(result);
  const status = result.failed > 0 ? 'FAILED' : 'ok';
  const counts =
    result.passed + result.failed > 0 ? `${result.passed} passed, ${result.failed} failed ` : '';
  console.log(
    `${at()}  ${result.stage.padEnd(22)} ${status.padEnd(6)} ${counts}in ${result.seconds} s${log ? `  (${relative(ROOT, log)})` : ''}`,
  );
  if (result.failed > 0 && log) failedLogs.push(log);
}
const failedLogs: string[] = [];

async function check(stage: StageName, command: string, args: string[]): Promise<void> {
  if (!wanted(stage)) return;
  const t0 = Date.now();
  const log = join(work, `${stage}.log`);
  const ok = await run(command, args, log);
  record({ stage, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds: seconds(t0) }, log);
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
  testResults?: {
    name: string;
    message?: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** A jest run of `projects` (only `files`, when given), recorded as `stage`. */
async function jest(
  stage: string,
  projects: string[],
  env: Record<string, string> = {},
  options: { files?: string[]; extra?: string[] } = {},
): Promise<void> {
  const t0 = Date.now();
  const name = stage.replace(/\W+/g, '-');
  const report = join(work, `jest-${name}.json`);
  const log = join(work, `jest-${name}.log`);
  const ok = await run(
    'npx',
    [
      'jest',
      '--selectProjects',
      ...projects,
      '--json',
      '--outputFile',
      report,
      '--ci',
      ...(options.extra ?? []),
      ...jestArgs,
      ...(options.files ? ['--runTestsByPath', ...options.files] : []),
    ],
    log,
    // firebase-admin 14 loads jose (through jwks-rsa), which is ESM only: jest requires it
    // natively on Node 24 with vm modules enabled.
    { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
  );
  if (!existsSync(report)) {
    record(
      { stage, passed: 0, failed: 1, skipped: 0, seconds: seconds(t0), note: 'no report' },
      log,
    );
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as JestReport;
  const failures = (json.testResults ?? []).flatMap((file) => {
    const where = relative(ROOT, file.name);
    const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (tests.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return tests.map((a) => `${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
  const files = Object.fromEntries(
    (json.testResults ?? [])
      .filter((f) => f.startTime && f.endTime)
      .map((f) => [relative(ROOT, f.name), ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000]),
  );
  const failed =
    json.numFailedTests + json.numRuntimeErrorTestSuites + (ok || json.numFailedTests ? 0 : 1);
  record(
    {
      stage,
      passed: json.numPassedTests,
      failed,
      skipped: json.numPendingTests + json.numTodoTests,
      seconds: seconds(t0),
      note: json.numPassedTests + failed === 0 ? 'no tests ran' : undefined,
      failures,
      files,
    },
    log,
  );
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests?: {
      status: string;
      projectName?: string;
      results?: { duration?: number; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

async function playwright(
  stage: string,
  config: string,
  dir: string,
  env: Record<string, string>,
): Promise<void> {
  const t0 = Date.now();
  mkdirSync(dir, { recursive: true });
  const report = join(dir, 'report.json');
  const log = join(dir, 'playwright.log');
  const ok = await run('npx', ['playwright', 'test', '-c', config, ...pwArgs], log, {
    ...env,
    E2E_JSON_REPORT: report,
    E2E_OUTPUT_DIR: join(dir, 'results'),
    E2E_ADMIN_STATE: join(dir, 'admin-state.json'),
  });
  if (!existsSync(report)) {
    record(
      { stage, passed: 0, failed: 1, skipped: 0, seconds: seconds(t0), note: 'no report' },
      log,
    );
    return;
  }
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
    suites?: PlaywrightSuite[];
  };
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected ? 0 : 1);
  record(
    {
      stage,
      passed: stats.expected,
      failed,
      skipped: stats.skipped,
      seconds: seconds(t0),
      failures: playwrightFailures(suites ?? []),
      files: playwrightFileSeconds(suites ?? []),
    },
    log,
  );
}

/** Every spec whose test failed or passed only on a retry, as "file:line › title: error". */
function playwrightFailures(suites: PlaywrightSuite[], file = ''): string[] {
  return suites.flatMap((suite) => {
    const where = suite.file ?? file;
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map((t) => {
          const error = t.results?.find((r) => r.error)?.error?.message;
          return `${where}:${spec.line ?? ''} › ${spec.title}${t.status === 'flaky' ? ' (passed on retry)' : ''}: ${firstLine(error)}`;
        }),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], where)];
  });
}

/** Seconds of test time per spec file (e2e/<file>), the shared setup project left out. */
function playwrightFileSeconds(
  suites: PlaywrightSuite[],
  into: Record<string, number> = {},
  file = '',
): Record<string, number> {
  for (const suite of suites) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.projectName === 'setup') continue;
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const key = `e2e/${where}`;
        into[key] = Math.round(((into[key] ?? 0) + ms / 1000) * 10) / 10;
      }
    }
    playwrightFileSeconds(suite.suites ?? [], into, where);
  }
  return into;
}

/** The program-wide caps of the test stacks, also given to the tests (they fill the shards). */
const TEST_CAPS = {
  CAP_APPLICATIONS_PER_HOUR: '100000',
  CAP_EMAILS_PER_HOUR: '200000',
  CAP_COORDINATOR_NOTES_PER_HOUR: '100000',
  CAP_DOOR_REQUESTS_PER_HOUR: '100000',
};

/** The test files of a suite: integration (tests/api) or browser (e2e), as paths from ROOT. */
function suiteFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => `${dir}/${f}`);
}
/** Runs last in every lane: it walks every document the lane's other files stored. */
const AUDIENCE = 'tests/api/audience.test.ts';

/**
 * One lane: its emulator stack (port offset `offset`), its integration files and browser spec
 * files, then the closing work it takes once they are done (the rules matrix on its stack, and
 * the rehearsal after its stack stops: `ClosingWork`).
 */
async function lane(
  index: number,
  offset: number,
  items: LaneItem[],
  builds: RunBuilds,
  closing: ClosingWork,
): Promise<void> {
  const name = `lane ${index + 1}`;
  const dir = join(work, `lane-${index + 1}`);
  mkdirSync(dir, { recursive: true });
  const integrationFiles = items.filter((i) => i.suite === 'integration').map((i) => i.file);
  const e2eFiles = items.filter((i) => i.suite === 'e2e').map((i) => i.file);
  let stack: Stack | undefined;
  let started = false;
  const startLaneStack = async () => {
    started = true;
    const t0 = Date.now();
    try {
      const functionsDist = join(dir, 'functions');
      cpSync(builds.functions, functionsDist, { recursive: true });
      const webDist = join(dir, 'web');
      copyWebBuildFor(builds.web, stackPorts(portOffset), stackPorts(offset), webDist);
      stack = await startStack({
        portOffset: offset,
        webDist,
        functionsDist,
        logFile: join(dir, 'emulators.log'),
        // Every request of the suites without an X-Forwarded-For counts as one client (nothing
        // appends a hop locally): a higher allowance than production's 20 per 10 minutes keeps
        // them under the limit; the 429 test reads the limit from the RateLimit-Limit header.
        // The program-wide caps are raised for the whole suite (it sends far more than 300
        // applications an hour); the cap test fills this hour's shards itself.
        functionsEnv: { RATE_LIMIT_MAX: '150', ...TEST_CAPS },
      });
      // The founding cohort, open for 28 days: the suites' applications go into it.
      await ensureFoundingCohortOn(stack.env.FIRESTORE_EMULATOR_HOST as string);
      record({
        // A stack that started is not a test: its time is shown, nothing is counted.
        stage: `${name}: stack`,
        passed: 0,
        failed: 0,
        skipped: 0,
        seconds: seconds(t0),
        note: `${stack.siteUrl}, ${stack.node}`,
      });
    } catch (error) {
      console.error(`${name}: the emulator stack did not start: ${(error as Error).message}`);
      record({
        stage: `${name}: stack`,
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds: seconds(t0),
        note: `see ${relative(ROOT, join(dir, 'emulators.log'))}`,
      });
    }
  };
  let jobs: ClosingJob[] = [];
  try {
    if (integrationFiles.length + e2eFiles.length > 0) await startLaneStack();
    if (stack) {
      const env = {
        ...stack.env,
        ...TEST_CAPS,
        TEST_SITE_URL: stack.siteUrl,
        E2E_BASE_URL: stack.siteUrl,
      };
      if (integrationFiles.length > 0) {
        await jest(`integration (${name})`, ['integration'], env, { files: integrationFiles });
      }
      if (e2eFiles.length > 0) {
        await playwright(`e2e (${name})`, 'e2e/playwright.config.ts', join(dir, 'e2e'), {
          ...env,
          E2E_FILES: e2eFiles.join(','),
        });
      }
    }
    jobs = closing.take();
    if (jobs.includes('rules')) {
      if (!started) await startLaneStack();
      if (stack) {
        // The three rules files side by side, each under a Firestore project id of its own, and
        // each matrix's attempts 20 at a time (it.concurrent.each): the rules refuse every
        // write, so no attempt changes what another reads.
        await jest(
          `rules (${name})`,
          ['rules'],
          { ...stack.env },
          {
            extra: ['--maxWorkers=3', '--maxConcurrency=20'],
          },
        );
      }
    }
  } finally {
    await stack?.stop();
  }
  if (jobs.includes('rehearsal')) await rehearsal(offset, builds, join(dir, 'rehearsal'));
}

/**
 * The production rehearsal: the production build (a test project's web config), served by the
 * Hosting emulator with firebase.json's headers and rewrites verbatim, Google's API hosts
 * answered by a local TLS proxy in front of the emulators.
 */
async function rehearsal(offset: number, builds: RunBuilds, dir: string): Promise<void> {
  const t0 = Date.now();
  let prodStack: Stack | undefined;
  let proxy: GoogleApiProxy | undefined;
  const log = join(dir, 'rehearsal.log');
  mkdirSync(dir, { recursive: true });
  try {
    const functionsDist = join(dir, 'functions');
    cpSync(builds.functions, functionsDist, { recursive: true });
    await builds.production.done;
    prodStack = await startStack({
      portOffset: offset,
      webDist: builds.production.dir,
      functionsDist,
      logFile: join(dir, 'emulators.log'),
      productionHeaders: true,
    });
    // A fresh project, set up by `npm run setup`'s own code (scripts/lib/setup.ts): e-mail link
    // sign-in, the site's host authorised, the first cohort.
    const setup = await setupLocalStack(prodStack);
    writeFileSync(log, `${formatReport(setup)}\n`);
    proxy = await startGoogleApiProxy(prodStack.ports, join(dir, 'tls'));
    writeFileSync(
      log,
      `Rehearsal stack at ${prodStack.siteUrl}; ${GOOGLE_API_HOSTS.join(', ')} -> 127.0.0.1:${proxy.port}. Functions and emulators on ${prodStack.node}.\n`,
      { flag: 'a' },
    );
    record({
      stage: 'rehearsal: stack',
      passed: 0,
      failed: 0,
      skipped: 0,
      seconds: seconds(t0),
    });
    await playwright('rehearsal', 'e2e/rehearsal/playwright.config.ts', join(dir, 'browser'), {
      ...prodStack.env,
      E2E_BASE_URL: prodStack.siteUrl,
      TEST_SITE_URL: prodStack.siteUrl,
      REHEARSAL_HOST_RULES: proxy.hostResolverRules,
    });
    // `npm run smoke` as an operator runs it after a deploy, against this stack; then the tests
    // of the smoke test itself (each day-one failure caught) and of the setup on the emulators.
    const functionsOrigin = `http://127.0.0.1:${prodStack.ports.functions}`;
    const t1 = Date.now();
    const smokeLog = join(dir, 'smoke.log');
    const smoke = await run(
      'npx',
      [
        'tsx',
        'scripts/smoke.ts',
        '--site',
        prodStack.siteUrl,
        '--project',
        PROJECT_ID,
        '--functions-emulator',
        functionsOrigin,
      ],
      smokeLog,
      prodStack.env,
    );
    record(
      {
        stage: 'smoke',
        passed: smoke ? 1 : 0,
        failed: smoke ? 0 : 1,
        skipped: 0,
        seconds: seconds(t1),
      },
      smokeLog,
    );
    await jest('setup+smoke', ['rehearsal'], {
      ...prodStack.env,
      TEST_SITE_URL: prodStack.siteUrl,
      TEST_FUNCTIONS_ORIGIN: functionsOrigin,
    });
  } catch (error) {
    console.error(`The rehearsal did not run: ${(error as Error).message}`);
    record(
      {
        stage: 'rehearsal',
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds: seconds(t0),
        note: `see ${relative(ROOT, dir)}`,
      },
      log,
    );
  } finally {
    await proxy?.stop();
    await prodStack?.stop();
  }
}

/**
 * The checks that need no emulator. The static ones (format, lint, typecheck, deploy) run one
 * after another at the lowest CPU priority: nothing waits on them, so they take the cycles the
 * lanes leave idle instead of slowing the lanes, whose length is the run's. The unit and component
 * tests run beside them at normal priority (their tests have time limits).
 */
async function checks(): Promise<void> {
  const lowest = (command: string, args: string[]): [string, string[]] => [
    'nice',
    ['-n', '19', command, ...args],
  ];
  await Promise.all([
    (async () => {
      await check('format', ...lowest('npx', ['prettier', '--check', '.', '--log-level', 'warn']));
      await check('lint', ...lowest('npx', ['eslint', '.', '--max-warnings', '0']));
      await check('typecheck', ...lowest('npm', ['run', 'typecheck', '--silent']));
      await check('deploy', ...lowest('npm', ['run', 'deploy:check', '--silent']));
    })(),
    (async () => {
      if (wanted('unit')) await jest('unit', ['unit']);
      if (wanted('web')) await jest('web', ['web']);
    })(),
  ]);
}

/** Everything that needs an emulator stack, dealt to the lanes. */
async function lanes(): Promise<void> {
  const items: LaneItem[] = [];
  if (wanted('integration')) {
    for (const file of suiteFiles('tests/api', /\.test\.ts$/)) {
      if (file !== AUDIENCE) items.push({ suite: 'integration', file });
    }
  }
  if (wanted('e2e')) {
    for (const file of suiteFiles('e2e', /\.spec\.ts$/)) items.push({ suite: 'e2e', file });
  }
  if (onlyFiles) {
    const unknown = onlyFiles.filter((f) => f !== AUDIENCE && !items.some((i) => i.file === f));
    if (unknown.length > 0) throw new Error(`--files: no such test file ${unknown.join(', ')}`);
    items.splice(0, items.length, ...items.filter((i) => onlyFiles.includes(i.file)));
  }
  const closingJobs = (['rules', 'rehearsal'] as const).filter((j) => wanted(j));
  if (items.length === 0 && closingJobs.length === 0) return;

  const durations = JSON.parse(
    readFileSync(join(ROOT, 'tests', 'durations.json'), 'utf8'),
  ) as Durations;
  const dealt = dealToLanes(items, durations, laneCount);
  if (wanted('integration') && (!onlyFiles || onlyFiles.includes(AUDIENCE))) {
    // The audience walk closes every lane that ran integration files, or the first lane.
    const withIntegration = dealt.filter((l) => l.some((i) => i.suite === 'integration'));
    for (const l of withIntegration.length > 0 ? withIntegration : [dealt[0]!]) {
      l.push({ suite: 'integration', file: AUDIENCE });
    }
  }
  dealt.forEach((l, i) =>
    console.log(
      `lane ${i + 1} (ports +${portOffset + 10 * i}): ${l.filter((x) => x.suite === 'integration').length} integration files, ${l.filter((x) => x.suite === 'e2e').length} browser spec files`,
    ),
  );
  if (closingJobs.length > 0) {
    console.log(`then ${closingJobs.join(' and ')}: on the lane done first`);
  }

  const t0 = Date.now();
  const builds = await buildForRun(work, {
    emulators: items.length > 0 || closingJobs.includes('rules') ? stackPorts(portOffset) : null,
    production: closingJobs.includes('rehearsal'),
  });
  console.log(`${at()}  function and web app built in ${seconds(t0)} s`);
  const closing = new ClosingWork(closingJobs, dealt.length);
  await Promise.all(dealt.map((l, i) => lane(i, portOffset + 10 * i, l, builds, closing)));
}

await Promise.all([checks(), lanes()]);

// Each stage's time, for `npm run bench:test` and for a person reading a slow run.
const stagesFile = join(work, 'stages.json');
writeFileSync(
  stagesFile,
  JSON.stringify(
    {
      finishedAt: new Date().toISOString(),
      seconds: seconds(started),
      lanes: laneCount,
      stages: results.map(({ failures: _f, ...r }) => r),
    },
    null,
    2,
  ),
);

for (const log of failedLogs) {
  const lines = readFileSync(log, 'utf8').split('\n');
  console.log(`\n--- ${relative(ROOT, log)} (last 80 of ${lines.length} lines) ---`);
  console.log(lines.slice(-80).join('\n'));
}
console.log(
  summaryLines(results, seconds(started), relative(ROOT, stagesFile), readBudgets()).join('\n'),
);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
