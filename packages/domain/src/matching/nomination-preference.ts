/**
 * NOMINATION RULE, stated once and tested (nomination-preference.test.ts): the proposal
 * favours a student whose nominator confirmed the nomination (nominations.ts) over a student of
 * the same match priority without one, where they compete for the same mentor's place:
 *
 *   A confirmed-nomination student the proposal left out for capacity takes the place of a
 *   proposed student of the SAME priority rank (carry-forward.ts) without a confirmed nomination,
 *   with the same mentor, when the confirmed student scores at least as well with that mentor
 *   (and shares something with them). Among several such places, the one whose score gains most,
 *   then the lowest mentor id and student id. One swap per confirmed student, in id order.
 *
 * So the total score never drops, the number of pairs never changes, no mentor gets more students
 * than before, the priority rule (propose.ts PRIORITY RULE) still holds (ranks are equal in every
 * swap), and an unconfirmed or unanswered nomination is never held against anyone (a nominator
 * who does not answer has not refused: it is simply not a confirmation). Pure: runs after
 * `proposeMatches` on its result and input:
 *   favourConfirmedNominations(proposeMatches(input), input, confirmedIds).
 */
import { priorityRank } from '../carry-forward';
import { matchScore } from '../match';
import {
  compareIds,
  proposalOrder,
  type MatchingMentor,
  type Proposal,
  type ProposalInput,
  type ProposedPair,
} from './propose';

export function favourConfirmedNominations(
  proposal: Proposal,
  /** What the proposal was made from (a pair that existed before is never proposed). */
  { students, mentors, existingPairs = [] }: ProposalInput,
  /** Ids of the students whose nominator confirmed the nomination. */
  confirmed: ReadonlySet<string>,
): Proposal {
  const studentById = new Map(students.map((s) => [s.id, s]));
  const mentorById = new Map(mentors.map((m) => [m.id, m]));
  const existed = new Set(existingPairs.map((p) => `${p.mentorId} ${p.studentId}`));
  const rank = (id: string) => priorityRank(studentById.get(id)?.matchPriority);
  let pairs: ProposedPair[] = [...proposal.pairs];
  let unmatched = [...proposal.unmatched];
  const candidates = unmatched
    .filter((u) => u.reason === 'capacity-exhausted' && confirmed.has(u.studentId))
    .map((u) => u.studentId)
    .sort(compareIds);
  for (const studentId of candidates) {
    const student = studentById.get(studentId);
    if (!student) continue;
    let best: { index: number; pair: ProposedPair; gain: number } | null = null;
    for (const [index, pair] of pairs.entries()) {
      if (confirmed.has(pair.studentId) || rank(pair.studentId) !== rank(studentId)) continue;
      const mentor = mentorById.get(pair.mentorId);
      if (!mentor || existed.has(`${mentor.id} ${studentId}`)) continue;
      const result = matchScore(mentor, student);
      if (result.score <= 0 || result.score < pair.score) continue;
      const gain = result.score - pair.score;
      const better =
        !best ||
        gain > best.gain ||
        (gain === best.gain &&
          (compareIds(pair.mentorId, best.pair.mentorId) ||
            compareIds(pair.studentId, best.pair.studentId)) < 0);
      if (better) best = { index, pair, gain };
    }
    if (!best) continue;
    const { pair } = best;
    const mentor = mentorById.get(pair.mentorId) as MatchingMentor;
    pairs = pairs.map((p, i) =>
      i === best.index ? { mentorId: p.mentorId, studentId, ...matchScore(mentor, student) } : p,
    );
    unmatched = unmatched
      .filter((u) => u.studentId !== studentId)
      .concat({ studentId: pair.studentId, reason: 'capacity-exhausted' })
      .sort((a, b) => compareIds(a.studentId, b.studentId));
  }
  pairs.sort(proposalOrder(rank));
  return {
    ...proposal,
    pairs,
    unmatched,
    totalScore: pairs.reduce((sum, p) => sum + p.score, 0),
  };
}
