import { againstBudget, readBudgets, stageKind, summaryLines, type Budgets } from './test-summary';

const budgets: Budgets = { run: 720, stages: { integration: 300, stack: 40, unit: 30 } };

describe('the closing summary against the budgets', () => {
  it('reads a stage kind whatever lane it ran on', () => {
    expect(stageKind('integration (lane 2)')).toBe('integration');
    expect(stageKind('lane 1: stack')).toBe('stack');
    expect(stageKind('rehearsal: stack')).toBe('rehearsal: stack');
    expect(stageKind('unit')).toBe('unit');
  });

  it('marks a stage over its budget with the excess, and one within without a mark', () => {
    expect(againstBudget(312.4, 300)).toBe(' 312.4 s of 300 s  OVER BUDGET by 12.4 s');
    expect(againstBudget(250, 300)).toBe('   250 s of 300 s');
    expect(againstBudget(5, undefined)).toBe('     5 s  (no budget)');
  });

  it('prints every stage, the whole run against its budget, the failures, then the total', () => {
    const lines = summaryLines(
      [
        { stage: 'unit', passed: 10, failed: 0, skipped: 0, seconds: 31 },
        {
          stage: 'integration (lane 1)',
          passed: 5,
          failed: 1,
          skipped: 2,
          seconds: 100,
          failures: ['tests/api/a.test.ts › x: boom'],
        },
      ],
      800,
      '.stack/test-10/stages.json',
      budgets,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/unit .* 31 s of {2}30 s {2}OVER BUDGET by 1 s/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/integration \(lane 1\).*2 skipped.*100 s of 300 s$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/time .*800 s of 720 s {2}OVER BUDGET by 80 s \(12 minutes/),
    );
    expect(lines).toContain('  integration (lane 1): tests/api/a.test.ts › x: boom');
    expect(lines.at(-1)).toBe('total: 15 passed, 1 failed, 2 skipped');
  });

  it("has a budget for every stage the suite runs, and the run's within 12 minutes", () => {
    const { run, stages } = readBudgets();
    expect(run).toBeLessThanOrEqual(720);
    for (const kind of [
      'format',
      'lint',
      'typecheck',
      'deploy',
      'unit',
      'web',
      'stack',
      'integration',
      'e2e',
      'rules',
      'rehearsal: stack',
      'rehearsal',
      'smoke',
      'setup+smoke',
    ]) {
      expect(stages[kind]).toBeGreaterThan(0);
    }
  });
});
