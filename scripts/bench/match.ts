/**
 * `npm run bench:match`: times the whole-cohort proposal on 1,000 students x 300 mentors
 * (capacity 1-3, seeded demo people) and compares its total score with a greedy baseline
 * (best-scoring pair first) on the same input. Writes bench-results/match.json.
 *
 * Options: --students N --mentors N --runs N --seed N
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  greedyMatches,
  matchScore,
  proposeMatches,
  type MatchingMentor,
  type MatchingStudent,
  type ProposalInput,
} from '@mentorship/domain';
import { createRandom, makeMentor, makeStudent } from '../lib/seed-data';
import { median } from '../lib/stats';
import { benchOption } from '../lib/bench-stack';

const STUDENTS = benchOption('students', 1000);
const MENTORS = benchOption('mentors', 300);
const RUNS = Math.max(1, benchOption('runs', 7));
const SEED = benchOption('seed', 2024);
const TARGET_MS = 1000;

/** What the proposal reads of a seeded person: a numbered id and their choices. */
const matchingPerson = (
  kind: 'student' | 'mentor',
  index: number,
  person: Pick<MatchingStudent, 'preferredDisciplines' | 'mentoringTopics'>,
) => ({
  id: `${kind}-${String(index).padStart(5, '0')}`,
  preferredDisciplines: person.preferredDisciplines,
  mentoringTopics: person.mentoringTopics,
});

function buildInput(): ProposalInput {
  const random = createRandom(SEED);
  const students: MatchingStudent[] = Array.from({ length: STUDENTS }, (_, i) =>
    matchingPerson('student', i, makeStudent(random, i)),
  );
  const mentors: MatchingMentor[] = Array.from({ length: MENTORS }, (_, j) => ({
    ...matchingPerson('mentor', j, makeMentor(random, j)),
    freeCapacity: random.int(1, 3),
  }));
  return { students, mentors, existingPairs: [] };
}

function main() {
  const input = buildInput();
  const freePlaces = input.mentors.reduce((sum, m) => sum + m.freeCapacity, 0);

  const times: number[] = [];
  let proposal = proposeMatches(input);
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    proposal = proposeMatches(input);
    times.push(performance.now() - started);
  }

  const greedyStarted = performance.now();
  const greedy = greedyMatches(input);
  const greedyMs = performance.now() - greedyStarted;
  const mentors = new Map(input.mentors.map((m) => [m.id, m]));
  const students = new Map(input.students.map((s) => [s.id, s]));
  const greedyTotal = greedy.reduce(
    (sum, p) =>
      sum +
      matchScore(
        mentors.get(p.mentorId) as MatchingMentor,
        students.get(p.studentId) as MatchingStudent,
      ).score,
    0,
  );

  // Sanity: the proposal holds every mentor's capacity.
  const load = new Map<string, number>();
  for (const pair of proposal.pairs) load.set(pair.mentorId, (load.get(pair.mentorId) ?? 0) + 1);
  const capacityHeld = [...load].every(
    ([id, count]) => count <= (mentors.get(id) as MatchingMentor).freeCapacity,
  );

  const medianMs = median(times);
  const result = {
    benchmark: 'match',
    date: new Date().toISOString(),
    node: process.version,
    input: { students: STUDENTS, mentors: MENTORS, capacity: '1-3', freePlaces, seed: SEED },
    proposal: {
      medianMs: Number(medianMs.toFixed(1)),
      minMs: Number(Math.min(...times).toFixed(1)),
      maxMs: Number(Math.max(...times).toFixed(1)),
      runs: RUNS,
      totalScore: proposal.totalScore,
      pairs: proposal.pairs.length,
      unmatched: proposal.unmatched.length,
      capacityHeld,
    },
    greedy: {
      ms: Number(greedyMs.toFixed(1)),
      totalScore: greedyTotal,
      pairs: greedy.length,
    },
    target: { underMs: TARGET_MS, totalAtLeastGreedy: true },
    pass: medianMs < TARGET_MS && proposal.totalScore >= greedyTotal && capacityHeld,
  };

  const dir = join(process.cwd(), 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'match.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `match: ${STUDENTS} students x ${MENTORS} mentors (capacity 1-3, ${freePlaces} free places)`,
  );
  console.log(
    `  proposal: median ${result.proposal.medianMs} ms over ${RUNS} runs ` +
      `(min ${result.proposal.minMs}, max ${result.proposal.maxMs}); ` +
      `total score ${proposal.totalScore}, ${proposal.pairs.length} pairs`,
  );
  console.log(
    `  greedy:   ${result.greedy.ms} ms; total score ${greedyTotal}, ${greedy.length} pairs`,
  );
  console.log(
    `  target: under ${TARGET_MS} ms and total >= greedy: ${result.pass ? 'PASS' : 'FAIL'}`,
  );
  console.log('  written: bench-results/match.json');
  if (!result.pass) process.exitCode = 1;
}

main();
