/**
 * Whole-cohort matching: the set of new mentor-student pairs that maximises the total match score
 * within every mentor's free capacity, never pairing people with nothing in common.
 *
 * Formulation: min-cost flow on source -> student (capacity 1) -> mentor (cost -weight, only
 * pairs with a positive score that do not exist yet) -> sink (capacity = free places). The
 * weight of a pair is `score * K + 1` with K larger than any possible number of pairs, so the
 * optimum maximises the total score first and, among equal totals, the number of students matched.
 *
 * Solver: primal-dual successive shortest paths. Each phase runs Dijkstra on reduced costs
 * (potentials keep them non-negative), then saturates every shortest augmenting path at once
 * with Dinic blocking flows on the zero-reduced-cost subgraph. One augmenting path adds one pair,
 * so its gain is `deltaScore * K + 1` with deltaScore in 0..maxScore: there are at most
 * maxScore + 1 phases (29 with the spec's option lists). We stop when the next shortest path
 * would not improve the objective. The student-mentor edges are implicit (a score matrix), so
 * memory stays at one byte per pair.
 *
 * Determinism: students and mentors are sorted by id before solving, so the same people in any
 * order give the same pairs; among several optimal sets the one the solver reaches first in id
 * order is returned.
 */
import { priorityRank, type MatchPriority } from '../carry-forward';
import { matchScore, type MatchProfile, type MatchResult } from '../match';

/**
 * PRIORITY RULE, stated once and property-tested: a student with a higher match
 * priority ('rematch' > 'carried-forward' > none) is never left unmatched while a mentor who
 * shares a discipline or topic with them has a place in the proposal that went to a student of
 * lower priority, or stays free. How: each pair's weight gets a bonus of rank x B, with B larger
 * than the weight of any whole proposal without bonuses, so swapping a lower-ranked student out
 * for a higher-ranked one always gains; among equal ranks the total score decides as before.
 * Priority students' pairs are listed first.
 */

export interface MatchingStudent extends MatchProfile {
  id: string;
  /** Matched first: 'rematch' outranks 'carried-forward'; see PRIORITY RULE. */
  matchPriority?: MatchPriority;
  /** As the student chose it (TIME_ZONES); the TIME-ZONE RULE (working-hours.ts) reads it. */
  timeZone?: string | null;
}

export interface MatchingMentor extends MatchProfile {
  id: string;
  /** Places left: capacity minus active pairs. Mentors with none are ignored. */
  freeCapacity: number;
  /** The mentor's free text (the spec's field), read by time-zones.ts readTimeZone. */
  timeZone?: string | null;
}

export interface PairKey {
  mentorId: string;
  studentId: string;
}

export interface ProposalInput {
  /** Active students without an active pair. */
  students: readonly MatchingStudent[];
  /** Active mentors (those without free places are ignored). */
  mentors: readonly MatchingMentor[];
  /** Pairs that already exist (active or not): never proposed again. */
  existingPairs?: readonly PairKey[];
}

export type ProposedPair = PairKey & MatchResult;

/** Why a student is left out of the proposal. */
export type UnmatchedReason = 'no-preferences' | 'no-compatible-mentor' | 'capacity-exhausted';

export const UNMATCHED_REASONS: readonly UnmatchedReason[] = [
  'no-preferences',
  'no-compatible-mentor',
  'capacity-exhausted',
];

/** What the admin screen says for each reason. */
export const UNMATCHED_REASON_TEXT: Record<UnmatchedReason, string> = {
  'no-preferences': 'Lists no disciplines or mentoring topics to match on',
  'no-compatible-mentor': 'No mentor with free places shares a discipline or topic',
  'capacity-exhausted': 'Every mentor who shares a discipline or topic is full in this proposal',
};

export interface UnmatchedStudent {
  studentId: string;
  reason: UnmatchedReason;
}

export interface Proposal {
  /** Best score first, then by mentor id and student id. */
  pairs: ProposedPair[];
  /** In student id order. */
  unmatched: UnmatchedStudent[];
  totalScore: number;
  /** Students and mentors (with free places) the proposal considered. */
  studentCount: number;
  mentorCount: number;
  /** Free places before and after the proposal. */
  freePlaces: number;
  freePlacesLeft: number;
}

/** Code-point order of two ids: the proposal's tie-break, the same on every machine. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order a proposal lists its pairs in (and every rule that moves pairs keeps): re-match
 * priority first, then the higher score, then the ids.
 */
