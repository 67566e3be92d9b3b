/**
 * `npm test`: every check and test layer, ending with one summary line.
 *
 *   format, lint, typecheck        prettier --check, eslint, tsc on every workspace
 *   deploy                         npm run deploy:check: would a deploy be accepted, unprompted
 *   unit, web                      jest (Node and jsdom projects)
 *   integration, e2e               the emulator stack on its own ports (firebase.json + 10),
 *                                  jest against /api/*, then Playwright in Debian's Chromium
 *   rules                          @firebase/rules-unit-testing on the same Firestore emulator
 *   rehearsal                      production: the production build, firebase.json's hosting
 *                                  headers verbatim, Google's API hosts on a local TLS proxy in
 *                                  front of the emulators (e2e/rehearsal/); a stack of its own,
 *                                  set up by `npm run setup`'s code as a fresh project, then
 *                                  `npm run smoke` against it and tests/rehearsal/ (jest)
 *
 * Before anything runs, it checks what the chosen stages need outside npm (Java 21+, the Cloud
 * Firestore emulator, Chromium) and stops with one line naming what is missing. Ctrl-C at any
 * moment stops the tests and every emulator this run started.
 * Options: --only a,b,c (stages), --port-offset N, --jest-args "...", --pw-args "...".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { backfillCohortsOn } from './lib/backfill-cohorts';
import { formatReport } from './lib/setup';
import { setupLocalStack } from './lib/setup-run';
import { buildFunctions, buildWeb, buildWebProduction } from './lib/build';
import { GOOGLE_API_HOSTS, startGoogleApiProxy, type GoogleApiProxy } from './lib/google-proxy';
import { PROJECT_ID, ROOT } from './lib/paths';
import {
  assertChromium,
  findEmulatorPrerequisites,
  MissingPrerequisite,
} from './lib/prerequisites';
import { isInterrupted, onInterrupt, stackPorts, startStack, type Stack } from './lib/stack';

/** The rehearsal's "real" project: the emulators' project id, and a web config of its shape. */
const REHEARSAL_WEB_CONFIG = {
  VITE_FIREBASE_API_KEY: 'rehearsal-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
};

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
const splitArgs = (value?: string) => (value ? value.split(' ').filter(Boolean) : []);
const jestArgs = splitArgs(option('--jest-args'));
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

// One seed for every property test of this run, printed so a red run can be replayed.
const fcSeed = process.env.FC_SEED || String((Date.now() ^ (Math.random() * 0x100000000)) | 0);
process.env.FC_SEED = fcSeed;
console.log(`fast-check seed ${fcSeed} (replay: FC_SEED=${fcSeed} npm test)`);
console.log(`Node.js ${process.version} runs the tests (${process.execPath}).`);

