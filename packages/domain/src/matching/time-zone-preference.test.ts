import fc from 'fast-check';
import { matchScore } from '../match';
import {
  proposeMatches,
  type MatchingMentor,
  type MatchingStudent,
  type ProposalInput,
} from './propose';
import { preferWorkingHoursOverlap } from './time-zone-preference';
import { overlapClass, OVERLAP_SCORE_ALLOWANCE, workingHoursOverlap } from './working-hours';

const mentor = (
  id: string,
  disciplines: string[],
  timeZone: string | null,
  freeCapacity = 1,
): MatchingMentor => ({
  id,
  preferredDisciplines: disciplines,
  mentoringTopics: [],
  freeCapacity,
  timeZone,
});
const student = (id: string, disciplines: string[], timeZone: string | null): MatchingStudent => ({
  id,
  preferredDisciplines: disciplines,
  mentoringTopics: [],
  timeZone,
});

const run = (input: ProposalInput) => preferWorkingHoursOverlap(proposeMatches(input), input);

describe('TIME-ZONE RULE in the proposal', () => {
  const tokyo = student('s', ['A', 'B', 'C'], 'Asia/Tokyo');

  it('moves a Tokyo student from a Los Angeles mentor to a Singapore one scoring 1 less', () => {
    const input = {
      students: [tokyo],
      mentors: [
        mentor('la', ['A', 'B', 'C'], 'America/Los_Angeles'),
        mentor('sg', ['A', 'B'], 'Asia/Singapore'),
      ],
    };
    expect(proposeMatches(input).pairs.map((p) => p.mentorId)).toEqual(['la']);
    const result = run(input);
    expect(result.pairs).toEqual([
      expect.objectContaining({
        mentorId: 'sg',
        studentId: 's',
        score: 2,
        overlapHours: 11,
        movedFrom: { mentorId: 'la', score: 3, overlapHours: 4 },
      }),
    ]);
    expect(result.totalScore).toBe(2);
  });

  it('keeps the score when the gap is 2 or more', () => {
    const input = {
      students: [tokyo],
      mentors: [
        mentor('la', ['A', 'B', 'C'], 'America/Los_Angeles'),
        mentor('sg', ['A'], 'Asia/Singapore'),
      ],
    };
    expect(run(input).pairs).toEqual([
      expect.objectContaining({ mentorId: 'la', score: 3, overlapHours: 4, movedFrom: null }),
    ]);
  });

  it('treats unknown zones as neutral: no move from or to them', () => {
    const unknownStudent = {
      students: [student('s', ['A', 'B'], null)],
      mentors: [mentor('la', ['A', 'B'], 'America/Los_Angeles'), mentor('sg', ['A'], 'UTC+8')],
    };
    expect(run(unknownStudent).pairs.map((p) => [p.mentorId, p.overlapHours])).toEqual([
      ['la', null],
    ]);
    const unknownMentor = {
      students: [tokyo],
      mentors: [
        mentor('la', ['A', 'B'], 'America/Los_Angeles'),
        mentor('x', ['A', 'B'], 'Eastern'),
      ],
    };
    // The solver picks `la` (id order); the only other mentor's zone is unknown: no move.
    expect(run(unknownMentor).pairs.map((p) => [p.mentorId, p.movedFrom])).toEqual([['la', null]]);
  });

  it('reads a mentor offset written as text ("GMT+8")', () => {
    const input = {
      students: [tokyo],
      mentors: [mentor('la', ['A', 'B'], 'UTC-8'), mentor('sg', ['A'], 'Singapore (GMT+8)')],
    };
    expect(run(input).pairs.map((p) => p.mentorId)).toEqual(['sg']);
  });

  it('never moves to a full mentor or to a pair that existed before', () => {
    const full = {
      students: [tokyo, student('t', ['A'], 'Asia/Singapore')],
      mentors: [mentor('la', ['A', 'B'], 'America/Los_Angeles'), mentor('sg', ['A'], 'Asia/Tokyo')],
    };
    expect(
      run(full)
        .pairs.map((p) => `${p.mentorId}/${p.studentId}`)
        .sort(),
    ).toEqual(['la/s', 'sg/t']);
    const existed = {
      students: [tokyo],
      mentors: [mentor('la', ['A', 'B'], 'America/Los_Angeles'), mentor('sg', ['A'], 'Asia/Tokyo')],
      existingPairs: [{ mentorId: 'sg', studentId: 's' }],
    };
    expect(run(existed).pairs.map((p) => p.mentorId)).toEqual(['la']);
  });

  const DISC = ['A', 'B', 'C'];
  const ZONES = [
    null,
    'Eastern',
    'Asia/Tokyo',
    'Asia/Singapore',
    'America/Los_Angeles',
    'Europe/London',
    'America/New_York',
    'UTC+5:30',
  ];
  const instance = fc
    .record({
      students: fc.array(fc.record({ d: fc.subarray(DISC), z: fc.constantFrom(...ZONES) }), {
        maxLength: 8,
      }),
      mentors: fc.array(
        fc.record({
          d: fc.subarray(DISC),
          z: fc.constantFrom(...ZONES),
          cap: fc.integer({ min: 0, max: 3 }),
        }),
        { maxLength: 5 },
      ),
      existing: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
    })
    .map(({ students, mentors, existing }): ProposalInput => ({
      students: students.map((s, i) => student(`s${i}`, s.d, s.z)),
      mentors: mentors.map((m, j) => mentor(`m${j}`, m.d, m.z, m.cap)),
      existingPairs:
        students.length && mentors.length
          ? existing.map(([a, b]) => ({
              studentId: `s${a % students.length}`,
              mentorId: `m${b % mentors.length}`,
            }))
          : [],
    }));

  it('keeps every pair feasible, moves only as stated, and leaves no stated move undone', () => {
    fc.assert(
      fc.property(instance, (input) => {
        const before = proposeMatches(input);
        const after = preferWorkingHoursOverlap(before, input);
        const mentorOf = (id: string) => input.mentors.find((m) => m.id === id) as MatchingMentor;
        const studentOf = (id: string) =>
          input.students.find((s) => s.id === id) as MatchingStudent;
        const existed = new Set(
          (input.existingPairs ?? []).map((p) => `${p.mentorId}/${p.studentId}`),
        );
        expect(after.pairs).toHaveLength(before.pairs.length);
        expect(after.unmatched).toEqual(before.unmatched);
        expect(after.pairs.map((p) => p.studentId).sort()).toEqual(
          before.pairs.map((p) => p.studentId).sort(),
        );
        const load = new Map<string, number>();
        for (const p of after.pairs) load.set(p.mentorId, (load.get(p.mentorId) ?? 0) + 1);
        for (const [id, count] of load)
          expect(count).toBeLessThanOrEqual(mentorOf(id).freeCapacity);
        let moved = 0;
        for (const p of after.pairs) {
          const s = studentOf(p.studentId);
          const m = mentorOf(p.mentorId);
          expect(existed.has(`${p.mentorId}/${p.studentId}`)).toBe(false);
          expect(p).toEqual(expect.objectContaining(matchScore(m, s)));
          expect(p.score).toBeGreaterThan(0);
          expect(p.overlapHours).toBe(workingHoursOverlap(s.timeZone, m.timeZone));
          const original = before.pairs.find((b) => b.studentId === p.studentId);
          if (p.movedFrom) {
            moved += 1;
            // Only from LITTLE to ENOUGH, giving up at most the allowance.
            expect(original?.mentorId).toBe(p.movedFrom.mentorId);
            expect(overlapClass(p.movedFrom.overlapHours)).toBe('little');
            expect(overlapClass(p.overlapHours)).toBe('enough');
            expect(p.score).toBeGreaterThanOrEqual(p.movedFrom.score - OVERLAP_SCORE_ALLOWANCE);
          } else {
            expect(original?.mentorId).toBe(p.mentorId);
          }
          // Nothing left undone: a LITTLE pair has no ENOUGH mentor within the allowance free.
          if (overlapClass(p.overlapHours) === 'little') {
            for (const other of input.mentors) {
              if (other.id === m.id || existed.has(`${other.id}/${s.id}`)) continue;
              const free = Math.max(0, other.freeCapacity) - (load.get(other.id) ?? 0);
              const hours = workingHoursOverlap(s.timeZone, other.timeZone);
              const score = matchScore(other, s).score;
              const wanted =
                free > 0 &&
                overlapClass(hours) === 'enough' &&
                score > 0 &&
                score >= p.score - OVERLAP_SCORE_ALLOWANCE;
              expect(wanted).toBe(false);
            }
          }
        }
        expect(after.totalScore).toBe(after.pairs.reduce((sum, p) => sum + p.score, 0));
        expect(after.totalScore).toBeGreaterThanOrEqual(
          before.totalScore - moved * OVERLAP_SCORE_ALLOWANCE,
        );
        // A student left out for capacity still has only full compatible mentors.
        for (const u of after.unmatched.filter((x) => x.reason === 'capacity-exhausted')) {
          const s = studentOf(u.studentId);
          for (const m of input.mentors) {
            if (existed.has(`${m.id}/${s.id}`) || matchScore(m, s).score === 0) continue;
            expect(load.get(m.id) ?? 0).toBe(Math.max(0, m.freeCapacity));
          }
        }
      }),
      { numRuns: 400, seed: 38 },
    );
  });
});
