/**
 * Recommend a classmate (domain recommendations.ts states the rules): one invitation per
 * participant, within the door caps, carrying the next cohort's dates; waiting (address kept,
 * TTL) when no cohort is open or set to open, and sent by `sendWaitingRecommendations` once one
 * is (the daily job `waiting-recommendations`, schedule/daily.ts).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  RECOMMENDATION_KEPT_DAYS,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATIONS_COLLECTION,
  classmateInvitationEmail,
  formatDay,
  nextOpening,
  openCohort,
  type Cohort,
  type MyRecommendation,
  type RecommendationState,
} from '@mentorship/domain';
import { admitDoorRequest } from '../abuse/door-caps';
import { readCapsConfig, type CapsConfig } from '../abuse/public-caps';
import { recipientHash, recipientKey } from '../abuse/recipient';
import { findApplications } from '../application-locks/repository';
import { allCohorts } from '../cohorts';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { pairDatesOf } from '../pairs';
import { isConfirmed } from '../shared/records';

const DAY_MS = 86_400_000;

type Found = Awaited<ReturnType<typeof findApplications>>[number];

interface RecommendationDoc {
  state: RecommendationState;
  /** The classmate's address: only while the invitation waits to be sent. */
  classmateEmail: string | null;
  /** The classmate's recipient hash (abuse/recipient.ts): nobody is invited twice. */
  classmateHash: string;
  senderName: string;
  /**
   * The sender's record ids: their erasure finds this document, and the classmate's e-mail
   * (its `people`), by them, whatever became of the address the document id was made from.
   */
  people: string[];
  createdAt: Timestamp;
  sentAt: Timestamp | null;
  /** TTL (firestore.indexes.json): the record, and a waiting address, go after this. */
  expiresAt: Timestamp;
}

export const recommendations = () => db.collection(RECOMMENDATIONS_COLLECTION);
/** One per sender: keyed by the hash of their normalised address. */
const senderRef = (email: string) => recommendations().doc(recipientHash(email));
/** The program-wide "this classmate was invited" marker (a hash, no address). */
const classmateRef = (email: string) => recommendations().doc(`to-${recipientHash(email)}`);

/** The cohort an invitation announces: taking applications now, else the next to open. */
const nextCohort = (cohorts: readonly Cohort[], now: Date): Cohort | null =>
  openCohort(cohorts, now) ?? nextOpening(cohorts, now);

function queueInvitation(
  tx: Transaction,
  to: string,
  sender: { name: string; people: string[] },
  cohort: Cohort,
) {
  const senderName = sender.name;
  queueEmail(
    tx,
    to,
    classmateInvitationEmail({
      senderName,
      cohortName: cohort.name,
      applicationsOpen: formatDay(cohort.applicationsOpen),
      applicationsClose: formatDay(cohort.applicationsClose),
      programStart: formatDay(cohort.programStart),
      programEnd: formatDay(cohort.programEnd),
      applyUrl: `${siteUrl()}/register-student`,
    }),
    { kind: 'classmate-invitation', subjectId: recipientHash(to) },
    // The message names its sender: it goes with them if they are erased before it is deleted.
    sender.people,
  );
}

/**
 * The application through which a person may invite a classmate: a participant, i.e. a student or
 * mentor (address confirmed, not withdrawn) who is or was in a pair. Someone awaiting review,
 * approved but not matched yet, or declined is not one. Null: not a participant.
 */
async function participantOf(email: string): Promise<Found | null> {
  for (const found of await findApplications(email)) {
    if (!isConfirmed(found.doc) || found.doc.reviewStatus === 'withdrawn') continue;
    if ((await pairDatesOf(found.kind, found.id)).length > 0) return found;
  }
  return null;
}

/** The participant's invitation as My application shows it (`allowed`: the form may show). */
export async function myRecommendation(email: string): Promise<MyRecommendation> {
  const doc = (await senderRef(email).get()).data() as RecommendationDoc | undefined;
  if (!doc) {
    const allowed = (await participantOf(email)) !== null;
    return {
      state: null,
      at: null,
      allowed,
      message: allowed ? RECOMMENDATION_MESSAGES.available : RECOMMENDATION_MESSAGES.notParticipant,
    };
  }
  return {
    allowed: false,
    state: doc.state,
    at: (doc.sentAt ?? doc.createdAt).toDate().toISOString(),
    message: doc.state === 'sent' ? RECOMMENDATION_MESSAGES.sent : RECOMMENDATION_MESSAGES.waiting,
  };
}

