/**
 * Nominations confirmed by the nominator (domain nominations.ts states the design):
 * - `askNominator(studentId)`: called when the student's address is confirmed (my-application/
 *   service.ts confirmApplications, each time, so a message the caps held goes at the next
 *   confirmation). Once per nominator: `nominations/{studentId}` is written together with the
 *   e-mail in one transaction (created, or replacing a withdrawn one only if unchanged since it
 *   was read: a concurrent second call fails and sends nothing), within the door caps
 *   (abuse/door-caps.ts, door `nomination`: the program-wide hourly count and the nominator's
 *   daily allowance). Nothing is asked when the student gave no nominator's address, when it is
 *   their own address, when a nomination stands, or when the student's asks are used up
 *   (`NOMINATION_ASKS_PER_STUDENT`).
 * - `mintNominationLink(studentId)`: the link, made at the send (email/links.ts): a fresh token
 *   whose SHA-256 the nomination keeps, while it is unanswered and unexpired; else LinkGone.
 * - `answerNomination(token, answer, note)`: the public one-click answer (a POST on the person's
 *   click), once.
 * - `nominationWithdrawal(tx, studentId)`: a student's edit that changes the nominator
 *   (`nominatorChanged`) withdraws the nomination in its transaction (the document stays, state
 *   `withdrawn`, keeping only the count of asks), and the editor asks the new nominator through
 *   `askNominator` (people/repository.ts editPerson).
 * - `nominationOf(studentId)`: the coordinators' view. The document goes with the student (its
 *   erasure rule in the registry: by the student's id).
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  NOMINATION_ASKS_PER_STUDENT,
  NOMINATION_LINK_DAYS,
  NOMINATION_MESSAGES,
  NOMINATIONS_COLLECTION,
  linkPlaceholder,
  nominationPaths,
  nominationRequestEmail,
  tokenLink,
  type NominationAnswer,
  type NominationAnswered,
  type NominationFilter,
  type NominationView,
  type StoredNominationState,
} from '@mentorship/domain';
import { admitDoorRequest } from '../abuse/door-caps';
import { readCapsConfig, type CapsConfig } from '../abuse/public-caps';
import { recipientKey } from '../abuse/recipient';
import { siteUrl } from '../email/config';
import type { LinkMakers } from '../email/links';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { COLLECTIONS, isConfirmed, type StudentDoc } from '../shared/records';
import { LinkGone, newToken, tokenHash } from '../shared/tokens';

const DAY_MS = 86_400_000;

export interface NominationDoc {
  studentId: string;
  /** The nominator's address as the student gave it when they were asked (the student's data). */
  nominatorEmail: string;
  /** The student's "Nominated By", when given. */
  nominatorName: string | null;
  /** `withdrawn`: the student changed the nominator; only `asks` still counts. */
  state: StoredNominationState | 'withdrawn';
  askedAt: Timestamp;
  /** The link's end: unanswered after it, the nomination stays "not answered". */
  linkExpiresAt: Timestamp;
  answeredAt: Timestamp | null;
  note: string | null;
  /**
   * The address the answering link was sent to (the nominator's address when they answered):
   * what coordinators are shown as having confirmed or declined. Null before the answer.
   */
  answeredBy?: string | null;
  /** The SHA-256 of each token e-mailed (one per delivery attempt). */
  tokenHashes: string[];
  /**
   * How many times this student's nominator was asked, this question included; kept through
   * withdrawals. Absent on a document from before the count: one.
   */
  asks?: number;
}

export const nominations = () => db.collection(NOMINATIONS_COLLECTION);
const students = () => db.collection(COLLECTIONS.students);

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const asksOf = (doc: NominationDoc | undefined): number => (doc ? (doc.asks ?? 1) : 0);

/** Firestore's gRPC status for a write whose precondition (the read's update time) failed. */
const FAILED_PRECONDITION = 9;

/**
 * Asks the student's nominator once, if there is one to ask. Resolves to what happened; never
 * throws for the caps (the confirmation it follows must not fail for it).
 */
