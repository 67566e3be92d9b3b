/**
 * Retention by the software: the periods of the domain's RETENTION (also shown on the privacy
 * page), applied to the data as of `now`. Plain work, so tests and `npm run retention -- --date`
 * run it with any date; the scheduled function (index.ts) runs it daily. People are erased
 * with everything that hangs on them (people/repository.ts `removePerson`); e-mails, history
 * and counters also carry a TTL field (firestore.indexes.json) so production deletes them even
 * between runs.
 */
import { Timestamp, type Query } from 'firebase-admin/firestore';
import { RETENTION, addDays, addMonths, type PersonKind } from '@mentorship/domain';
import { assignmentsCollection } from '../assignments/repository-helpers';
import { db } from '../firebase';
import { PEOPLE } from '../people/kinds';
import { removePerson } from '../people/repository';
import {
  COLLECTIONS,
  isConfirmed,
  type AssignmentDoc,
  type MentorDoc,
  type StudentDoc,
} from '../shared/records';

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

/** The later of the application and the person's latest assignment: their cohort's start. */
async function cohortStart(kind: PersonKind, id: string, doc: StudentDoc | MentorDoc) {
  const field = kind === 'student' ? 'studentId' : 'mentorId';
  const assignments = await assignmentsCollection().where(field, '==', id).get();
  let latest = doc.createdAt.toDate();
  for (const a of assignments.docs) {
    const at = (a.data() as AssignmentDoc).assignedAt.toDate();
    if (at > latest) latest = at;
  }
  return latest;
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
  // A cohort ends `cohortMonths` after its start; people go `afterCohortMonths` after that.
  const cohortCutoff = addMonths(now, -(RETENTION.cohortMonths + RETENTION.afterCohortMonths));

  for (const kind of KINDS) {
    const people = PEOPLE[kind];
    const collection = people.collection();
    const unconfirmed = await collection
      .where('confirmed', '==', false)
      .where('createdAt', '<', unconfirmedBefore)
      .get();
    for (const d of unconfirmed.docs) {
      await removePerson(people, d.id);
      report.unconfirmedApplications++;
    }
    const closed = await collection
      .where('reviewStatus', 'in', ['declined', 'withdrawn'])
      .where('updatedAt', '<', closedBefore)
      .get();
    for (const d of closed.docs) {
      await removePerson(people, d.id);
      report.closedApplications++;
    }
    const old = await collection.where('createdAt', '<', ts(cohortCutoff)).get();
    for (const d of old.docs) {
      const doc = d.data() as StudentDoc | MentorDoc;
      if (!isConfirmed(doc)) continue;
      if ((await cohortStart(kind, d.id, doc)) >= cohortCutoff) continue;
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