/**
 * Sends (or, with no next cohort, keeps waiting) the participant's one invitation. A classmate
 * already invited by someone else, or past their allowance today, gets nothing more, and the
 * sender is answered the same (the answer never tells whether an address was invited).
 */
export async function recommendClassmate(
  email: string,
  classmate: string,
  caps: CapsConfig = readCapsConfig(process.env),
  now = new Date(),
): Promise<MyRecommendation> {
  const participant = await participantOf(email);
  if (!participant) {
    throw new DomainError('permission-denied', RECOMMENDATION_MESSAGES.notParticipant);
  }
  if (recipientKey(classmate) === recipientKey(email)) {
    throw new DomainError('invalid-argument', RECOMMENDATION_MESSAGES.own, {
      email: RECOMMENDATION_MESSAGES.own,
    });
  }
  if ((await senderRef(email).get()).exists) {
    throw new DomainError('failed-precondition', RECOMMENDATION_MESSAGES.used);
  }
  const cohort = nextCohort(await allCohorts(), now);
  const senderName = participant.doc.fullName;
  const people = (await findApplications(email)).map((f) => f.id);
  const expiresAt = Timestamp.fromMillis(now.getTime() + RECOMMENDATION_KEPT_DAYS * DAY_MS);
  const state: RecommendationState = cohort ? 'sent' : 'waiting';
  const doc: RecommendationDoc = {
    state,
    classmateEmail: cohort ? null : classmate,
    classmateHash: recipientHash(classmate),
    senderName,
    people,
    createdAt: Timestamp.fromDate(now),
    sentAt: cohort ? Timestamp.fromDate(now) : null,
    expiresAt,
  };
  // Once per classmate, program-wide: a second sender's invitation to them is recorded as theirs
  // (their one is used) but not mailed again.
  const invitedBefore = (await classmateRef(classmate).get()).exists;
  try {
    const mail = {
      kind: 'classmate-invitation',
      sender: { account: email },
      past: 'refuse',
    } as const;
    await admitDoorRequest('recommendation', classmate, caps, mail, (tx) => {
      tx.create(senderRef(email), doc);
      if (cohort && !invitedBefore) {
        tx.set(classmateRef(classmate), { invitedAt: doc.createdAt, expiresAt });
        queueInvitation(tx, classmate, { name: senderName, people }, cohort);
      }
    });
  } catch (error) {
    if (isAlreadyExists(error))
      throw new DomainError('failed-precondition', RECOMMENDATION_MESSAGES.used);
    throw error;
  }
  return myRecommendation(email);
}

/**
 * The daily job, as of `now`: every waiting invitation made by then is sent once a next cohort has
 * its dates, and its address forgotten; one past its life (`expiresAt`) is deleted, address and
 * all, unsent. One transaction each, so a rerun sends nothing twice.
 */
export async function sendWaitingRecommendations(
  now: Date,
): Promise<{ sent: number; expired: number }> {
  const cohort = nextCohort(await allCohorts(), now);
  const waiting = await recommendations().where('state', '==', 'waiting').get();
  const report = { sent: 0, expired: 0 };
  for (const snap of waiting.docs) {
    const done = await runTransaction(async (tx): Promise<keyof typeof report | null> => {
      const doc = (await tx.get(snap.ref)).data() as RecommendationDoc | undefined;
      if (!doc || doc.state !== 'waiting' || doc.createdAt.toMillis() > now.getTime()) return null;
      if (doc.expiresAt.toMillis() <= now.getTime() || !doc.classmateEmail) {
        tx.delete(snap.ref);
        return 'expired';
      }
      if (!cohort) return null;
      const marker = classmateRef(doc.classmateEmail);
      const invitedBefore = (await tx.get(marker)).exists;
      tx.update(snap.ref, { state: 'sent', classmateEmail: null, sentAt: Timestamp.fromDate(now) });
      if (!invitedBefore) {
        tx.set(marker, { invitedAt: doc.createdAt, expiresAt: doc.expiresAt });
        queueInvitation(
          tx,
          doc.classmateEmail,
          { name: doc.senderName, people: doc.people },
          cohort,
        );
      }
      return 'sent';
    }).catch((error: unknown) => {
      logger.warn('Waiting invitation not sent', { id: snap.id, error: String(error) });
      return null;
    });
    if (done) report[done] += 1;
  }
  return report;
}