export async function askNominator(
  studentId: string,
  caps: CapsConfig = readCapsConfig(process.env),
): Promise<'asked' | 'nothing-to-ask' | 'already-asked' | 'held' | 'asks-used'> {
  const [studentSnap, nominationSnap] = await db.getAll(
    students().doc(studentId),
    nominations().doc(studentId),
  );
  const earlier = nominationSnap?.data() as NominationDoc | undefined;
  if (earlier && earlier.state !== 'withdrawn') return 'already-asked';
  const student = studentSnap?.data() as StudentDoc | undefined;
  if (!student || !isConfirmed(student)) return 'nothing-to-ask';
  const nominatorEmail = clean(student.professorEmail as string | null);
  if (!nominatorEmail || recipientKey(nominatorEmail) === recipientKey(student.emailAddress)) {
    return 'nothing-to-ask';
  }
  // Each correction of the nominator would otherwise send one more e-mail in the program's name,
  // carrying the student's words, to any address the student types: a relay, bounded here.
  const asked = asksOf(earlier);
  if (asked >= NOMINATION_ASKS_PER_STUDENT) return 'asks-used';
  const now = Date.now();
  const doc: NominationDoc = {
    studentId,
    nominatorEmail,
    nominatorName: clean(student.nominatedBy as string | null),
    state: 'asked',
    askedAt: Timestamp.fromMillis(now),
    linkExpiresAt: Timestamp.fromMillis(now + NOMINATION_LINK_DAYS * DAY_MS),
    answeredAt: null,
    note: null,
    answeredBy: null,
    tokenHashes: [],
    asks: asked + 1,
  };
  const ref = nominations().doc(studentId);
  try {
    // Past the gate's limits the question is held, not refused: the student confirming their
    // address did not ask for it, and it is asked at the next confirmation.
    const mail = {
      kind: 'nomination-request',
      sender: { account: student.emailAddress },
      past: 'hold',
    } as const;
    const admitted = await admitDoorRequest('nomination', nominatorEmail, caps, mail, (tx) => {
      // Written once per nominator: created, or over the withdrawn one only while it is as read
      // (a concurrent ask or correction makes this one fail, as a second create does).
      if (earlier && nominationSnap?.updateTime) {
        tx.update(ref, { ...doc }, { lastUpdateTime: nominationSnap.updateTime });
      } else {
        tx.create(ref, doc);
      }
      queueEmail(
        tx,
        nominatorEmail,
        nominationRequestEmail({
          studentName: student.fullName,
          nominatorName: doc.nominatorName,
          link: linkPlaceholder(0),
        }),
        {
          kind: 'nomination-request',
          subjectId: studentId,
          // The request it links to: once the nominator is changed, this link is gone.
          links: [{ kind: 'nomination', studentId, askedAt: doc.askedAt.toDate().toISOString() }],
        },
        [studentId],
      );
    });
    return admitted ? 'asked' : 'held';
  } catch (error) {
    if (isAlreadyExists(error) || (error as { code?: unknown }).code === FAILED_PRECONDITION) {
      return 'already-asked';
    }
    // The door's hourly cap (DoorCapReached) or a failed write: asked at the next confirmation.
    logger.warn('Nominator not asked now', { studentId, error: String(error) });
    return 'held';
  }
}

/**
 * The nomination's link, made at the send; LinkGone once answered or expired, or when the
 * request it was queued for (`askedAt`) is no longer the one standing: a request to an address
 * the student has since replaced must not answer the request to the new one.
 */
export async function mintNominationLink(studentId: string, askedAt?: string): Promise<string> {
  const token = newToken();
  const ref = nominations().doc(studentId);
  await runTransaction(async (tx) => {
    const doc = (await tx.get(ref)).data() as NominationDoc | undefined;
    if (!doc || doc.state !== 'asked' || doc.linkExpiresAt.toMillis() < Date.now()) {
      throw new LinkGone('nomination');
    }
    if (askedAt !== undefined && doc.askedAt.toDate().toISOString() !== askedAt) {
      throw new LinkGone('nomination');
    }
    tx.update(ref, { tokenHashes: FieldValue.arrayUnion(tokenHash(token)) });
  });
  return tokenLink(`${siteUrl()}${nominationPaths.page}`, token);
}

/** How the outbox makes this feature's links (registered at start-up: email/links.ts). */
export const nominationLinks: LinkMakers<'nomination'> = {
  nomination: (spec) => mintNominationLink(spec.studentId, spec.askedAt),
};