export const proposalOrder =
  (rank: (studentId: string) => number) =>
  (a: ProposedPair, b: ProposedPair): number =>
    rank(b.studentId) - rank(a.studentId) ||
    b.score - a.score ||
    compareIds(a.mentorId, b.mentorId) ||
    compareIds(a.studentId, b.studentId);

const byId = <T extends { id: string }>(items: readonly T[], label: string): T[] => {
  const sorted = [...items].sort((a, b) => compareIds(a.id, b.id));
  for (let k = 1; k < sorted.length; k += 1) {
    if (sorted[k]?.id === sorted[k - 1]?.id) {
      throw new Error(`proposeMatches: duplicate ${label} id ${sorted[k]?.id}`);
    }
  }
  return sorted;
};

/** Bit masks of each person's (deduplicated) disciplines and topics, for fast scoring. */
function maskEncoder() {
  const index = new Map<string, number>();
  const encode = (values: readonly string[] | null | undefined): number => {
    let mask = 0;
    for (const value of values ?? []) {
      let bit = index.get(value);
      if (bit === undefined) {
        bit = index.size;
        index.set(value, bit);
      }
      if (bit < 31) mask |= 1 << bit;
    }
    return mask;
  };
  return { encode, fits: () => index.size <= 31 };
}

const popcount = (value: number): number => {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/**
 * The score of every student-mentor pair (row-major, students x mentors); 0 for pairs that
 * already exist. Bit masks when the values fit in 31 bits each (always with the option lists),
 * the reference matchScore otherwise.
 */
function scoreMatrix(
  students: readonly MatchingStudent[],
  mentors: readonly MatchingMentor[],
  existing: readonly PairKey[],
): Uint8Array {
  const S = students.length;
  const M = mentors.length;
  const scores = new Uint8Array(S * M);
  const disciplines = maskEncoder();
  const topics = maskEncoder();
  const sd = students.map((s) => disciplines.encode(s.preferredDisciplines));
  const st = students.map((s) => topics.encode(s.mentoringTopics));
  const md = mentors.map((m) => disciplines.encode(m.preferredDisciplines));
  const mt = mentors.map((m) => topics.encode(m.mentoringTopics));
  const useMasks = disciplines.fits() && topics.fits();
  for (let i = 0; i < S; i += 1) {
    const student = students[i] as MatchingStudent;
    for (let j = 0; j < M; j += 1) {
      const mentor = mentors[j] as MatchingMentor;
      const score = useMasks
        ? popcount((sd[i] as number) & (md[j] as number)) +
          popcount((st[i] as number) & (mt[j] as number))
        : matchScore(mentor, student).score;
      scores[i * M + j] = Math.min(score, 255);
    }
  }
  if (existing.length > 0) {
    const studentIndex = new Map(students.map((s, i) => [s.id, i]));
    const mentorIndex = new Map(mentors.map((m, j) => [m.id, j]));
    for (const pair of existing) {
      const i = studentIndex.get(pair.studentId);
      const j = mentorIndex.get(pair.mentorId);
      if (i !== undefined && j !== undefined) scores[i * M + j] = 0;
    }
  }
  return scores;
}

/**
 * What both solvers start from: the students and the mentors with free places, each sorted by id
 * (duplicates refused), and the score of every pair (scoreMatrix).
 */
function scoredInput(input: ProposalInput) {
  const students = byId(input.students, 'student');
  const mentors = byId(
    input.mentors.filter((m) => m.freeCapacity > 0),
    'mentor',
  );
  return { students, mentors, scores: scoreMatrix(students, mentors, input.existingPairs ?? []) };
}

/** A binary min-heap of (key, node) with lazy deletion. */
class MinHeap {
  private keys: Float64Array;
  private nodes: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
    this.nodes = new Int32Array(Math.max(16, capacity));
  }

  push(key: number, node: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      const nodes = new Int32Array(this.nodes.length * 2);
      nodes.set(this.nodes);
      this.keys = keys;
      this.nodes = nodes;
    }
    let k = this.size;
    this.size += 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if ((this.keys[parent] as number) <= key) break;
      this.move(parent, k);
      k = parent;
    }
    this.put(k, key, node);
  }

  /** Removes the minimum; read topKey/topNode before calling. */
  pop(): void {
    this.size -= 1;
    const key = this.keys[this.size] as number;
    const node = this.nodes[this.size] as number;
    let k = 0;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && (this.keys[child + 1] as number) < (this.keys[child] as number))
        child += 1;
      if ((this.keys[child] as number) >= key) break;
      this.move(child, k);
      k = child;
    }
    this.put(k, key, node);
  }

  /** Moves the entry at `from` into the slot `to` (sifting). */
  private move(from: number, to: number): void {
    this.keys[to] = this.keys[from] as number;
    this.nodes[to] = this.nodes[from] as number;
  }

  private put(slot: number, key: number, node: number): void {
    this.keys[slot] = key;
    this.nodes[slot] = node;
  }

  topKey(): number {
    return this.keys[0] as number;
  }

  topNode(): number {
    return this.nodes[0] as number;
  }

  clear(): void {
    this.size = 0;
  }
}

