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
  type DocOf,
  type IsoDay,
  type PersonKind,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { allPairs, countReads, healthOf, isRunning, problemReports, progressOf } from './store';
import { endPair as endPairIn } from './transitions';

/** The problem reports of a cohort's pairs (or every pair's), by pair. */
async function problemReportsOf(cohortId?: string | null) {
  const query = cohortId ? problemReports().where('cohortId', '==', cohortId) : problemReports();
  const snap = await query.get();
  countReads(snap.size);
  const byPair = new Map<string, { by: PersonKind; on: IsoDay; at: string; text: string }[]>();
  for (const d of snap.docs) {
    const r = d.data() as DocOf<'problemReports'>;
    const list = byPair.get(r.pairId) ?? [];
    list.push({ by: r.role, on: r.on, at: r.at, text: r.text });
    byPair.set(r.pairId, list);
  }
  return byPair;
}

export async function listPairHealth(now: Date, cohortId?: string | null): Promise<PairsResponse> {
  const today = isoDayOf(now);
  const [all, reports] = await Promise.all([allPairs(cohortId), problemReportsOf(cohortId)]);
  const pairs = all.filter((p) => isRunning(p.doc) || p.doc.endedAt);
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
      problems: [...(reports.get(pair.id) ?? [])]
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
