/**
 * Cohort records (`cohorts/{id}`, packages/domain/src/cohort-records.ts): coordinators list,
 * create and edit them (each change audited in its transaction); the public application asks
 * which one is open (in its own transaction, applications/submit.ts); the wizards read the
 * public answer.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  COHORT_MESSAGES,
  COHORTS_COLLECTION,
  cohortFromData,
  cohortPhase,
  currentCohort,
  newestCohortsFirst,
  openCohort,
  nextOpening,
  publicCohorts,
  withProgramEnd,
  type Cohort,
  type CohortInput,
  type CohortsResponse,
  type PublicCohorts,
} from '@mentorship/domain';
import { audit, changesBetween } from '../audit/audit';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';

export const cohortsCollection = () => db.collection(COHORTS_COLLECTION);

export async function allCohorts(tx?: Transaction): Promise<Cohort[]> {
  const snapshot = tx ? await tx.get(cohortsCollection()) : await cohortsCollection().get();
  return snapshot.docs.map((doc) => cohortFromData(doc.id, doc.data()));
}

export async function listCohorts(now = new Date()): Promise<CohortsResponse> {
  const cohorts = await allCohorts();
  return {
    cohorts: newestCohortsFirst(cohorts).map((c) => ({ ...c, phase: cohortPhase(c, now) })),
    currentId: currentCohort(cohorts, now)?.id ?? null,
  };
}

export async function getPublicCohorts(now = new Date()): Promise<PublicCohorts> {
  return publicCohorts(await allCohorts(), now);
}

/**
 * For a public application: the id of the cohort taking applications now, or the refusal naming
 * the next opening, so a visitor who comes too early or too late learns when to come back and
 * nothing is stored. Read before the application's transaction, not in it: a
 * query inside a transaction locks the whole collection's range for every concurrent application
 * (it cost the emulator 4 ms of CPU per application and a round trip of its own). An application
 * racing a coordinator's edit of the dates by milliseconds goes by the dates as they were when it
 * arrived, as it would have a moment earlier.
 */
export async function openCohortId(now: Date): Promise<string> {
  const cohorts = await allCohorts();
  const open = openCohort(cohorts, now);
  if (open) return open.id;
  throw new DomainError('failed-precondition', COHORT_MESSAGES.closed(nextOpening(cohorts, now)));
}

/** A cohort a coordinator chose for a person (any phase), or a field error. */
export async function checkCohortIn(
  tx: Transaction,
  cohortId: string,
  field = 'cohortId',
): Promise<void> {
  const doc = await tx.get(cohortsCollection().doc(cohortId));
  if (!doc.exists) {
    throw new DomainError('invalid-argument', COHORT_MESSAGES.notFound, {
      [field]: COHORT_MESSAGES.notFound,
    });
  }
}

export async function createCohort(input: CohortInput): Promise<Cohort> {
  const record = withProgramEnd(input);
  const ref = cohortsCollection().doc();
  await runTransaction(async (tx) => {
    const now = Timestamp.now();
    tx.create(ref, { ...record, createdAt: now, updatedAt: now });
    audit(tx, {
      action: 'cohort.create',
      subject: { kind: 'cohort', id: ref.id, name: record.name },
      people: [],
      changes: changesBetween({}, record),
    });
  });
  return { id: ref.id, ...record };
}

export async function updateCohort(id: string, input: CohortInput): Promise<Cohort> {
  const record = withProgramEnd(input);
  const ref = cohortsCollection().doc(id);
  await runTransaction(async (tx) => {
    const before = await tx.get(ref);
    if (!before.exists) throw new DomainError('not-found', COHORT_MESSAGES.notFound);
    const previous = cohortFromData(id, before.data() ?? {});
    const { id: _id, ...old } = previous;
    tx.update(ref, { ...record, updatedAt: Timestamp.now() });
    audit(tx, {
      action: 'cohort.update',
      subject: { kind: 'cohort', id, name: record.name },
      people: [],
      changes: changesBetween(old, record),
    });
  });
  return { id, ...record };
}

/** A new person's cohort when a coordinator adds them: the one chosen (it must exist), else the current one. */
export async function cohortForNewPerson(chosen: string | null): Promise<string | null> {
  if (chosen) {
    const doc = await cohortsCollection().doc(chosen).get();
    if (!doc.exists) {
      throw new DomainError('invalid-argument', COHORT_MESSAGES.notFound, {
        cohortId: COHORT_MESSAGES.notFound,
      });
    }
    return chosen;
  }
  return currentCohort(await allCohorts(), new Date())?.id ?? null;
}
