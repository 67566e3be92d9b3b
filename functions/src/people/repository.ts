/**
 * Students and mentors: list, read, create, edit, activate and delete, written once for both
 * kinds (shared/people-kinds.ts says what differs: `addPerson(STUDENTS, input)`; activation and review are in
 * review/people.ts). Every write that
 * touches an application lock, a list row, a pair, a note or the history is in one transaction
 * with the record.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  MY_APPLICATION_MESSAGES,
  RECORD_CHANGED_MESSAGE,
  REVIEW_MESSAGES,
  type DeletePersonResponse,
} from '@mentorship/domain';
import { audit, changesBetween } from '../audit/audit';
import {
  claimEmail,
  createWithEmailLock,
  isEmailTaken,
  releaseEmail,
  sameEmail,
} from '../application-locks/repository';
import { deleteSignIn } from './sign-in-user';
import { db, runTransaction } from '../firebase';
import { revokeInterviewOfErased } from '../interviews';
import { erasePairsOf, renameInPairs } from '../pairs';
import { applicationLockId } from '../shared/ids';
import { DomainError } from '../shared/errors';
import { isAlreadyExists } from '../shared/firestore-errors';
import { newestFirst } from '../shared/newest-first';
import { COLLECTIONS, type MentorDoc, type StudentDoc } from '../shared/records';
import { setPerson } from '../shared/rows';
import type { AnyPeopleKind, DocOf, InputOf, ItemOf, RecordOf } from '../shared/people-kinds';
import { planErasure } from './erasure';
import { checkCohortIn, cohortForNewPerson } from '../cohorts';
import { askNominator, nominationWithdrawal, nominatorChanged } from '../nominations';

type Doc = StudentDoc | MentorDoc;

const duplicateEmail = (people: AnyPeopleKind) =>
  new DomainError('already-exists', people.duplicateEmail, {
    [people.emailField]: people.duplicateEmail,
  });

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Newest first; `limit` keeps only the newest rows. Applications whose address is not confirmed
 * are not listed (Firestore cannot ask for "not false or missing", so they are left out here).
 */
export async function listPeople<K extends AnyPeopleKind>(
  people: K,
  limit?: number,
): Promise<ItemOf<K>[]> {
  const snapshot = await newestFirst(
    people.collection().select(...people.listFields, 'confirmed'),
    limit,
  );
  return snapshot.docs
    .filter((d) => d.get('confirmed') !== false)
    .map((d) => people.toListItem(d.id, d.data() as DocOf<K>) as ItemOf<K>);
}

/** The whole record; 404 when there is none. */
export async function getPerson<K extends AnyPeopleKind>(
  people: K,
  id: string,
): Promise<RecordOf<K>> {
  const snapshot = await people.collection().doc(id).get();
  if (!snapshot.exists) throw new DomainError('not-found', people.notFound);
  return people.toRecord(id, snapshot.data() as DocOf<K>) as RecordOf<K>;
}

/**
 * A coordinator creates a person: when they have an e-mail, it is claimed in the same
 * transaction (409 if it is taken, also when a concurrent request took it first: coordinators
 * are trusted with which addresses exist); the record is in the history. Public applications
 * take their own path (applications/submit.ts: caps, no enumeration).
 */
export async function addPerson<K extends AnyPeopleKind>(
  people: K,
  input: InputOf<K>,
): Promise<string> {
  const { kind } = people;
  const email = people.emailOf(input);
  const cohortId = await cohortForNewPerson(input.cohortId ?? null);
  return createWithEmailLock({
    ref: people.collection().doc(),
    role: kind,
    email,
    build: (): Doc => {
      const now = Timestamp.now();
      return {
        ...input,
        cohortId,
        reviewStatus: null,
        declineReason: null,
        ...people.countersOf(),
        createdAt: now,
        updatedAt: now,
      } as Doc;
    },
    duplicate: () => duplicateEmail(people),
    onCreate: (tx, id) => {
      audit(tx, {
        action: 'person.create',
        subject: { kind, id, name: input.fullName },
        people: [id],
      });
    },
  });
}

