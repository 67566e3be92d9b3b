import fc from 'fast-check';
import { priorityRank } from '../carry-forward';
import { matchScore } from '../match';
import { favourConfirmedNominations } from './nomination-preference';
import {
  proposeMatches,
  type MatchingMentor,
  type MatchingStudent,
  type ProposalInput,
} from './propose';

const mentor = (id: string, disciplines: string[], freeCapacity = 1): MatchingMentor => ({
  id,
  preferredDisciplines: disciplines,
  mentoringTopics: [],
  freeCapacity,
});
const student = (
  id: string,
  disciplines: string[],
  matchPriority: MatchingStudent['matchPriority'] = null,
): MatchingStudent => ({
  id,
  preferredDisciplines: disciplines,
  mentoringTopics: [],
  matchPriority,
});

const run = (input: ProposalInput, confirmed: string[]) =>
  favourConfirmedNominations(proposeMatches(input), input, new Set(confirmed));

describe('NOMINATION RULE: the proposal favours confirmed nominations', () => {
  it('a confirmed student takes the place of an equally scoring student without one', () => {
    const input = {
      students: [student('a', ['X']), student('b', ['X'])],
      mentors: [mentor('m', ['X'])],
    };
    // Without the rule the solver keeps the first in id order.
    expect(proposeMatches(input).pairs.map((p) => p.studentId)).toEqual(['a']);
    const favoured = run(input, ['b']);
    expect(favoured.pairs.map((p) => p.studentId)).toEqual(['b']);
    expect(favoured.unmatched).toEqual([{ studentId: 'a', reason: 'capacity-exhausted' }]);
    expect(favoured.totalScore).toBe(proposeMatches(input).totalScore);
  });

  it('never at a lower score with that mentor', () => {
    const input = {
      students: [student('a', ['X', 'Y']), student('b', ['X'])],
      mentors: [mentor('m', ['X', 'Y'])],
    };
    expect(run(input, ['b']).pairs.map((p) => p.studentId)).toEqual(['a']);
  });

  it('never over a student of another priority, and never where the pair existed before', () => {
    const prioritised = {
      students: [student('a', ['X'], 'carried-forward'), student('b', ['X'])],
      mentors: [mentor('m', ['X'])],
    };
    expect(run(prioritised, ['b']).pairs.map((p) => p.studentId)).toEqual(['a']);
    const existed = {
      students: [student('a', ['X']), student('b', ['X'])],
      mentors: [mentor('m', ['X'])],
      existingPairs: [{ mentorId: 'm', studentId: 'b' }],
    };
    expect(run(existed, ['b']).pairs.map((p) => p.studentId)).toEqual(['a']);
  });

  it('an unanswered or declined nomination changes nothing (no confirmation, no penalty)', () => {
    const input = {
      students: [student('a', ['X']), student('b', ['X'])],
      mentors: [mentor('m', ['X'])],
    };
    expect(run(input, [])).toEqual(proposeMatches(input));
    // Both confirmed: the same as neither.
    expect(run(input, ['a', 'b']).pairs).toEqual(proposeMatches(input).pairs);
  });

  const DISC = ['A', 'B', 'C'];
  const instance = fc
    .record({
      students: fc.array(
        fc.record({
          d: fc.subarray(DISC),
          rank: fc.constantFrom(null, 'carried-forward' as const),
          confirmed: fc.boolean(),
        }),
        { maxLength: 8 },
      ),
      mentors: fc.array(fc.record({ d: fc.subarray(DISC), cap: fc.integer({ min: 0, max: 2 }) }), {
        maxLength: 4,
      }),
    })
    .map(({ students, mentors }) => ({
      input: {
        students: students.map((s, i) => student(`s${i}`, s.d, s.rank)),
        mentors: mentors.map((m, j) => mentor(`m${j}`, m.d, m.cap)),
      } satisfies ProposalInput,
      confirmed: students.flatMap((s, i) => (s.confirmed ? [`s${i}`] : [])),
    }));

  it('keeps the total score, the pair count, each mentor\u2019s load and the priority ranks', () => {
    fc.assert(
      fc.property(instance, ({ input, confirmed }) => {
        const before = proposeMatches(input);
        const after = favourConfirmedNominations(before, input, new Set(confirmed));
        expect(after.totalScore).toBeGreaterThanOrEqual(before.totalScore);
        expect(after.pairs).toHaveLength(before.pairs.length);
        const load = (pairs: typeof before.pairs) =>
          pairs
            .map((p) => p.mentorId)
            .sort()
            .join(',');
        expect(load(after.pairs)).toBe(load(before.pairs));
        const rank = (id: string) =>
          priorityRank(input.students.find((s) => s.id === id)?.matchPriority);
        const ranks = (pairs: typeof before.pairs) => pairs.map((p) => rank(p.studentId)).sort();
        expect(ranks(after.pairs)).toEqual(ranks(before.pairs));
        // Every student is either in one pair or unmatched, never both.
        const ids = [
          ...after.pairs.map((p) => p.studentId),
          ...after.unmatched.map((u) => u.studentId),
        ];
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(before.pairs.length + before.unmatched.length);
        for (const p of after.pairs) {
          const s = input.students.find((x) => x.id === p.studentId) as MatchingStudent;
          const m = input.mentors.find((x) => x.id === p.mentorId) as MatchingMentor;
          expect(p.score).toBe(matchScore(m, s).score);
          expect(p.score).toBeGreaterThan(0);
        }
        // No confirmed student is left out for capacity while an unconfirmed one of the same
        // rank holds a place with a mentor the confirmed one scores at least as well with.
        const confirmedSet = new Set(confirmed);
        for (const u of after.unmatched) {
          if (!confirmedSet.has(u.studentId) || u.reason !== 'capacity-exhausted') continue;
          const s = input.students.find((x) => x.id === u.studentId) as MatchingStudent;
          for (const p of after.pairs) {
            if (confirmedSet.has(p.studentId) || rank(p.studentId) !== rank(s.id)) continue;
            const m = input.mentors.find((x) => x.id === p.mentorId) as MatchingMentor;
            const score = matchScore(m, s).score;
            expect(score <= 0 || score < p.score).toBe(true);
          }
        }
      }),
    );
  });
});
