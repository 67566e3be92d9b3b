/**
 * Carried forward (packages/domain/src/carry-forward.ts states the rules). Two halves:
 * - `runCarryForward(now)`, a daily job: for each cohort whose matching closed before `now`
 *   (the day after `matchingDoneBy`) and that was not done yet, asks its people once, by e-mail,
 *   whether to keep their application for the next cohort; one transaction per person (the
 *   question, the e-mail and the person's `carryAskedFor` mark together, so a rerun never asks
 *   twice), then the cohort is marked done (`carryForwardDoneAt`). Without a next cohort
 *   (none open or upcoming) the cohort waits for one.
 * - `answerCarryForward(token)`, the public one-click answer (a POST from the page the link
 *   opens): moves the person to the next cohort with the mark, once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  CARRY_MESSAGES,
  CARRY_OFFER_DAYS,
  carryForwardEmail,
  carryForwardPaths,
  isoDayOf,
  nextOpening,
  openCohort,
  type Cohort,
  type CarryForwardAnswer,
  type PersonKind,
} from '@mentorship/domain';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { COLLECTIONS, isConfirmed, type MentorDoc, type StudentDoc } from '../shared/records';
import { DomainError } from '../shared/errors';
import { setPerson } from '../shared/rows';
import { allCohorts, cohortsCollection } from './service';

const DAY_MS = 86_400_000;
export const carryOffers = () => db.collection(COLLECTIONS.carryOffers);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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
  if (kind === 'student') return (doc as StudentDoc).activeAssignmentId ? null : 'unmatched';
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
    const token = randomBytes(32).toString('base64url');
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
    };
    tx.create(carryOffers().doc(tokenHash(token)), offer);
    tx.update(ref, { carryAskedFor: from.id });
    const link = `${siteUrl()}${carryForwardPaths.page}?token=${token}`;
    queueEmail(
      tx,
      email,
      carryForwardEmail({
        fullName: doc.fullName,
        reason,
        role: kind,
        fromCohort: from.name,
        toCohort: to.name,
        link,
      }),
      { kind: 'carry-forward', subjectId: id },
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
    const [students, mentors, pairs] = await Promise.all([
      collectionOf('student').where('cohortId', '==', from.id).select().get(),
      collectionOf('mentor').where('cohortId', '==', from.id).select().get(),
      db
        .collection(COLLECTIONS.assignments)
        .where('cohortId', '==', from.id)
        .select('mentorId')
        .get(),
    ]);
    const mentored = new Set(pairs.docs.map((d) => String(d.get('mentorId'))));
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
  const offerRef = carryOffers().doc(tokenHash(token));
  return runTransaction(async (tx) => {
    const offerSnap = await tx.get(offerRef);
    const offer = offerSnap.data() as OfferDoc | undefined;
    if (!offer) throw new DomainError('not-found', CARRY_MESSAGES.invalid);
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
      // A rematch (issue 28) outranks being carried forward: it stays.
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

/** Erasure: the person's carry-forward questions go with them (their link too). */
export async function carryOffersOf(
  tx: FirebaseFirestore.Transaction,
  personId: string,
): Promise<FirebaseFirestore.DocumentReference[]> {
  const snap = await tx.get(carryOffers().where('personId', '==', personId));
  return snap.docs.map((d) => d.ref);
}
