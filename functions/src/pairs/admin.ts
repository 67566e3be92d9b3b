/**
 * The coordinators' side of the months after matching: every pair's health (the Pairs page),
 * and ending a pair (pairs/transitions.ts `endPair`).
 */
import {
  PAIR_HEALTH_RANK,
  PAIR_HEALTH_STATES,
  isoDayOf,
  type EndPairInput,
  type PairHealthRow,
  type PairHealthState,
  type PairsResponse,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { allPairs, healthOf, isRunning, progressOf } from './store';
import { endPair as endPairIn } from './transitions';

export async function listPairHealth(now: Date, cohortId?: string | null): Promise<PairsResponse> {
  const today = isoDayOf(now);
  const pairs = (await allPairs(cohortId)).filter((p) => isRunning(p.doc) || p.doc.endedAt);
  const counts = Object.fromEntries(PAIR_HEALTH_STATES.map((s) => [s, 0])) as Record<
    PairHealthState,
    number
  >;
  const rows: PairHealthRow[] = pairs.map((pair) => {
    const progress = progressOf(pair.doc);
    const active = isRunning(pair.doc);
    const health = healthOf(pair, today);
    if (active) counts[health.state]++;
    const notes = Object.entries(progress.notes ?? {}).map(([role, n]) => ({
      role: role as 'student' | 'mentor',
      on: n?.on ?? '',
      text: n?.text ?? '',
    }));
    return {
      id: pair.id,
      cohortId: pair.cohortId,
      studentId: pair.doc.studentId,
      mentorId: pair.doc.mentorId,
      studentName: pair.doc.studentName,
      mentorName: pair.doc.mentorName,
      sessionsHeld: progress.sessionsHeld,
      lastSessionOn: progress.lastSessionOn,
      ratings: progress.ratings,
      fit: progress.fit,
      state: health.state,
      reasons: active ? health.reasons : [],
      active,
      endedAt: pair.doc.endedAt ? pair.doc.endedAt.toDate().toISOString() : null,
      endReason: pair.doc.endReason ?? null,
      notes,
      problems: (['student', 'mentor'] as const)
        .flatMap((by) => (progress.problems?.[by] ?? []).map((p) => ({ by, ...p })))
        .sort((a, b) => a.at.localeCompare(b.at))
        .map(({ by, on, text }) => ({ by, on, text })),
    };
  });
  rows.sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      PAIR_HEALTH_RANK[b.state] - PAIR_HEALTH_RANK[a.state] ||
      a.studentName.localeCompare(b.studentName),
  );
  return { today, pairs: rows, counts };
}

/** A coordinator ends a pair (the transition: pairs/transitions.ts `endPair`). */
export async function endPair(id: string, input: EndPairInput): Promise<{ message: string }> {
  await runTransaction((tx) => endPairIn(tx, id, input));
  return { message: 'The pair has ended. Both were told by e-mail.' };
}
