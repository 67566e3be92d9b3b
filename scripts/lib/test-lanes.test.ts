import { dealToLanes, type LaneItem } from './test-lanes';

const integration = (file: string): LaneItem => ({ suite: 'integration', file });
const e2e = (file: string): LaneItem => ({ suite: 'e2e', file });

describe('dealing test files to the lanes', () => {
  const items: LaneItem[] = [
    integration('tests/api/a.test.ts'),
    integration('tests/api/b.test.ts'),
    integration('tests/api/new.test.ts'),
    e2e('e2e/x.spec.ts'),
    e2e('e2e/y.spec.ts'),
    { suite: 'rules', file: 'tests/rules' },
    { suite: 'rehearsal', file: 'rehearsal' },
  ];
  const durations = {
    integration: { 'tests/api/a.test.ts': 60, 'tests/api/b.test.ts': 10 },
    e2e: { 'e2e/x.spec.ts': 100, 'e2e/y.spec.ts': 40 },
    rules: { 'tests/rules': 20 },
    rehearsal: { rehearsal: 80 },
  };

  it('deals every file exactly once, an unmeasured one included', () => {
    const lanes = dealToLanes(items, durations, 2);
    expect(
      lanes
        .flat()
        .map((i) => i.file)
        .sort(),
    ).toEqual(items.map((i) => i.file).sort());
  });

  it('puts the rules first and the rehearsal last, and balances the rest by duration', () => {
    const [first, second] = dealToLanes(items, durations, 2);
    expect(first!.some((i) => i.suite === 'rules')).toBe(true);
    expect(second!.some((i) => i.suite === 'rehearsal')).toBe(true);
    const total = (lane: LaneItem[]) =>
      lane.reduce(
        (sum, i) =>
          sum + ((durations as Record<string, Record<string, number>>)[i.suite]?.[i.file] ?? 35),
        0,
      );
    // 20 + 80 fixed, 245 dealt (the new file as its suite's median, 60 or 10 → 35): within the
    // longest single file of each other.
    expect(Math.abs(total(first!) - total(second!))).toBeLessThanOrEqual(100);
  });

  it('keeps integration files before browser specs, each in alphabetical order', () => {
    for (const lane of dealToLanes(items, durations, 2)) {
      const suites = lane.map((i) => i.suite);
      expect([...suites].sort((a, b) => order(a) - order(b))).toEqual(suites);
      for (const suite of ['integration', 'e2e'] as const) {
        const files = lane.filter((i) => i.suite === suite).map((i) => i.file);
        expect([...files].sort()).toEqual(files);
      }
    }
  });

  it('one lane gets everything', () => {
    const [only] = dealToLanes(items, durations, 1);
    expect(only).toHaveLength(items.length);
  });
});

const order = (suite: string) => ['integration', 'e2e', 'rules', 'rehearsal'].indexOf(suite);