const work = join(ROOT, '.stack', `test-${portOffset}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

interface Result {
  stage: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** What failed, named (printed last, so the end of a CI log says which tests to look at). */
  failures?: string[];
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

let current: ChildProcess | undefined;
onInterrupt(() => current?.kill('SIGTERM'));

/**
 * Runs one stage's command; an interruption ends it before the emulators stop. Once interrupted,
 * the promise never settles: no later stage starts while the handler stops the stacks and exits
 * (a stage started then would run against stopped emulators and could outlive this process).
 */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  if (isInterrupted()) return new Promise(() => {});
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  current = child;
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      current = undefined;
      if (!isInterrupted()) resolve(code === 0);
    }),
  );
}

async function check(stage: StageName, command: string, args: string[]): Promise<void> {
  if (!wanted(stage)) return;
  const ok = await run(command, args);
  results.push({ stage, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

async function jest(
  stage: string,
  projects: string[],
  env: Record<string, string> = {},
): Promise<void> {
  const report = join(work, `jest-${stage}.json`);
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
      ...jestArgs,
    ],
    // firebase-admin 14 loads jose (through jwks-rsa), which is ESM only: jest requires it
    // natively on Node 24 with vm modules enabled.
    { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
  );
  if (!existsSync(report)) {
    results.push({ stage, passed: 0, failed: 1, skipped: 0, note: 'jest did not report' });
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numRuntimeErrorTestSuites: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  const failures = (json.testResults ?? []).flatMap((file) => {
    const where = relative(ROOT, file.name);
    const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (tests.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return tests.map((a) => `${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
  const failed =
    json.numFailedTests + json.numRuntimeErrorTestSuites + (ok || json.numFailedTests ? 0 : 1);
  results.push({
    stage,
    passed: json.numPassedTests,
    failed,
    skipped: json.numPendingTests + json.numTodoTests,
    note: json.numPassedTests + failed === 0 ? 'no tests ran' : undefined,
    failures,
  });
}

async function playwright(
  stage: 'e2e' | 'rehearsal',
  config: string,
  env: Record<string, string>,
): Promise<void> {
  const report = join(work, `${stage}-report.json`);
  const ok = await run('npx', ['playwright', 'test', '-c', config, ...pwArgs], {
    ...env,
    E2E_JSON_REPORT: report,
    E2E_OUTPUT_DIR: join(work, `${stage}-results`),
    E2E_ADMIN_STATE: join(work, 'e2e-admin-state.json'),
  });
  if (!existsSync(report)) {
    results.push({ stage, passed: 0, failed: 1, skipped: 0, note: 'playwright did not report' });
    return;
  }
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
    suites?: PlaywrightSuite[];
  };
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected ? 0 : 1);
  results.push({
    stage,
    passed: stats.expected,
    failed,
    skipped: stats.skipped,
    failures: playwrightFailures(suites ?? []),
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests?: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
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

/**
 * The production rehearsal: the production build (a test project's web config), served by the
 * Hosting emulator with firebase.json's headers and rewrites verbatim, Google's API hosts
 * answered by a local TLS proxy in front of the emulators. Its own stack, after the other one.
 */
async function rehearsal(): Promise<void> {
  const dir = join(work, 'rehearsal');
  let prodStack: Stack | undefined;
  let proxy: GoogleApiProxy | undefined;
  try {
    console.log('\nProduction rehearsal: production build, firebase.json verbatim...');
    const functionsDist = join(work, 'functions');
    if (!existsSync(functionsDist)) buildFunctions(functionsDist);
    buildWebProduction(join(dir, 'web'), REHEARSAL_WEB_CONFIG);
    prodStack = await startStack({
      portOffset,
      webDist: join(dir, 'web'),
      functionsDist,
      logFile: join(dir, 'emulators.log'),
      productionHeaders: true,
    });
    // A fresh project, set up by `npm run setup`'s own code (scripts/lib/setup.ts): e-mail link
    // sign-in, the site's host authorised, the first cohort.
    const setup = await setupLocalStack(prodStack);
    console.log(formatReport(setup));
    proxy = await startGoogleApiProxy(prodStack.ports, join(dir, 'tls'));
    console.log(
      `Rehearsal stack at ${prodStack.siteUrl}; ${GOOGLE_API_HOSTS.join(', ')} -> 127.0.0.1:${proxy.port}. Functions and emulators on ${prodStack.node}.`,
    );
    await playwright('rehearsal', 'e2e/rehearsal/playwright.config.ts', {
      ...prodStack.env,
      E2E_BASE_URL: prodStack.siteUrl,
      TEST_SITE_URL: prodStack.siteUrl,
      REHEARSAL_HOST_RULES: proxy.hostResolverRules,
    });
    // `npm run smoke` as an operator runs it after a deploy, against this stack; then the tests
    // of the smoke test itself (each day-one failure caught) and of the setup on the emulators.
    const functionsOrigin = `http://127.0.0.1:${prodStack.ports.functions}`;
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
      prodStack.env,
    );
    results.push({ stage: 'smoke', passed: smoke ? 1 : 0, failed: smoke ? 0 : 1, skipped: 0 });
    await jest('setup+smoke', ['rehearsal'], {
      ...prodStack.env,
      TEST_SITE_URL: prodStack.siteUrl,
      TEST_FUNCTIONS_ORIGIN: functionsOrigin,
    });
  } catch (error) {
    console.error(`The rehearsal did not run: ${(error as Error).message}`);
    results.push({ stage: 'rehearsal', passed: 0, failed: 1, skipped: 0, note: `see ${dir}` });
  } finally {
    await proxy?.stop();
    await prodStack?.stop();
  }
}

await check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
await check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
await check('deploy', 'npm', ['run', 'deploy:check', '--silent']);
if (wanted('unit')) await jest('unit', ['unit']);
if (wanted('web')) await jest('web', ['web']);

/** The program-wide caps of the test stack, also given to the tests (they fill the shards). */
const TEST_CAPS = {
  CAP_APPLICATIONS_PER_HOUR: '100000',
  CAP_EMAILS_PER_HOUR: '200000',
  CAP_COORDINATOR_NOTES_PER_HOUR: '100000',
  CAP_DOOR_REQUESTS_PER_HOUR: '100000',
};

let stack: Stack | undefined;
if (needStack) {
  try {
    console.log('\nBuilding and starting the emulator stack for tests...');
    buildFunctions(join(work, 'functions'));
    buildWeb(join(work, 'web'), stackPorts(portOffset));
    const t0 = Date.now();
    stack = await startStack({
      portOffset,
      webDist: join(work, 'web'),
      functionsDist: join(work, 'functions'),
      logFile: join(work, 'emulators.log'),
      // Every request of the suites without an X-Forwarded-For counts as one client (nothing
      // appends a hop locally): a higher allowance than production's 20 per 10 minutes keeps
      // them under the limit; the 429 test reads the limit from the RateLimit-Limit header.
      // The program-wide caps are raised for the whole suite (it sends far more than 300
      // applications an hour); the cap test fills this hour's shards itself.
      functionsEnv: { RATE_LIMIT_MAX: '150', ...TEST_CAPS },
    });
    console.log(
      `Stack up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${stack.siteUrl}. Firestore: ${stack.firestore}. Functions and emulators on ${stack.node}.`,
    );
    // As on an upgrade: the founding cohort, open for 28 days (scripts/lib/backfill-cohorts.ts).
    await backfillCohortsOn(stack.env.FIRESTORE_EMULATOR_HOST as string);
  } catch (error) {
    console.error(`The emulator stack did not start: ${(error as Error).message}`);
    results.push({
      stage: 'stack',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `see ${join(work, 'emulators.log')}`,
    });
  }
}

try {
  if (stack) {
    const env = {
      ...stack.env,
      ...TEST_CAPS,
      TEST_SITE_URL: stack.siteUrl,
      E2E_BASE_URL: stack.siteUrl,
    };
    if (wanted('integration')) await jest('integration', ['integration'], { ...env });
    if (wanted('e2e')) await playwright('e2e', 'e2e/playwright.config.ts', env);
    if (wanted('rules')) await jest('rules', ['rules'], { ...stack.env });
  }
} finally {
  await stack?.stop();
}
if (wanted('rehearsal')) await rehearsal();

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.stage.padEnd(12)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${r.note ? `  (${r.note})` : ''}`,
  );
}
console.log(`  time         ${((Date.now() - started) / 1000).toFixed(0)} s`);
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.stage}: ${f}`));
if (failures.length > 0) console.log(`Failed\n${failures.join('\n')}`);
console.log(
  `total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
