/**
 * Carried forward (packages/domain/src/carry-forward.ts states the rules). Two halves:
 * - `runCarryForward(now)`, a daily job: for each cohort whose matching closed before `now`
 *   (the day after `matchingDoneBy`) and that was not done yet, asks its people once, by e-mail,
 *   whether to keep their application for the next cohort; one transaction per person (the
 *   question, the e-mail and the person's `carryAskedFor` mark together, so a rerun never asks
 *   twice), then the cohort is marked done (`carryForwardDoneAt`). Without a next cohort
 *   (none open or upcoming) the cohort waits for one.
 * - `answerCarryForward(token)`, the public one-click answer (a POST from the page the link
 *   opens, on the person's click): moves the person to the next cohort with the mark, once.
 * The link is made when the e-mail is sent (`mintCarryForwardLink`, email/links.ts): the offer
 * keeps only the SHA-256 of each token e-mailed (`tokenHashes`), the stored message a placeholder.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  CARRY_MESSAGES,
  CARRY_OFFER_DAYS,
  carryForwardEmail,
  carryForwardPaths,
  isoDayOf,
  linkPlaceholder,
  tokenLink,
  nextOpening,
  openCohort,
  type Cohort,
  type CarryForwardAnswer,
  type LinkSpec,
  type PersonKind,
} from '@mentorship/domain';
import { siteUrl } from '../email/config';
import type { LinkMakers } from '../email/links';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { COLLECTIONS, isConfirmed, type MentorDoc, type StudentDoc } from '../shared/records';
import { DomainError } from '../shared/errors';
import { setPerson } from '../shared/rows';
import { LinkGone, newToken, tokenHash } from '../shared/tokens';
import { mentorsWithPairsIn } from '../pairs';
import { allCohorts, cohortsCollection } from './service';

const DAY_MS = 86_400_000;
export const carryOffers = () => db.collection(COLLECTIONS.carryOffers);

interface OfferDoc {
  kind: PersonKind;
  personId: string;
  reason: 'unmatched' | 'mentored';
  fromCohortId: string;
  toCohortId: string;
  toCohortName: string;
  createdAt: Timestamp;
  /** The TTL field (firestore.indexes.json) and the link's end. */
  expireAt: Timestamp;
  answeredAt: Timestamp | null;
  /** The SHA-256 of each token e-mailed for this offer (one per delivery attempt). */
  tokenHashes: string[];
}

type Person = StudentDoc | MentorDoc;
const collectionOf = (kind: PersonKind) =>
  db.collection(kind === 'student' ? COLLECTIONS.students : COLLECTIONS.mentors);
const emailOf = (kind: PersonKind, doc: Person) =>
  kind === 'student' ? (doc as StudentDoc).emailAddress : ((doc as MentorDoc).email ?? null);

/** Who is asked, and why (null: not asked). */
function reasonFor(
  kind: PersonKind,
  doc: Person,
  mentored: ReadonlySet<string>,
  id: string,
): OfferDoc['reason'] | null {
  if (!isConfirmed(doc) || !doc.isActive) return null;
  if (doc.reviewStatus === 'declined' || doc.reviewStatus === 'withdrawn') return null;
  if (doc.reviewStatus === 'awaiting') return null;
  if (kind === 'student') return (doc as StudentDoc).activePairId ? null : 'unmatched';
  return mentored.has(id) ? 'mentored' : 'unmatched';
}

async function askOne(
  kind: PersonKind,
  id: string,
  from: Cohort,
  to: Cohort,
  mentored: ReadonlySet<string>,
  now: Date,
): Promise<boolean> {
  const ref = collectionOf(kind).doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const doc = snapshot.data() as Person | undefined;
    if (!doc || doc.cohortId !== from.id || doc.carryAskedFor === from.id) return false;
    const reason = reasonFor(kind, doc, mentored, id);
    const email = emailOf(kind, doc);
    if (!reason || !email) return false;
    const offer: OfferDoc = {
      kind,
      personId: id,
      reason,
      fromCohortId: from.id,
      toCohortId: to.id,
      toCohortName: to.name,
      createdAt: Timestamp.fromDate(now),
      expireAt: Timestamp.fromMillis(now.getTime() + CARRY_OFFER_DAYS * DAY_MS),
      answeredAt: null,
      tokenHashes: [],
    };
    const offerRef = carryOffers().doc();
    tx.create(offerRef, offer);
    tx.update(ref, { carryAskedFor: from.id });
    const link: LinkSpec = { kind: 'carry-forward', offerId: offerRef.id };
    queueEmail(
      tx,
      email,
      carryForwardEmail({
        fullName: doc.fullName,
        reason,
        role: kind,
        fromCohort: from.name,
        toCohort: to.name,
        link: linkPlaceholder(0),
      }),
      { kind: 'carry-forward', subjectId: id, links: [link] },
    );
    return true;
  });
}

