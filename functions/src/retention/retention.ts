/**
 * Retention by the software: the periods of the domain's RETENTION (also shown on the privacy
 * page), applied to the data as of `now`. Plain work, so tests and `npm run retention -- --date`
 * run it with any date; the scheduled function (index.ts) runs it daily. People are erased
 * with everything that hangs on them (people/repository.ts `removePerson`); e-mails, history
 * and counters also carry a TTL field (firestore.indexes.json) so production deletes them even
 * between runs.
 */
import { Timestamp, type Query } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  RETENTION,
  addDays,
  addMonths,
  endOfDay,
  type CohortDates,
  type PersonKind,
} from '@mentorship/domain';
import { pairDatesOf } from '../pairs';
import { db } from '../firebase';
import { PEOPLE } from '../shared/people-kinds';
import { removePerson } from '../people';
import { COLLECTIONS, isConfirmed, type MentorDoc, type StudentDoc } from '../shared/records';

export interface RetentionReport {
  unconfirmedApplications: number;
  closedApplications: number;
  afterCohort: number;
  emails: number;
  rateLimits: number;
  history: number;
}

const ts = (date: Date) => Timestamp.fromDate(date);
const KINDS: PersonKind[] = ['student', 'mentor'];

async function deleteAll(query: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await query.limit(400).get();
    if (page.empty) return deleted;
    const batch = db.batch();
    for (const d of page.docs) batch.delete(d.ref);
    await batch.commit();
    deleted += page.size;
  }
}

/** Each cohort's last day, as the first instant after it (the cohorts are few: one read). */
async function cohortEnds(): Promise<Map<string, Date>> {
  const snapshot = await db.collection(COHORTS_COLLECTION).get();
  return new Map(
    snapshot.docs.map((c) => [c.id, endOfDay((c.data() as CohortDates).programEnd)] as const),
  );
}

/**
 * When the person's time with the program ended: the latest program end among their cohort and
 * the cohorts of their pairs (a mentor who mentored again, a student carried forward). A record
 * whose cohorts are unknown (none recorded) counts from the later of its application and its
 * latest pair, plus one program (`RETENTION.cohortMonths`).
 */
async function programEndOf(
  kind: PersonKind,
  id: string,
  doc: StudentDoc | MentorDoc,
  ends: Map<string, Date>,
): Promise<Date> {
  const pairs = await pairDatesOf(kind, id);
  let latest: Date | undefined;
  const cohortIds = [(doc as { cohortId?: string }).cohortId, ...pairs.map((a) => a.cohortId)];
  for (const cohortId of cohortIds) {
    const end = cohortId ? ends.get(cohortId) : undefined;
    if (end && (!latest || end > latest)) latest = end;
  }
  if (latest) return latest;
  let start = doc.createdAt.toDate();
  for (const a of pairs) if (a.assignedAt.toDate() > start) start = a.assignedAt.toDate();
  return addMonths(start, RETENTION.cohortMonths);
}

export async function runRetention(now: Date): Promise<RetentionReport> {
  const report: RetentionReport = {
    unconfirmedApplications: 0,
    closedApplications: 0,
    afterCohort: 0,
    emails: 0,
    rateLimits: 0,
    history: 0,
  };
  const unconfirmedBefore = ts(addDays(now, -RETENTION.unconfirmedDays));
  const closedBefore = ts(addDays(now, -RETENTION.closedApplicationDays));
  // People go `afterCohortMonths` after their cohort's program ends (programEndOf).
  const cohortCutoff = addMonths(now, -RETENTION.afterCohortMonths);
  const ends = await cohortEnds();

  for (const kind of KINDS) {
    const people = PEOPLE[kind];
    const collection = people.collection();
    // deploy:check collections students, mentors
    const unconfirmed = await collection
      .where('confirmed', '==', false)
      .where('createdAt', '<', unconfirmedBefore)
      .get();
    for (const d of unconfirmed.docs) {
      await removePerson(people, d.id);
      report.unconfirmedApplications++;
    }
    // deploy:check collections students, mentors
    const closed = await collection
      .where('reviewStatus', 'in', ['declined', 'withdrawn'])
      .where('updatedAt', '<', closedBefore)
      .get();
    for (const d of closed.docs) {
      await removePerson(people, d.id);
      report.closedApplications++;
    }
    // Whoever's program ended before the cutoff applied before it too: a narrowing query.
    const old = await collection.where('createdAt', '<', ts(cohortCutoff)).get();
    for (const d of old.docs) {
      const doc = d.data() as StudentDoc | MentorDoc;
      if (!isConfirmed(doc)) continue;
      if ((await programEndOf(kind, d.id, doc, ends)) >= cohortCutoff) continue;
      await removePerson(people, d.id);
      report.afterCohort++;
    }
  }

  report.emails = await deleteAll(
    db
      .collection(COLLECTIONS.mail)
      .where('delivery.endTime', '<', ts(addDays(now, -RETENTION.deliveredEmailDays))),
  );
  report.rateLimits = await deleteAll(
    db
      .collection(COLLECTIONS.rateLimits)
      .where('expiresAt', '<', ts(addDays(now, -RETENTION.rateLimitDays))),
  );
  report.history = await deleteAll(
    db.collection(COLLECTIONS.audit).where('at', '<', ts(addMonths(now, -RETENTION.historyMonths))),
  );
  return report;
}
