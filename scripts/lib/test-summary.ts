/**
 * The closing summary of `npm test`: each stage with its counts and its time against its budget
 * (tests/budgets.json), the whole run against its own, then what failed and the total line. A
 * budget is not a test: a slow machine fails nothing, but a stage that grew past its budget is
 * marked the day it grows, and the reader sees which one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

export interface StageResult {
  stage: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Wall-clock seconds the stage took (its lane's share, for a stage split across lanes). */
  seconds: number;
  note?: string;
  /** What failed, named (printed last, so the end of a CI log says which tests to look at). */
  failures?: string[];
}

/** Seconds each stage may take on a quiet 2-core machine, and the whole run. */
export interface Budgets {
  run: number;
  /** By the stage's kind: "integration" for "integration (lane 2)", "stack" for "lane 1: stack". */
  stages: Record<string, number>;
}

export const readBudgets = (file = join(ROOT, 'tests', 'budgets.json')): Budgets =>
  JSON.parse(readFileSync(file, 'utf8')) as Budgets;

/** A stage's kind: its name without the lane it ran on. */
export const stageKind = (stage: string): string =>
  stage.replace(/^lane \d+: /, '').replace(/ \(lane \d+\)$/, '');

/** "270.5 s of 300 s", marked when over. */
export function againstBudget(seconds: number, budget: number | undefined): string {
  const time = `${String(seconds).padStart(6)} s`;
  if (budget === undefined) return `${time}  (no budget)`;
  const over = seconds > budget;
  return `${time} of ${String(budget).padStart(3)} s${over ? `  OVER BUDGET by ${Math.round((seconds - budget) * 10) / 10} s` : ''}`;
}

/** The lines of the closing summary, the total line last. */
export function summaryLines(
  results: StageResult[],
  runSeconds: number,
  stagesFile: string,
  budgets: Budgets,
): string[] {
  const total = results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const lines = ['', 'Summary'];
  for (const r of results) {
    const counts = `${String(r.passed).padStart(4)} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
    const time = againstBudget(r.seconds, budgets.stages[stageKind(r.stage)]);
    lines.push(`  ${r.stage.padEnd(24)} ${counts}  ${time}${r.note ? `  (${r.note})` : ''}`);
  }
  lines.push(
    `  ${'time'.padEnd(24)} ${againstBudget(runSeconds, budgets.run)} (${Math.round(budgets.run / 60)} minutes; stage times: ${stagesFile})`,
  );
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.stage}: ${f}`));
  if (failures.length > 0) lines.push('Failed', ...failures);
  lines.push(
    `total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  return lines;
}
