/**
 * One-click check-ins: the e-mail's buttons open the site's check-in page with a token (32 random
 * bytes, made when the e-mail is sent: `mintCheckInLink`; only its SHA-256 is stored,
 * `checkInTokens/{hash}`) in the URL's fragment and the chosen answer in its query. Opening the
 * link, or loading the page, changes nothing: the page shows the answer chosen and records it
 * only when the person presses the button (`POST /api/check-ins/answer`, the token in the body);
 * the page reads the check-in with `POST /api/check-ins/view` (also the token in the body, so no
 * request log holds it). A token works without signing in, for that one check-in, for
 * CHECK_IN_LINK_DAYS (30) after the e-mail, while its pair runs; ending the pair deletes it.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  FOUNDING_COHORT_ID,
  CHECK_IN_LINK_DAYS,
  CHECK_IN_PAGE,
  LINK_TOKEN_PATTERN,
  checkInKey,
  tokenLink,
  type CheckInAnswerInput,
  type CheckInDoc,
  type CheckInView,
  type LinkSpec,
} from '@mentorship/domain';
import { addToTally } from './kept-tallies';
import { siteUrl } from '../email/config';
import type { LinkMakers } from '../email/links';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { LinkGone } from '../shared/tokens';
import {
  PAIR_MESSAGES,
  checkInSource,
  defaultMeetingDay,
  prepareFeedback,
  readRunningPair,
  todayOf,
} from './sessions';
import {
  pairsCollection,
  checkIns,
  checkInTokens,
  countReads,
  isRunning,
  newToken,
  progressOf,
  tokenHash,
  type PairDoc,
} from './store';

const INVALID =
  'This check-in link is not valid any more. Sign in to My application to log a session.';

interface TokenDoc {
  checkInId: string;
  pairId: string;
  role: 'student' | 'mentor';
  personId: string;
  expiresAt: Timestamp;
}

async function readToken(token: string): Promise<TokenDoc> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new DomainError('not-found', INVALID);
  const snap = await checkInTokens().doc(tokenHash(token)).get();
  countReads(1);
  const doc = snap.data() as TokenDoc | undefined;
  if (!doc || doc.expiresAt.toMillis() < Date.now()) throw new DomainError('not-found', INVALID);
  return doc;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export async function viewCheckIn(token: string): Promise<CheckInView> {
  const t = await readToken(token);
  const [checkIn, pair] = await Promise.all([
    checkIns().doc(t.checkInId).get(),
    pairsCollection().doc(t.pairId).get(),
  ]);
  countReads(2);
  if (!checkIn.exists || !pair.exists) throw new DomainError('not-found', INVALID);
  const c = checkIn.data() as CheckInDoc & { heldOn?: string | null };
  const doc = pair.data() as PairDoc;
  const progress = progressOf(doc);
  return {
    role: t.role,
    month: c.month,
    firstName: firstName(t.role === 'student' ? doc.studentName : doc.mentorName),
    partnerName: t.role === 'student' ? doc.mentorName : doc.studentName,
    answer: c.answer,
    heldOn: c.heldOn ?? null,
    rating: c.rating,
    note: c.note,
    fit: c.fit,
    askFit: progress.sessionsHeld > 0 || c.answer === 'met',
    closed: !isRunning(doc),
  };
}

export async function answerCheckIn(
  token: string,
  input: CheckInAnswerInput,
): Promise<CheckInView> {
  const t = await readToken(token);
  const today = todayOf();
  await runTransaction(async (tx) => {
    const ref = checkIns().doc(t.checkInId);
    const snap = await tx.get(ref);
    countReads(1);
    if (!snap.exists) throw new DomainError('not-found', INVALID);
    const checkIn = snap.data() as CheckInDoc & { heldOn?: string | null };
    const pair = await readRunningPair(tx, t.pairId).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'not-found') {
        throw new DomainError('not-found', INVALID);
      }
      throw error;
    });
    // "We met" without a date: the day of the answer, or the period's last day when answered
    // after it (the meeting was in the period asked about; `month` holds the period's number).
    const heldOn =
      input.answer === 'met'
        ? (input.heldOn ?? checkIn.heldOn ?? defaultMeetingDay(pair, checkIn.month, today))
        : null;
    // The answer replaces what this check-in said before, its session included.
    const source = checkInSource(t.checkInId);
    const write = await prepareFeedback(tx, pair, today, {
      role: t.role,
      heldOn,
      source,
      assumedDate: !input.heldOn && !checkIn.heldOn,
      withdraw: checkIn.answer === 'met' ? { source } : undefined,
      rating: input.rating,
      note: input.note,
      fit: input.fit,
    });
    // The cohort report counts check-in ratings (kept-tallies.ts): a first rating
    // adds one, a changed one only the difference. Filed under the pair's cohort, as its sessions.
    const rating = input.rating ?? checkIn.rating ?? null;
    const before = typeof checkIn.rating === 'number' ? checkIn.rating : null;
    const counted = {
      checkInRatings: (rating === null ? 0 : 1) - (before === null ? 0 : 1),
      checkInRatingSum: (rating ?? 0) - (before ?? 0),
    };
    // The pair's record of the check-in: answered today (the first answer only).
    const key = checkInKey(t.role, checkIn.month);
    const sent = progressOf(pair.doc).checkIns[key];
    const answered =
      sent && sent.answeredOn === null ? { [`progress.checkIns.${key}.answeredOn`]: today } : {};
    if ((checkIn.cohortId || FOUNDING_COHORT_ID) === pair.cohortId) write(counted, answered);
    else {
      write({}, answered);
      addToTally(tx, checkIn.cohortId, counted);
    }
    const now = Timestamp.now();
    tx.update(ref, {
      answer: input.answer,
      answeredAt: checkIn.answeredAt ?? now.toDate().toISOString(),
      heldOn: write.heldOn,
      rating,
      note: input.note ?? checkIn.note ?? null,
      fit: input.fit ?? checkIn.fit ?? null,
    });
  });
  return viewCheckIn(token);
}

/**
 * The link of a check-in e-mail, made at its send (email/links.ts): a fresh token whose hash is
 * stored for the check-in, while the check-in exists and its pair runs; else LinkGone (the
 * e-mail is not sent).
 */