/**
 * Solves the flow problem. Returns, for each student index, the mentor index it is matched to
 * (-1 when unmatched). `scores` is students x mentors row-major; `capacity` per mentor.
 */
function solveMatching(
  studentCount: number,
  mentorCount: number,
  scores: Uint8Array,
  capacity: Int32Array,
  /** Per student: added to the weight of each of their pairs (the PRIORITY RULE). */
  bonus?: Float64Array,
): Int32Array {
  const S = studentCount;
  const M = mentorCount;
  const match = new Int32Array(S).fill(-1);
  if (S === 0 || M === 0) return match;

  // Node numbering: students 0..S-1, mentors S..S+M-1, sink T, source SRC.
  const T = S + M;
  const SRC = S + M + 1;
  const N = S + M + 2;
  const K = S + 1;
  const weight = bonus
    ? (i: number, j: number) => (bonus[i] as number) + (scores[i * M + j] as number) * K + 1
    : (i: number, j: number) => (scores[i * M + j] as number) * K + 1;

  const used = new Int32Array(M);
  const members: number[][] = Array.from({ length: M }, () => []);

  // Initial potentials: exact shortest distances from the source in the flow-free DAG.
  const pi = new Float64Array(N);
  let minMentor = 0;
  for (let j = 0; j < M; j += 1) {
    let best = 0;
    for (let i = 0; i < S; i += 1) {
      if ((scores[i * M + j] as number) > 0) best = Math.max(best, weight(i, j));
    }
    pi[S + j] = -best;
    if ((capacity[j] as number) > 0) minMentor = Math.min(minMentor, -best);
  }
  pi[T] = minMentor;

  const dist = new Float64Array(N);
  const settled = new Uint8Array(N);
  const heap = new MinHeap(4 * N);
  const level = new Int32Array(N);
  const queue = new Int32Array(N);
  const dead = new Uint8Array(N);

  // Reduced costs of the residual edges (all >= 0 while the potentials are valid).
  const rcSourceStudent = (i: number) => (pi[SRC] as number) - (pi[i] as number);
  const rcStudentMentor = (i: number, j: number) =>
    -weight(i, j) + (pi[i] as number) - (pi[S + j] as number);
  const rcMentorStudent = (j: number, i: number) =>
    weight(i, j) + (pi[S + j] as number) - (pi[i] as number);
  const rcMentorSink = (j: number) => (pi[S + j] as number) - (pi[T] as number);
  const canSink = (j: number) => (used[j] as number) < (capacity[j] as number);
  const forward = (i: number, j: number) => (scores[i * M + j] as number) > 0 && match[i] !== j;

  const relax = (node: number, key: number) => {
    if (settled[node] === 0 && key < (dist[node] as number)) {
      dist[node] = key;
      heap.push(key, node);
    }
  };

  /** Dijkstra on reduced costs, stopping once the sink is settled. */
  const shortestPaths = () => {
    dist.fill(Infinity);
    settled.fill(0);
    heap.clear();
    dist[SRC] = 0;
    heap.push(0, SRC);
    while (heap.size > 0) {
      const du = heap.topKey();
      const u = heap.topNode();
      heap.pop();
      if (settled[u] === 1 || du > (dist[u] as number)) continue;
      settled[u] = 1;
      if (u === T) break;
      if (u === SRC) {
        for (let i = 0; i < S; i += 1) if (match[i] === -1) relax(i, du + rcSourceStudent(i));
      } else if (u < S) {
        for (let j = 0; j < M; j += 1) {
          if (forward(u, j)) relax(S + j, du + rcStudentMentor(u, j));
        }
      } else {
        const j = u - S;
        for (const i of members[j] as number[]) relax(i, du + rcMentorStudent(j, i));
        if (canSink(j)) relax(T, du + rcMentorSink(j));
      }
    }
  };

  // Student -> mentor edges with zero reduced cost, rebuilt once per phase (the potentials only
  // change between phases): the blocking flows then never rescan the whole score matrix.
  const tightStart = new Int32Array(S + 1);
  let tightList = new Int32Array(Math.max(16, S));
  const buildTight = () => {
    let count = 0;
    for (let i = 0; i < S; i += 1) {
      tightStart[i] = count;
      for (let j = 0; j < M; j += 1) {
        if ((scores[i * M + j] as number) > 0 && rcStudentMentor(i, j) === 0) {
          if (count === tightList.length) {
            const grown = new Int32Array(tightList.length * 2);
            grown.set(tightList);
            tightList = grown;
          }
          tightList[count++] = j;
        }
      }
    }
    tightStart[S] = count;
  };

  /** BFS levels over the admissible (zero reduced cost) residual graph. */
  const buildLevels = (): boolean => {
    level.fill(-1);
    let head = 0;
    let tail = 0;
    level[SRC] = 0;
    queue[tail++] = SRC;
    while (head < tail) {
      const u = queue[head++] as number;
      if (level[T] !== -1 && (level[u] as number) >= (level[T] as number)) break;
      const next = (level[u] as number) + 1;
      if (u === SRC) {
        for (let i = 0; i < S; i += 1) {
          if (match[i] === -1 && level[i] === -1 && rcSourceStudent(i) === 0) {
            level[i] = next;
            queue[tail++] = i;
          }
        }
      } else if (u < S) {
        const end = tightStart[u + 1] as number;
        for (let k = tightStart[u] as number; k < end; k += 1) {
          const j = tightList[k] as number;
          if (level[S + j] === -1 && match[u] !== j) {
            level[S + j] = next;
            queue[tail++] = S + j;
          }
        }
      } else {
        const j = u - S;
        for (const i of members[j] as number[]) {
          if (level[i] === -1 && rcMentorStudent(j, i) === 0) {
            level[i] = next;
            queue[tail++] = i;
          }
        }
        if (level[T] === -1 && canSink(j) && rcMentorSink(j) === 0) level[T] = next;
      }
    }
    return level[T] !== -1;
  };

  // Iterative DFS state: the path alternates students and mentors, starting at a free student.
  const pathStudents = new Int32Array(S + 1);
  const pathMentors = new Int32Array(S + 1);
  const cursor = new Int32Array(S);

  const augment = (length: number) => {
    // pathStudents[0] is free; student k moves to pathMentors[k], leaving pathMentors[k - 1].
    for (let k = 0; k < length; k += 1) {
      const i = pathStudents[k] as number;
      const j = pathMentors[k] as number;
      if (k > 0) {
        const previous = members[pathMentors[k - 1] as number] as number[];
        previous.splice(previous.indexOf(i), 1);
      }
      match[i] = j;
      (members[j] as number[]).push(i);
      // A student used by a path cannot be reached again in this level graph.
      dead[i] = 1;
    }
    const last = pathMentors[length - 1] as number;
    used[last] = (used[last] as number) + 1;
  };

  /** One blocking flow from a free student; returns whether a path was found. */
  const searchFrom = (start: number): boolean => {
    let depth = 0;
    pathStudents[0] = start;
    cursor[start] = tightStart[start] as number;
    for (;;) {
      const i = pathStudents[depth] as number;
      const wanted = (level[i] as number) + 1;
      let advanced = false;
      const end = tightStart[i + 1] as number;
      for (let k = cursor[i] as number; k < end; k += 1) {
        const j = tightList[k] as number;
        const node = S + j;
        if (level[node] !== wanted || dead[node] === 1 || match[i] === j) continue;
        cursor[i] = k + 1;
        // Try the mentor: the sink first, then one of its students.
        if (level[T] === wanted + 1 && canSink(j) && rcMentorSink(j) === 0) {
          pathMentors[depth] = j;
          augment(depth + 1);
          return true;
        }
        let nextStudent = -1;
        for (const other of members[j] as number[]) {
          if (level[other] === wanted + 1 && dead[other] === 0 && rcMentorStudent(j, other) === 0) {
            nextStudent = other;
            break;
          }
        }
        if (nextStudent === -1) {
          dead[node] = 1;
          continue;
        }
        pathMentors[depth] = j;
        depth += 1;
        pathStudents[depth] = nextStudent;
        cursor[nextStudent] = tightStart[nextStudent] as number;
        advanced = true;
        break;
      }
      if (advanced) continue;
      // Dead end at student i: retreat to the mentor that led here and try its next student.
      dead[i] = 1;
      if (depth === 0) return false;
      depth -= 1;
      // Step the previous student's cursor back onto the mentor that led here, so that mentor
      // is tried again with its next live student (the one that failed is now dead).
      const previous = pathStudents[depth] as number;
      cursor[previous] = (cursor[previous] as number) - 1;
    }
  };

  for (;;) {
    shortestPaths();
    const dt = dist[T] as number;
    if (dt === Infinity) break;
    const trueCost = dt + (pi[T] as number) - (pi[SRC] as number);
    if (trueCost >= 0) break;
    for (let v = 0; v < N; v += 1) pi[v] = (pi[v] as number) + Math.min(dist[v] as number, dt);

    buildTight();
    while (buildLevels()) {
      dead.fill(0);
      let found = false;
      for (let i = 0; i < S; i += 1) {
        if (match[i] === -1 && level[i] === 1 && dead[i] === 0 && searchFrom(i)) found = true;
      }
      if (!found) break;
    }
  }
  return match;
}

