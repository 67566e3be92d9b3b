/**
 * `npm test`: every check and test layer, ending with one summary line.
 *
 *   format, lint, typecheck        prettier --check, eslint, tsc on every workspace
 *   unit, web                      jest (Node and jsdom projects)
 *   integration, e2e               the emulator stack on its own ports (firebase.json + 10),
 *                                  jest against /api/*, then Playwright in Debian's Chromium
 *   rules                          @firebase/rules-unit-testing on the same Firestore emulator
 *
 * Before anything runs, it checks what the chosen stages need outside npm (Java 21+, the Cloud
 * Firestore emulator, Chromium) and stops with one line naming what is missing. Ctrl-C at any
 * moment stops the tests and every emulator this run started.
 * Options: --only a,b,c (stages), --port-offset N, --jest-args "...", --pw-args "...".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildFunctions, buildWeb } from './lib/build';
import { ROOT } from './lib/paths';
import {
  assertChromium,
  findEmulatorPrerequisites,
  MissingPrerequisite,
} from './lib/prerequisites';
import { isInterrupted, onInterrupt, stackPorts, startStack, type Stack } from './lib/stack';

const STAGES = [
  'format',
  'lint',
  'typecheck',
  'unit',
  'web',
  'integration',
  'e2e',
  'rules',
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
  if (needStack) findEmulatorPrerequisites();
  if (wanted('e2e')) assertChromium();
} catch (error) {
  if (!(error instanceof MissingPrerequisite)) throw error;
  console.error(error.message);
  process.exit(1);
}

// One seed for every property test of this run, printed so a red run can be replayed.
const fcSeed = process.env.FC_SEED || String((Date.now() ^ (Math.random() * 0x100000000)) | 0);
process.env.FC_SEED = fcSeed;
console.log(`fast-check seed ${fcSeed} (replay: FC_SEED=${fcSeed} npm test)`);

const work = join(ROOT, '.stack', `test-${portOffset}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

interface Result {
  stage: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}
const results: Result[] = [];
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
  stage: StageName,
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
    env,
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
  };
  const failed =
    json.numFailedTests + json.numRuntimeErrorTestSuites + (ok || json.numFailedTests ? 0 : 1);
  results.push({
    stage,
    passed: json.numPassedTests,
    failed,
    skipped: json.numPendingTests + json.numTodoTests,
    note: json.numPassedTests + failed === 0 ? 'no tests ran' : undefined,
  });
}

async function playwright(env: Record<string, string>): Promise<void> {
  const report = join(work, 'e2e-report.json');
  const ok = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...pwArgs], {
    ...env,
    E2E_JSON_REPORT: report,
    E2E_OUTPUT_DIR: join(work, 'test-results'),
    E2E_ADMIN_STATE: join(work, 'e2e-admin-state.json'),
  });
  if (!existsSync(report)) {
    results.push({
      stage: 'e2e',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'playwright did not report',
    });
    return;
  }
  const { stats } = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  };
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected ? 0 : 1);
  results.push({ stage: 'e2e', passed: stats.expected, failed, skipped: stats.skipped });
}

await check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
await check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
if (wanted('unit')) await jest('unit', ['unit']);
if (wanted('web')) await jest('web', ['web']);

/** The program-wide caps of the test stack, also given to the tests (they fill the shards). */
const TEST_CAPS = {
  CAP_APPLICATIONS_PER_HOUR: '100000',
  CAP_EMAILS_PER_HOUR: '200000',
  CAP_COORDINATOR_NOTES_PER_HOUR: '100000',
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
      `Stack up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${stack.siteUrl}. Firestore: ${stack.firestore}.`,
    );
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
    if (wanted('e2e')) await playwright(env);
    if (wanted('rules')) await jest('rules', ['rules'], { ...stack.env });
  }
} finally {
  await stack?.stop();
}

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
console.log(
  `total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