/**
 * Replaces the person's form fields; their pair counter is kept. A changed e-mail moves its
 * lock (409 when taken); a changed name is copied to their pairs (they show names); the
 * kind may refuse the edit (a mentor's capacity below their active students).
 */
export async function editPerson<K extends AnyPeopleKind>(
  people: K,
  id: string,
  edited: InputOf<K>,
  /**
   * A field-level merge (the applicant's correction): only the fields of `edited` that differ
   * from `base` (the record as the editor read it) are written over the record as it is now, and
   * `check` sees the record as it is now, inside the transaction, with those fields' names: a
   * decision made in between is neither undone nor bypassed.
   */
  merge?: { base: DocOf<K>; check: (current: DocOf<K>, changed: string[]) => void },
  /**
   * The record's `updatedAt` (ISO) when the editor opened it: a record changed since (by a
   * coordinator or by its applicant) is not overwritten; 409 with `RECORD_CHANGED_MESSAGE`, and
   * nothing is written.
   */
  version?: string,
): Promise<RecordOf<K>> {
  const { kind } = people;
  const ref = people.collection().doc(id);
  let askAgain = false;
  const record = await runTransaction(async (tx) => {
    askAgain = false;
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new DomainError('not-found', people.notFound);
    const current = snapshot.data() as DocOf<K>;
    if (version !== undefined && current.updatedAt?.toDate().toISOString() !== version) {
      throw new DomainError('failed-precondition', RECORD_CHANGED_MESSAGE);
    }
    let input = edited;
    if (merge) {
      const changed = changedFields(edited, merge.base);
      merge.check(current, changed);
      const fields = edited as unknown as Record<string, unknown>;
      input = {
        ...current,
        ...Object.fromEntries(changed.map((key) => [key, fields[key]])),
      } as unknown as InputOf<K>;
    }
    people.checkEdit(current, input);
    assertNoDecisionUndone(current, input);
    // An empty cohort keeps the person's own; a chosen one must exist.
    const cohortId = input.cohortId ?? current.cohortId ?? null;
    if (input.cohortId && input.cohortId !== current.cohortId) {
      await checkCohortIn(tx, input.cohortId);
    }
    const before = people.emailOf(current);
    const after = people.emailOf(input);
    const emailChanged = !sameEmail(before, after);
    if (emailChanged && after && (await isEmailTaken(tx, kind, after))) {
      throw duplicateEmail(people);
    }
    const renamed = current.fullName !== input.fullName;
    const renamePairs = renamed ? await renameInPairs(tx, kind, id) : null;
    // A new nominator is asked anew: what the previous one answered is not theirs.
    const withdrawNomination =
      kind === 'student' && nominatorChanged(current as StudentDoc, input as StudentDoc)
        ? await nominationWithdrawal(tx, id)
        : null;

    const now = Timestamp.now();
    if (emailChanged) {
      if (before) releaseEmail(tx, kind, before);
      if (after) claimEmail(tx, kind, after, id);
    }
    renamePairs?.(input.fullName, now);
    withdrawNomination?.();
    askAgain = withdrawNomination !== null;
    const next = {
      ...current,
      ...input,
      cohortId,
      ...people.countersOf(current),
      updatedAt: now,
    } as Doc;
    setPerson(tx, kind, id, next, current);
    audit(tx, {
      action: 'person.update',
      subject: { kind, id, name: input.fullName },
      people: [id],
      changes: changesBetween(current as Record<string, unknown>, input as Record<string, unknown>),
    });
    return people.toRecord(id, next) as RecordOf<K>;
  }).catch((error: unknown) => {
    // Another request claimed the new address between our read and our commit.
    if (isAlreadyExists(error)) throw duplicateEmail(people);
    throw error;
  });
  // The new nominator, through the one way a nominator is asked (caps included; held, they are
  // asked at the student's next confirmation).
  if (askAgain) await askNominator(id);
  return record;
}

