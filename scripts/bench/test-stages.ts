/**
 * `npm run bench:test`: runs `npm test` (its arguments passed on) and records the time of each
 * stage, so that a stage that slows is seen the day it slows. It prints the stages beside the
 * reference run kept in tests/durations.json (the slower ones marked), appends the run to
 * `.stack/bench/test-stages.jsonl` (this machine's history), and with `--update` makes this run
 * the reference: its stage times and the seconds of each test file, which `npm test` uses to deal
 * the files to its lanes. `--from-last` reads the last run's `.stack/test-<offset>/stages.json`
 * instead of running the suite again.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT, STACK_DIR } from '../lib/paths';
import type { Durations } from '../lib/test-lanes';

interface Stage {
  stage: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  files?: Record<string, number>;
}
interface Run {
  finishedAt: string;
  seconds: number;
  lanes: number;
  stages: Stage[];
}
interface Reference extends Durations {
  measuredAt: string;
  machine: string;
  seconds: number;
  stages: Record<string, number>;
}

const argv = process.argv.slice(2);
const update = argv.includes('--update');
const fromLast = argv.includes('--from-last');
const passOn = argv.filter((a) => a !== '--update' && a !== '--from-last');
const offsetAt = passOn.indexOf('--port-offset');
const offset = offsetAt >= 0 ? passOn[offsetAt + 1] : (process.env.TEST_PORT_OFFSET ?? '10');
const stagesFile = join(STACK_DIR, `test-${offset}`, 'stages.json');

let exitCode = 0;
if (!fromLast) {
  const test = spawnSync('npx', ['tsx', 'scripts/test.ts', ...passOn], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  exitCode = test.status ?? 1;
}
if (!existsSync(stagesFile)) {
  console.error(`No stage times at ${stagesFile}: the test run did not finish.`);
  process.exit(1);
}
const run = JSON.parse(readFileSync(stagesFile, 'utf8')) as Run;
const referenceFile = join(ROOT, 'tests', 'durations.json');
const reference = JSON.parse(readFileSync(referenceFile, 'utf8')) as Reference;

/** A stage's name without its lane ("e2e (lane 2)" → "e2e"), summed over the lanes. */
const byStage = (stages: Stage[]) => {
  const out: Record<string, { seconds: number; tests: number; failed: number }> = {};
  for (const s of stages) {
    const name = s.stage.replace(/ \(lane \d+\)$/, '').replace(/^lane \d+: /, '');
    const row = (out[name] ??= { seconds: 0, tests: 0, failed: 0 });
    row.seconds = Math.round((row.seconds + s.seconds) * 10) / 10;
    row.tests += s.passed + s.failed;
    row.failed += s.failed;
  }
  return out;
};
const now = byStage(run.stages);
console.log(
  `\nStage times of the run finished ${run.finishedAt} (${run.lanes} lane(s); a stage split across lanes shows the sum of its lanes' times), against the reference of ${reference.measuredAt}:`,
);
console.log(
  `  ${'stage'.padEnd(16)} ${'tests'.padStart(6)} ${'now s'.padStart(8)} ${'ref s'.padStart(8)}`,
);
for (const [name, row] of Object.entries(now)) {
  const ref = reference.stages[name];
  const slower = ref !== undefined && row.seconds > ref * 1.25 && row.seconds - ref > 10;
  console.log(
    `  ${name.padEnd(16)} ${String(row.tests).padStart(6)} ${String(row.seconds).padStart(8)} ${String(ref ?? '-').padStart(8)}${slower ? '  slower by more than a quarter' : ''}`,
  );
}
console.log(
  `  ${'whole run'.padEnd(16)} ${''.padStart(6)} ${String(run.seconds).padStart(8)} ${String(reference.seconds).padStart(8)}`,
);

const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`;
mkdirSync(join(STACK_DIR, 'bench'), { recursive: true });
appendFileSync(
  join(STACK_DIR, 'bench', 'test-stages.jsonl'),
  `${JSON.stringify({ finishedAt: run.finishedAt, machine, seconds: run.seconds, stages: now })}\n`,
);

if (update) {
  const failed = run.stages.some((s) => s.failed > 0);
  if (failed) {
    console.error('Not kept as the reference: the run had failures.');
    process.exit(1);
  }
  const files = (suite: string) =>
    Object.fromEntries(
      run.stages
        .filter((s) => s.stage.startsWith(`${suite} (`))
        .flatMap((s) => Object.entries(s.files ?? {}))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const rounded = (o: Record<string, number>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  const next: Reference = {
    measuredAt: run.finishedAt,
    machine,
    seconds: run.seconds,
    stages: Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v.seconds])),
    integration: rounded({ ...reference.integration, ...files('integration') }),
    e2e: rounded({ ...reference.e2e, ...files('e2e') }),
    rules: { 'tests/rules': now.rules?.seconds ?? reference.rules?.['tests/rules'] ?? 30 },
    rehearsal: {
      rehearsal:
        (now['rehearsal: stack']?.seconds ?? 0) +
          (now.rehearsal?.seconds ?? 0) +
          (now.smoke?.seconds ?? 0) +
          (now['setup+smoke']?.seconds ?? 0) ||
        (reference.rehearsal?.rehearsal ?? 90),
    },
  };
  writeFileSync(referenceFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`The reference is now this run (${referenceFile}).`);
}
process.exit(exitCode);