/** The proposal for the given people: optimal, capacity-respecting, deterministic. */
export function proposeMatches(input: ProposalInput): Proposal {
  const { students, mentors, scores } = scoredInput(input);
  const S = students.length;
  const M = mentors.length;
  const capacity = Int32Array.from(mentors, (m) => Math.floor(m.freeCapacity));
  const ranks = students.map((s) => priorityRank(s.matchPriority));
  let bonus: Float64Array | undefined;
  if (ranks.some((r) => r > 0)) {
    // B exceeds the weight of every possible proposal without bonuses (S pairs of at most
    // maxScore * K + 1 each, K = S + 1 as in the solver).
    let maxScore = 0;
    for (const score of scores) maxScore = Math.max(maxScore, score);
    const B = S * (maxScore * (S + 1) + 1) + 1;
    bonus = Float64Array.from(ranks, (r) => r * B);
  }
  const match = solveMatching(S, M, scores, capacity, bonus);
  const rankOf = new Map(students.map((s, i) => [s.id, ranks[i] as number]));

  const pairs: ProposedPair[] = [];
  const unmatched: UnmatchedStudent[] = [];
  let totalScore = 0;
  for (let i = 0; i < S; i += 1) {
    const student = students[i] as MatchingStudent;
    const j = match[i] as number;
    if (j >= 0) {
      const mentor = mentors[j] as MatchingMentor;
      const result = matchScore(mentor, student);
      totalScore += result.score;
      pairs.push({ mentorId: mentor.id, studentId: student.id, ...result });
      continue;
    }
    const hasPreferences =
      (student.preferredDisciplines?.length ?? 0) + (student.mentoringTopics?.length ?? 0) > 0;
    let compatible = false;
    for (let k = 0; k < M && !compatible; k += 1) compatible = (scores[i * M + k] as number) > 0;
    unmatched.push({
      studentId: student.id,
      reason: !hasPreferences
        ? 'no-preferences'
        : compatible
          ? 'capacity-exhausted'
          : 'no-compatible-mentor',
    });
  }
  pairs.sort(proposalOrder((id) => rankOf.get(id) ?? 0));
  const freePlaces = capacity.reduce((sum, c) => sum + c, 0);
  return {
    pairs,
    unmatched,
    totalScore,
    studentCount: S,
    mentorCount: M,
    freePlaces,
    freePlacesLeft: freePlaces - pairs.length,
  };
}

/** Greedy baseline (best-scoring pair first, ties by ids): for benchmarks and comparisons. */
export function greedyMatches(input: ProposalInput): PairKey[] {
  const { students, mentors, scores } = scoredInput(input);
  const S = students.length;
  const M = mentors.length;
  // Bucket the pairs by score (scores are small), best bucket first; index order breaks ties.
  const buckets: number[][] = [];
  for (let p = 0; p < S * M; p += 1) {
    const score = scores[p] as number;
    if (score > 0) (buckets[score] ??= []).push(p);
  }
  const left = Int32Array.from(mentors, (m) => Math.floor(m.freeCapacity));
  const taken = new Uint8Array(S);
  const out: PairKey[] = [];
  for (let score = buckets.length - 1; score > 0; score -= 1) {
    for (const p of buckets[score] ?? []) {
      const i = Math.floor(p / M);
      const j = p % M;
      if (taken[i] === 1 || (left[j] as number) <= 0) continue;
      taken[i] = 1;
      left[j] = (left[j] as number) - 1;
      out.push({
        mentorId: (mentors[j] as MatchingMentor).id,
        studentId: (students[i] as MatchingStudent).id,
      });
    }
  }
  return out;
}