/**
 * A coordinator's edit form carries `isActive` as it was when the form was opened: it does not
 * make active a record declined or withdrawn meanwhile (or before): activation has its own rules
 * (review/people.ts `setPersonStatus`), checked here on the record inside the transaction.
 */
function assertNoDecisionUndone(current: Doc, input: { isActive?: boolean }) {
  if (current.isActive || input.isActive !== true) return;
  if (current.reviewStatus === 'declined') {
    throw new DomainError('failed-precondition', REVIEW_MESSAGES.declinedCannotActivate);
  }
  if (current.reviewStatus === 'withdrawn') {
    throw new DomainError('failed-precondition', MY_APPLICATION_MESSAGES.withdrawnCannotActivate);
  }
}

/** The fields of `edited` whose value differs from `base`'s. */
function changedFields(edited: object, base: object): string[] {
  const a = edited as Record<string, unknown>;
  const b = base as Record<string, unknown>;
  return Object.keys(a).filter(
    (key) => JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null),
  );
}

/**
 * Erases the person, whoever asks (a coordinator's Delete and the applicant on My application
 * with `onRequest`, the retention job without), in one transaction: what every registered collection's
 * erasure rule finds of them (./erasure.ts walks the registry: their record and list row, e-mail
 * lock, notes, outbox messages addressed to them, about them or naming them, their invitations,
 * nomination, classmate invitation, booking...; their history entries scrubbed, where what
 * happened and the ids stay) and every pair they ever had with its records, their partners'
 * places given back (the pair module). Then their sign-in (Firebase Auth user) goes, unless the
 * address has another application.
 */
export async function removePerson(
  people: AnyPeopleKind,
  id: string,
  { onRequest = false }: { onRequest?: boolean } = {},
): Promise<DeletePersonResponse> {
  const { kind } = people;
  const ref = people.collection().doc(id);
  const deleted = await runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new DomainError('not-found', people.notFound);
    const person = snapshot.data() as Doc;
    const email = people.emailOf(person);
    const cohortId = (person as { cohortId?: string | null }).cohortId ?? null;
    const plan = await planErasure(tx, { kind, id, email, cohortId, onRequest });
    // Their pairs go with them (the pair module's transition "erase": pairs/transitions.ts),
    // with the sessions, check-ins, tokens, nudges and e-mails of every pair they had; what the
    // plan deletes already is left to it.
    const erased = await erasePairsOf(tx, kind, id, () =>
      Promise.resolve([...plan.deletes.values()]),
    );
    const pairs = erased.pairs;
    // A mentor's interview still ahead leaves its host's calendar too (the host is told).
    const revokeInterview =
      kind === 'mentor' ? await revokeInterviewOfErased(id)(tx) : () => undefined;

    const now = Timestamp.now();
    erased.write(now, cohortId);
    revokeInterview();
    plan.write();
    audit(tx, {
      action: 'person.delete',
      subject: { kind, id, name: null },
      people: [id],
      detail: `${plural(pairs.length, 'pair')} deleted with them`,
    });
    return { count: pairs.length, email };
  }).then(async ({ count, email }) => {
    if (email) await deleteSignInIfLast(email);
    return count;
  });
  return {
    message: `${people.label} deleted${deleted ? ` with ${plural(deleted, 'pair')}` : ''}.`,
    deletedPairs: deleted,
  };
}

/** The Auth user of an address goes with its last application. */
async function deleteSignInIfLast(email: string): Promise<void> {
  const locks = await db.getAll(
    ...(['student', 'mentor'] as const).map((role) =>
      db.collection(COLLECTIONS.applicationLocks).doc(applicationLockId(role, email)),
    ),
  );
  if (locks.some((lock) => lock.exists)) return;
  await deleteSignIn(email);
}