/** The nominator's click: confirmed or declined, with their optional line; once. */
export async function answerNomination(
  token: string,
  answer: NominationAnswer,
  note: string | null,
): Promise<NominationAnswered> {
  const byToken = nominations().where('tokenHashes', 'array-contains', tokenHash(token)).limit(1);
  return runTransaction(async (tx) => {
    const snap = (await tx.get(byToken)).docs[0];
    const doc = snap?.data() as NominationDoc | undefined;
    if (!snap || !doc) throw new DomainError('not-found', NOMINATION_MESSAGES.invalid);
    if (doc.state !== 'asked')
      throw new DomainError('failed-precondition', NOMINATION_MESSAGES.used);
    if (doc.linkExpiresAt.toMillis() < Date.now()) {
      throw new DomainError('failed-precondition', NOMINATION_MESSAGES.expired);
    }
    const state = answer === 'confirm' ? 'confirmed' : 'declined';
    tx.update(snap.ref, {
      state,
      answeredAt: Timestamp.now(),
      note: clean(note),
      // The link went to this address alone (a change of address asks again with a new link).
      answeredBy: doc.nominatorEmail,
      // The link has done its work: no token of it stays a key to anything.
      tokenHashes: [],
    });
    return { state, message: NOMINATION_MESSAGES[state] };
  });
}

const iso = (t: Timestamp | null | undefined) => (t ? t.toDate().toISOString() : null);

/** The person's page: the nomination as coordinators see it. */
export async function nominationOf(studentId: string): Promise<NominationView | null> {
  const [studentSnap, nominationSnap] = await db.getAll(
    students().doc(studentId),
    nominations().doc(studentId),
  );
  const student = studentSnap?.data() as StudentDoc | undefined;
  if (!student) return null;
  const doc = nominationSnap?.data() as NominationDoc | undefined;
  if (doc && doc.state !== 'withdrawn') {
    return {
      state: doc.state,
      nominator: doc.nominatorName ?? doc.nominatorEmail,
      askedAt: iso(doc.askedAt),
      answeredAt: iso(doc.answeredAt),
      answeredBy: doc.answeredBy ?? null,
      note: doc.note,
    };
  }
  const address = clean(student.professorEmail as string | null);
  const asksUsed = asksOf(doc) >= NOMINATION_ASKS_PER_STUDENT;
  return {
    state: !address ? 'none' : asksUsed ? 'asks-used' : 'not-asked',
    nominator: clean(student.nominatedBy as string | null) ?? address,
    askedAt: null,
    answeredAt: null,
    answeredBy: null,
    note: null,
  };
}

/**
 * The students list's filter: the ids of the students whose nomination is in `state`
 * (`not-asked`: a nominator's address given, no nomination standing: none asked yet, or the
 * last one withdrawn).
 */
export async function studentIdsWithNomination(state: NominationFilter): Promise<string[]> {
  if (state !== 'not-asked') {
    const snap = await nominations().where('state', '==', state).select().get();
    return snap.docs.map((d) => d.id).sort();
  }
  const [withAddress, asked] = await Promise.all([
    students().where('professorEmail', '!=', null).select('professorEmail').get(),
    nominations().select('state').get(),
  ]);
  const known = new Set(asked.docs.filter((d) => d.get('state') !== 'withdrawn').map((d) => d.id));
  return withAddress.docs
    .filter((d) => !known.has(d.id) && clean(d.get('professorEmail') as string | null))
    .map((d) => d.id)
    .sort();
}

/** Whether a student's edit changes who the nominator is (their address or their name). */
export function nominatorChanged(
  before: Pick<StudentDoc, 'professorEmail' | 'nominatedBy'>,
  after: Pick<StudentDoc, 'professorEmail' | 'nominatedBy'>,
): boolean {
  const address = (doc: typeof before) => {
    const value = clean(doc.professorEmail as string | null);
    return value ? recipientKey(value) : null;
  };
  const name = (doc: typeof before) => clean(doc.nominatedBy as string | null);
  return address(before) !== address(after) || name(before) !== name(after);
}

/**
 * A student changed their nominator: the nomination asked (and perhaps answered) is no longer
 * theirs to keep, so it is withdrawn in the edit's transaction (read now; the returned step
 * empties it: nominator, answer and link tokens go, the count of asks stays), and the caller
 * asks the new nominator through `askNominator` once the edit is saved. An answer given from an
 * address the student controlled cannot survive a correction to someone else's. Null: nothing
 * was asked yet (the confirmation asks as usual).
 */
export async function nominationWithdrawal(
  tx: Transaction,
  studentId: string,
): Promise<(() => void) | null> {
  const ref = nominations().doc(studentId);
  const doc = (await tx.get(ref)).data() as NominationDoc | undefined;
  if (!doc) return null;
  const withdrawn: Partial<NominationDoc> = {
    state: 'withdrawn',
    nominatorEmail: '',
    nominatorName: null,
    answeredAt: null,
    note: null,
    answeredBy: null,
    tokenHashes: [],
    asks: asksOf(doc),
  };
  return () => tx.update(ref, withdrawn);
}