export async function mintCheckInLink(
  spec: Extract<LinkSpec, { kind: 'check-in' }>,
): Promise<string> {
  const token = newToken();
  await runTransaction(async (tx) => {
    const [checkIn, pair] = await tx.getAll(
      checkIns().doc(spec.checkInId),
      pairsCollection().doc(spec.pairId),
    );
    if (!checkIn?.exists || !pair?.exists || !isRunning(pair.data() as PairDoc)) {
      throw new LinkGone('check-in');
    }
    const now = Timestamp.now();
    tx.create(checkInTokens().doc(tokenHash(token)), {
      checkInId: spec.checkInId,
      pairId: spec.pairId,
      role: spec.role,
      personId: spec.personId,
      createdAt: now,
      // TTL field (firestore.indexes.json); the API refuses an expired token before that.
      expiresAt: Timestamp.fromMillis(now.toMillis() + CHECK_IN_LINK_DAYS * 86_400_000),
    });
  });
  return tokenLink(`${siteUrl()}${CHECK_IN_PAGE}`, token);
}

/** How the outbox makes this module's links (registered at start-up: email/links.ts). */
export const checkInLinks: LinkMakers<'check-in'> = { 'check-in': mintCheckInLink };

/**
 * The one-click links of pairs that end die with them: their token documents, read inside the
 * caller's transaction (call with its reads), are deleted by the returned write.
 */
export async function checkInTokensOf(tx: Transaction, pairId: string): Promise<() => void> {
  const snap = await tx.get(checkInTokens().where('pairId', '==', pairId));
  return () => {
    for (const d of snap.docs) tx.delete(d.ref);
  };
}

export { PAIR_MESSAGES };
