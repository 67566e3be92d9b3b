import { ClosingWork, dealToLanes, type LaneItem } from './test-lanes';

const integration = (file: string): LaneItem => ({ suite: 'integration', file });
const e2e = (file: string): LaneItem => ({ suite: 'e2e', file });

describe('dealing test files to the lanes', () => {
  const items: LaneItem[] = [
    integration('tests/api/a.test.ts'),
    integration('tests/api/b.test.ts'),
    integration('tests/api/new.test.ts'),
    e2e('e2e/x.spec.ts'),
    e2e('e2e/y.spec.ts'),
  ];
  const durations = {
    integration: { 'tests/api/a.test.ts': 60, 'tests/api/b.test.ts': 10 },
    e2e: { 'e2e/x.spec.ts': 100, 'e2e/y.spec.ts': 40 },
  };
  const total = (lane: LaneItem[]) =>
    lane.reduce(
      (sum, i) =>
        sum + ((durations as Record<string, Record<string, number>>)[i.suite]?.[i.file] ?? 60),
      0,
    );

  it('deals every file exactly once, an unmeasured one included', () => {
    const lanes = dealToLanes(items, durations, 2);
    expect(
      lanes
        .flat()
        .map((i) => i.file)
        .sort(),
    ).toEqual(items.map((i) => i.file).sort());
  });

  it('balances the lanes by duration', () => {
    const [first, second] = dealToLanes(items, durations, 2);
    // 270 s dealt, longest first to the lane with less (the new file as its suite's median, the
    // upper of 10 and 60): 100 + 40 against 60 + 60 + 10.
    expect([total(first!), total(second!)].sort((a, b) => a - b)).toEqual([130, 140]);
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

describe('the closing work goes to the lane done first', () => {
  it('two lanes: the first done takes the rehearsal, the last the rules', () => {
    const closing = new ClosingWork(['rules', 'rehearsal'], 2);
    expect(closing.take()).toEqual(['rehearsal']);
    expect(closing.take()).toEqual(['rules']);
  });

  it('one lane takes both, the rules first (they need its stack)', () => {
    expect(new ClosingWork(['rehearsal', 'rules'], 1).take()).toEqual(['rules', 'rehearsal']);
  });

  it('a single job goes to the first lane done, and nothing is taken twice', () => {
    const closing = new ClosingWork(['rules'], 2);
    expect(closing.take()).toEqual(['rules']);
    expect(closing.take()).toEqual([]);
    const none = new ClosingWork([], 2);
    expect([...none.take(), ...none.take()]).toEqual([]);
  });
});

const order = (suite: string) => ['integration', 'e2e'].indexOf(suite);
