/**
 * The TIME-ZONE RULE's step in the proposal (stated in working-hours.ts): runs after
 * `proposeMatches` (and the nomination rule) on its result and input:
 *   preferWorkingHoursOverlap(proposal, input)
 * Each proposed pair with LITTLE overlap, in the proposal's order (passes repeated until nothing
 * moves), moves to the best mentor with ENOUGH overlap who scores at most OVERLAP_SCORE_ALLOWANCE
 * less than the pair, has a place left and was never paired with the student. Pure; the number of pairs never changes and no mentor goes over their
 * free places. Every pair carries its overlap (hours, or null when unknown); a moved pair also
 * says which mentor it was moved from.
 */
import { priorityRank } from '../carry-forward';
import { matchScore } from '../match';
import {
  compareIds,
  proposalOrder,
  type MatchingMentor,
  type MatchingStudent,
  type Proposal,
  type ProposalInput,
  type ProposedPair,
} from './propose';
import { OVERLAP_SCORE_ALLOWANCE, overlapClass, workingHoursOverlap } from './working-hours';

/** The mentor a student was moved away from for working hours. */
export interface OverlapMove {
  mentorId: string;
  score: number;
  overlapHours: number;
}

export type PairWithOverlap = ProposedPair & {
  /** Hours of working-hours overlap; null when a zone is unknown. */
  overlapHours: number | null;
  /** Set when the TIME-ZONE RULE chose this mentor over the one the score alone chose. */
  movedFrom: OverlapMove | null;
};

export type ProposalWithOverlap = Omit<Proposal, 'pairs'> & { pairs: PairWithOverlap[] };

export function preferWorkingHoursOverlap(
  proposal: Proposal,
  { students, mentors, existingPairs = [] }: ProposalInput,
): ProposalWithOverlap {
  const studentById = new Map(students.map((s) => [s.id, s]));
  const mentorById = new Map(mentors.map((m) => [m.id, m]));
  const existed = new Set(existingPairs.map((p) => `${p.mentorId} ${p.studentId}`));
  const load = new Map<string, number>();
  for (const pair of proposal.pairs) load.set(pair.mentorId, (load.get(pair.mentorId) ?? 0) + 1);
  const placesLeft = (mentor: MatchingMentor) =>
    Math.floor(Math.max(0, mentor.freeCapacity)) - (load.get(mentor.id) ?? 0);
  // Mentors in id order, so ties fall to the lowest id whatever the input order.
  const candidates = [...mentors].sort((a, b) => compareIds(a.id, b.id));

  const pairs: PairWithOverlap[] = proposal.pairs.map((pair) => ({
    ...pair,
    overlapHours: workingHoursOverlap(
      studentById.get(pair.studentId)?.timeZone,
      mentorById.get(pair.mentorId)?.timeZone,
    ),
    movedFrom: null,
  }));
  /** The best mentor to move pair `pair` to, or null. */
  const bestMove = (pair: PairWithOverlap) => {
    const student = studentById.get(pair.studentId) as MatchingStudent;
    let best: { mentor: MatchingMentor; score: number; hours: number } | null = null;
    for (const mentor of candidates) {
      if (mentor.id === pair.mentorId || placesLeft(mentor) <= 0) continue;
      if (existed.has(`${mentor.id} ${student.id}`)) continue;
      const hours = workingHoursOverlap(student.timeZone, mentor.timeZone);
      if (hours === null || overlapClass(hours) !== 'enough') continue;
      const { score } = matchScore(mentor, student);
      if (score <= 0 || score < pair.score - OVERLAP_SCORE_ALLOWANCE) continue;
      if (!best || score > best.score || (score === best.score && hours > best.hours)) {
        best = { mentor, score, hours };
      }
    }
    return best;
  };
  // Passes in the proposal's order until no pair moves (a move frees a place another pair may
  // want); each move turns a LITTLE pair into an ENOUGH one, so this ends.
  for (let changed = true; changed;) {
    changed = false;
    for (const [index, pair] of pairs.entries()) {
      if (overlapClass(pair.overlapHours) !== 'little') continue;
      const best = bestMove(pair);
      if (!best) continue;
      const student = studentById.get(pair.studentId) as MatchingStudent;
      load.set(pair.mentorId, (load.get(pair.mentorId) ?? 0) - 1);
      load.set(best.mentor.id, (load.get(best.mentor.id) ?? 0) + 1);
      pairs[index] = {
        mentorId: best.mentor.id,
        studentId: student.id,
        ...matchScore(best.mentor, student),
        overlapHours: best.hours,
        movedFrom: {
          mentorId: pair.mentorId,
          score: pair.score,
          overlapHours: pair.overlapHours as number,
        },
      };
      changed = true;
    }
  }
  const rank = (id: string) => priorityRank(studentById.get(id)?.matchPriority);
  pairs.sort(proposalOrder(rank));
  return {
    ...proposal,
    pairs,
    totalScore: pairs.reduce((sum, p) => sum + p.score, 0),
  };
}
