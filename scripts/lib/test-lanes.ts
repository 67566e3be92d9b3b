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
 * The test files in `lanes` lists: longest first, each to the lane with the least work so far.
 * Inside a lane the files keep their alphabetical order (the order one stack ran them in),
 * integration files before browser specs. The closing work is not dealt: see `ClosingWork`.
 */
export function dealToLanes(items: LaneItem[], durations: Durations, lanes: number): LaneItem[][] {
  const dealt: LaneItem[][] = Array.from({ length: lanes }, () => []);
  const load = new Array<number>(lanes).fill(0);
  const estimate = (item: LaneItem) =>
    durations[item.suite]?.[item.file] ?? median(Object.values(durations[item.suite] ?? {}));
  const files = items
    .filter((i) => i.suite === 'integration' || i.suite === 'e2e')
    .sort((a, b) => estimate(b) - estimate(a) || a.file.localeCompare(b.file));
  for (const item of files) {
    const lane = load.indexOf(Math.min(...load));
    dealt[lane]!.push(item);
    load[lane]! += estimate(item);
  }
  const order = (i: LaneItem) => ['integration', 'e2e'].indexOf(i.suite);
  return dealt.map((lane) =>
    lane.sort((a, b) => order(a) - order(b) || a.file.localeCompare(b.file)),
  );
}

/** The work that closes a run: the rules matrix (on a lane's stack) and the rehearsal. */
export type ClosingJob = 'rules' | 'rehearsal';

/**
 * The closing work goes to whichever lane is done with its files first, so that no lane stands
 * idle while the other works through a job dealt to it in advance: the measured durations of a
 * file vary by a third from run to run, more than the closing jobs last. While another lane still
 * works, a lane that is done takes the longest job left (the rehearsal, then the rules); the last
 * lane done takes everything left. The rules run on the lane's stack before it stops; the
 * rehearsal starts a stack of its own on the lane's ports once the lane's stack has stopped.
 */
export class ClosingWork {
  private left: ClosingJob[];
  private working: number;

  constructor(jobs: ClosingJob[], lanes: number) {
    this.left = (['rehearsal', 'rules'] as const).filter((j) => jobs.includes(j));
    this.working = lanes;
  }

  /** Called once by each lane whose files are done: the jobs it runs now. */
  take(): ClosingJob[] {
    this.working -= 1;
    const taken = this.working <= 0 ? this.left : this.left.slice(0, 1);
    this.left = this.left.filter((j) => !taken.includes(j));
    // The rules first: they need the lane's stack, which stops before the rehearsal starts.
    return (['rules', 'rehearsal'] as const).filter((j) => taken.includes(j));
  }
}