/** The daily job (schedule/daily.ts). Idempotent: a rerun the same day asks nobody again. */
export async function runCarryForward(now: Date): Promise<{ cohorts: number; asked: number }> {
  const cohorts = await allCohorts();
  const to = openCohort(cohorts, now) ?? nextOpening(cohorts, now);
  const today = isoDayOf(now);
  let done = 0;
  let asked = 0;
  if (!to) return { cohorts: 0, asked: 0 };
  const doneSnap = await cohortsCollection().where('carryForwardDoneAt', '!=', null).get();
  const alreadyDone = new Set(doneSnap.docs.map((d) => d.id));
  for (const from of cohorts) {
    if (from.id === to.id || alreadyDone.has(from.id) || !(today > from.matchingDoneBy)) continue;
    const [students, mentors, mentored] = await Promise.all([
      collectionOf('student').where('cohortId', '==', from.id).select().get(),
      collectionOf('mentor').where('cohortId', '==', from.id).select().get(),
      mentorsWithPairsIn(from.id),
    ]);
    for (const [kind, snap] of [
      ['student', students],
      ['mentor', mentors],
    ] as const) {
      for (const person of snap.docs) {
        if (await askOne(kind, person.id, from, to, mentored, now)) asked += 1;
      }
    }
    await cohortsCollection()
      .doc(from.id)
      .update({ carryForwardDoneAt: Timestamp.fromDate(now) });
    done += 1;
  }
  return { cohorts: done, asked };
}

/** The one-click answer: the person moves to the next cohort, marked; once. */
export async function answerCarryForward(token: string): Promise<CarryForwardAnswer> {
  const hash = tokenHash(token);
  const byToken = carryOffers().where('tokenHashes', 'array-contains', hash).limit(1);
  return runTransaction(async (tx) => {
    // Offers asked before links were made at the send are stored under the token's hash.
    const offerSnap =
      (await tx.get(byToken)).docs[0] ??
      (await tx.get(carryOffers().doc(hash)).then((d) => (d.exists ? d : undefined)));
    const offer = offerSnap?.data() as OfferDoc | undefined;
    if (!offerSnap || !offer) throw new DomainError('not-found', CARRY_MESSAGES.invalid);
    const offerRef = offerSnap.ref;
    if (offer.answeredAt) throw new DomainError('failed-precondition', CARRY_MESSAGES.used);
    if (offer.expireAt.toMillis() < Date.now()) {
      throw new DomainError('failed-precondition', CARRY_MESSAGES.expired);
    }
    const ref = collectionOf(offer.kind).doc(offer.personId);
    const [personSnap, cohortSnap] = await tx.getAll(
      ref,
      cohortsCollection().doc(offer.toCohortId),
    );
    const person = personSnap?.data() as Person | undefined;
    if (!person || !cohortSnap?.exists) throw new DomainError('not-found', CARRY_MESSAGES.invalid);
    const now = Timestamp.now();
    const next = {
      ...person,
      cohortId: offer.toCohortId,
      carriedForwardFrom: offer.fromCohortId,
      // A rematch (a pair ended for a reason other than goals met) outranks being carried
      // forward: it stays.
      ...(offer.kind === 'student'
        ? { matchPriority: person.matchPriority === 'rematch' ? 'rematch' : 'carried-forward' }
        : {}),
      updatedAt: now,
    } as Person;
    setPerson(tx, offer.kind, offer.personId, next, person);
    tx.update(offerRef, { answeredAt: now });
    const cohortName = String(cohortSnap.get('name'));
    return { message: CARRY_MESSAGES.kept(cohortName), cohortName };
  });
}

/**
 * The link of a carry-forward e-mail, made at its send: a fresh token whose hash the offer keeps,
 * while the offer stands unanswered and unexpired; else LinkGone (the e-mail is not sent).
 */
export async function mintCarryForwardLink(offerId: string): Promise<string> {
  const token = newToken();
  const ref = carryOffers().doc(offerId);
  await runTransaction(async (tx) => {
    const offer = (await tx.get(ref)).data() as OfferDoc | undefined;
    if (!offer || offer.answeredAt || offer.expireAt.toMillis() < Date.now()) {
      throw new LinkGone('carry-forward');
    }
    tx.update(ref, { tokenHashes: FieldValue.arrayUnion(tokenHash(token)) });
  });
  return tokenLink(`${siteUrl()}${carryForwardPaths.page}`, token);
}

/** How the outbox makes this module's links (registered at start-up: email/links.ts). */
export const carryForwardLinks: LinkMakers<'carry-forward'> = {
  'carry-forward': (spec) => mintCarryForwardLink(spec.offerId),
};

/** Erasure: the person's carry-forward questions go with them (their link too). */
export async function carryOffersOf(
  tx: FirebaseFirestore.Transaction,
  personId: string,
): Promise<FirebaseFirestore.DocumentReference[]> {
  const snap = await tx.get(carryOffers().where('personId', '==', personId));
  return snap.docs.map((d) => d.ref);
}
