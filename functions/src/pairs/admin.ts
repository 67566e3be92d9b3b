/**
 * The coordinators' side of the months after matching: every pair's health (the Pairs page),
 * and ending a pair (pairs/transitions.ts `endPair`).
 */
import { FieldPath } from 'firebase-admin/firestore';
import {
  PAIR_LIST_PAGE,
  isoDayOf,
  type EndPairInput,
  type PairHealthRow,
  type PairHealthState,
  type PairListFilter,
  type PairListing,
  type PairListState,
  type PairsResponse,
  type DocOf,
  type IsoDay,
  type PersonKind,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import {
  countReads,
  healthOf,
  isRunning,
  pairsCollection,
  problemReports,
  progressOf,
  withCohorts,
  type PairDoc,
} from './store';
import { endPair as endPairIn } from './transitions';

/** The problem reports of these pairs (one page's), by pair. */
async function problemReportsOf(pairIds: readonly string[]) {
  const byPair = new Map<string, { by: PersonKind; on: IsoDay; at: string; text: string }[]>();
  for (let i = 0; i < pairIds.length; i += 30) {
    const snap = await problemReports()
      .where('pairId', 'in', pairIds.slice(i, i + 30))
      .get();
    countReads(snap.size);
    for (const d of snap.docs) {
      const r = d.data() as DocOf<'problemReports'>;
      const list = byPair.get(r.pairId) ?? [];
      list.push({ by: r.role, on: r.on, at: r.at, text: r.text });
      byPair.set(r.pairId, list);
    }
  }
  return byPair;
}

const BAD_CURSOR = "after must be the next page's cursor from the last page.";

/** The cursor of the page after `doc`: its place in the order the filter lists pairs in. */
function cursorOf(show: PairListFilter, id: string, listing: PairListing): string {
  const values = show === 'all' ? [listing.rank, listing.name, id] : [listing.name, id];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function cursorValues(show: PairListFilter, after: string): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  const shape = show === 'all' ? ['number', 'string', 'string'] : ['string', 'string'];
  if (
    !Array.isArray(values) ||
    values.length !== shape.length ||
    values.some((v, i) => typeof v !== shape[i])
  ) {
    throw new DomainError('invalid-argument', BAD_CURSOR, { after: BAD_CURSOR });
  }
  return values as (string | number)[];
}

/** The list's query for a filter, in the list's order (each shape has its index). */
function listQuery(cohortId: string | null, show: PairListFilter) {
  if (show === 'all') {
    if (cohortId) {
      return pairsCollection()
        .where('listing.cohortId', '==', cohortId)
        .where('listing.rank', '>', 0)
        .orderBy('listing.rank', 'desc')
        .orderBy('listing.name')
        .orderBy(FieldPath.documentId());
    }
    return pairsCollection()
      .where('listing.rank', '>', 0)
      .orderBy('listing.rank', 'desc')
      .orderBy('listing.name')
      .orderBy(FieldPath.documentId());
  }
  if (cohortId) {
    return pairsCollection()
      .where('listing.cohortId', '==', cohortId)
      .where('listing.state', '==', show)
      .orderBy('listing.name')
      .orderBy(FieldPath.documentId());
  }
  return pairsCollection()
    .where('listing.state', '==', show)
    .orderBy('listing.name')
    .orderBy(FieldPath.documentId());
}

/**
 * One page of the Pairs page's list: the pairs the filter shows, in the list's order (running
 * pairs worst health first, then by the student's name), PAIR_LIST_PAGE at a time from the
 * cursor `after`, and the cohort's counts by state (the database counts them). Reads one page
 * of pairs, their problem reports, their cohorts and one count per state, whatever the
 * cohort's size; the rows' health is judged again on `now`.
 */
export async function listPairHealth(
  now: Date,
  {
    cohortId = null,
    show = 'all',
    after = null,
  }: { cohortId?: string | null; show?: PairListFilter; after?: string | null } = {},
): Promise<PairsResponse> {
  const today = isoDayOf(now);
  const listed = cohortId
    ? pairsCollection().where('listing.cohortId', '==', cohortId)
    : pairsCollection();
  const ordered = listQuery(cohortId, show);
  const page = after ? ordered.startAfter(...cursorValues(show, after)) : ordered;
  const countOf = async (state: PairListState) => {
    const snap = await listed.where('listing.state', '==', state).count().get();
    countReads(1);
    return snap.data().count;
  };
  const [snap, onTrack, needsCheckIn, atRisk, ended] = await Promise.all([
    page.limit(PAIR_LIST_PAGE + 1).get(),
    countOf('on-track'),
    countOf('needs-check-in'),
    countOf('at-risk'),
    countOf('ended'),
  ]);
  countReads(snap.size);
  const docs = snap.docs.slice(0, PAIR_LIST_PAGE);
  const [pairs, reports] = await Promise.all([
    withCohorts(docs.map((d) => ({ id: d.id, doc: d.data() as PairDoc }))),
    problemReportsOf(docs.map((d) => d.id)),
  ]);
  const counts: Record<PairHealthState, number> = {
    'on-track': onTrack,
    'needs-check-in': needsCheckIn,
    'at-risk': atRisk,
  };
  const rows: PairHealthRow[] = pairs.map((pair) => {
    const progress = progressOf(pair.doc);
    const active = isRunning(pair.doc);
    const health = healthOf(pair, today);
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
  const last = docs.at(-1);
  const total =
    show === 'all' ? onTrack + needsCheckIn + atRisk : show === 'ended' ? ended : counts[show];
  return {
    today,
    show,
    pairs: rows,
    counts,
    ended,
    total,
    next:
      snap.size > PAIR_LIST_PAGE && last
        ? cursorOf(show, last.id, (last.data() as PairDoc).listing as PairListing)
        : null,
  };
}

/** A coordinator ends a pair (the transition: pairs/transitions.ts `endPair`). */
export async function endPair(id: string, input: EndPairInput): Promise<{ message: string }> {
  await runTransaction((tx) => endPairIn(tx, id, input));
  return { message: 'The pair has ended. Both were told by e-mail.' };
}
