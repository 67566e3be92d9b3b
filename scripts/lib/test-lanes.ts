/**
 * Dealing the test files that need an emulator stack to the lanes of `npm test` (scripts/test.ts):
 * each lane is a stack with a database of its own, running its files one at a time. Files go to
 * the lane that would finish first (longest first), by the durations measured in an earlier run
 * (tests/durations.json, written by `npm run bench:test`); a file not measured yet counts as the
 * median of its suite, so a new file is never left out, only perhaps dealt less evenly.
 */

export type LaneSuite = 'integration' | 'e2e' | 'rules' | 'rehearsal';

export interface LaneItem {
  suite: LaneSuite;
  /** A test file from the repository's root, or the suite's own name for rules and rehearsal. */
  file: string;
}

/** Seconds per file, per suite, as measured (tests/durations.json). */
export type Durations = Partial<Record<LaneSuite, Record<string, number>>>;

const median = (values: number[]): number => {
  if (values.length === 0) return 10;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 10;
};

/**
 * The items in `lanes` lists. The rules matrix goes to the first lane and the rehearsal to the
 * last (its stack replaces the lane's once the lane's files are done); every other file goes,
 * longest first, to the lane with the least work so far. Inside a lane the files keep their
 * alphabetical order (the order one stack ran them in), integration files before browser specs.
 */
export function dealToLanes(items: LaneItem[], durations: Durations, lanes: number): LaneItem[][] {
  const dealt: LaneItem[][] = Array.from({ length: lanes }, () => []);
  const load = new Array<number>(lanes).fill(0);
  const estimate = (item: LaneItem) =>
    durations[item.suite]?.[item.file] ?? median(Object.values(durations[item.suite] ?? {}));
  const place = (item: LaneItem, lane: number) => {
    dealt[lane]!.push(item);
    load[lane]! += estimate(item);
  };
  for (const item of items) {
    if (item.suite === 'rules') place(item, 0);
    if (item.suite === 'rehearsal') place(item, lanes - 1);
  }
  const files = items
    .filter((i) => i.suite === 'integration' || i.suite === 'e2e')
    .sort((a, b) => estimate(b) - estimate(a) || a.file.localeCompare(b.file));
  for (const item of files) place(item, load.indexOf(Math.min(...load)));
  const order = (i: LaneItem) => ['integration', 'e2e', 'rules', 'rehearsal'].indexOf(i.suite);
  return dealt.map((lane) =>
    lane.sort((a, b) => order(a) - order(b) || a.file.localeCompare(b.file)),
  );
}
