/**
 * The transition "complete" (daily job; the pair module's records and transitions, through its
 * entry): once a cohort's program has ended (`cohortPhase` completed), each of
 * its pairs still active that held at least COMPLETION_MIN_SESSIONS sessions on or before the
 * program's end is marked `completedAt`, and each of its two participants gets a certificate
 * (`certificates/{publicId}`) and an e-mail with the links to it and to the final survey. One
 * transaction per pair checks `completedAt` first, so a second run (or two at once) does nothing
 * twice. Sessions logged late but held by the end count for COMPLETION_LATE_LOG_DAYS after it;
 * then the cohort is closed and no longer read.
 */
import { randomInt } from 'node:crypto';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  COMPLETION_LATE_LOG_DAYS,
  COMPLETION_MIN_SESSIONS,
  RETENTION,
  SURVEYS_COLLECTION,
  addDays,
  addMonths,
  certificateEmail,
  cohortPhase,
  endOfDay,
  isoDayOf,
  type CertificateDoc,
  type Cohort,
  type PersonKind,
  type SessionDoc,
} from '@mentorship/domain';
import { siteUrl as configuredSiteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { PEOPLE } from '../shared/people-kinds';
import { personRef } from '../shared/people';
import type { MentorDoc, StudentDoc } from '../shared/records';
import { readCohorts } from './cohorts';
import {
  forgetTallies,
  tallyRef,
  pairsCollection,
  certificates,
  cohortIdsOf,
  sessions,
  type PairDoc,
  releaseMentorPlaceAtEnd,
} from '../pairs';
import { closingEventEndsForCertificates } from '../cohorts';

export interface CompletionReport {
  cohortsChecked: number;
  pairsCompleted: number;
  certificates: number;
  /** Pairs whose program ended and which gave their mentor's place back (once each). */
  mentorPlacesReleased: number;
}

/** A certificate as stored: what it shows, the ids that erase it, and when it expires. */
export interface StoredCertificate extends CertificateDoc {
  createdAt: Timestamp;
  /** RETENTION.certificateYears after issue (TTL field; the retention job deletes it too). */
  expiresAt: Timestamp;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 22 characters from 62 (about 131 bits), from the platform's CSPRNG. */
const newCertificateId = () =>
  Array.from({ length: 22 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const COMPLETION_CONCURRENCY = 10;

/** Sessions held on or before the cohort's last day, counted by pair: one query per cohort. */
async function sessionsByPair(cohort: Cohort): Promise<Map<string, number>> {
  const snapshot = await sessions()
    .where('cohortId', '==', cohort.id)
    .select('pairId', 'heldOn')
    .get();
  const counts = new Map<string, number>();
  for (const d of snapshot.docs) {
    const session = d.data() as Partial<SessionDoc>;
    if (String(session.heldOn) > cohort.programEnd) continue;
    const id = String(session.pairId);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

function siteUrl(): string {
  try {
    return configuredSiteUrl() || (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  } catch {
    return (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  }
}

async function completePair(
  pairId: string,
  cohort: Cohort,
  held: number,
  now: Date,
): Promise<number> {
  return runTransaction(async (tx) => {
    const ref = pairsCollection().doc(pairId);
    const snapshot = await tx.get(ref);
    const pair = snapshot.data() as PairDoc | undefined;
    if (!snapshot.exists || !pair || pair.completedAt || pair.isActive !== true) return -1;
    const [student, mentor] = (await tx.getAll(
      personRef('student', String(pair.studentId)),
      personRef('mentor', String(pair.mentorId)),
    )) as [DocumentSnapshot, DocumentSnapshot];
    const issuedOn = isoDayOf(now);
    const created = Timestamp.fromDate(now);
    const expiresAt = Timestamp.fromDate(addMonths(now, RETENTION.certificateYears * 12));
    const people: { role: PersonKind; snap: DocumentSnapshot }[] = [
      { role: 'student', snap: student },
      { role: 'mentor', snap: mentor },
    ];
    const certificateIds: Record<string, string> = {};
    for (const { role, snap } of people) {
      // A person who erased their data gets nothing; the other still does.
      if (!snap.exists) continue;
      const doc = snap.data() as StudentDoc | MentorDoc;
      const id = newCertificateId();
      const certificate: StoredCertificate = {
        fullName: doc.fullName,
        role,
        cohortName: cohort.name,
        programStart: cohort.programStart,
        programEnd: cohort.programEnd,
        sessionsHeld: held,
        issuedOn,
        personId: snap.id,
        pairId,
        cohortId: cohort.id,
        createdAt: created,
        expiresAt,
      };
      tx.create(certificates().doc(id), certificate);
      certificateIds[role] = id;
      const email = PEOPLE[role].emailOf(doc as never);
      if (email) {
        queueEmail(
          tx,
          email,
          certificateEmail({
            fullName: doc.fullName,
            role,
            cohortName: cohort.name,
            sessionsHeld: held,
            certificateId: id,
            siteUrl: siteUrl(),
          }),
          { kind: 'certificate', subjectId: pairId },
        );
      }
    }
    tx.update(ref, { completedAt: created, sessionsHeld: held, certificateIds });
    return Object.keys(certificateIds).length;
  });
}

export async function runCompletion(now: Date): Promise<CompletionReport> {
  const report: CompletionReport = {
    cohortsChecked: 0,
    pairsCompleted: 0,
    certificates: 0,
    mentorPlacesReleased: 0,
  };
  // A cohort may send its certificates after its closing event instead; the job then
  // waits for the event, and works until COMPLETION_LATE_LOG_DAYS after it if it is the later.
  const eventEnds = await closingEventEndsForCertificates();
  const awaitingEvent = new Set(
    [...eventEnds].filter(([, end]) => end > now.getTime()).map(([id]) => id),
  );
  const cohorts = (await readCohorts()).filter((c) => {
    if (cohortPhase(c, now) !== 'completed') return false;
    const lateLogs = addDays(endOfDay(c.programEnd), COMPLETION_LATE_LOG_DAYS).getTime();
    const eventEnd = eventEnds.get(c.id);
    const afterEvent =
      eventEnd === undefined ? 0 : addDays(new Date(eventEnd), COMPLETION_LATE_LOG_DAYS).getTime();
    return now.getTime() < Math.max(lateLogs, afterEvent);
  });
  if (cohorts.length === 0) return report;
  report.cohortsChecked = cohorts.length;
  const byId = new Map(cohorts.map((c) => [c.id, c]));
  const active = await pairsCollection()
    .where('isActive', '==', true)
    .select('studentId', 'mentorId', 'cohortId', 'completedAt', 'mentorPlaceReleasedAt')
    .get();
  const running = active.docs.map((d) => ({ id: d.id, doc: d.data() as PairDoc }));
  const open = running.filter((pair) => !pair.doc.completedAt);
  const cohortOf = await cohortIdsOf(running);
  const held = new Map<string, Map<string, number>>();
  for (const cohort of cohorts) held.set(cohort.id, await sessionsByPair(cohort));
  const one = async (pair: (typeof open)[number]) => {
    const cohort = byId.get(cohortOf.get(pair.id) ?? '');
    if (!cohort || awaitingEvent.has(cohort.id)) return;
    const sessions = held.get(cohort.id)?.get(pair.id) ?? 0;
    if (sessions < COMPLETION_MIN_SESSIONS) return;
    const certificates = await completePair(pair.id, cohort, sessions, now);
    if (certificates < 0) return;
    report.pairsCompleted++;
    report.certificates += certificates;
  };
  const release = async (pair: (typeof running)[number]) => {
    if (pair.doc.mentorPlaceReleasedAt || !byId.has(cohortOf.get(pair.id) ?? '')) return;
    // The transition "complete" (pairs/transitions.ts): the mentor's place is given back, once.
    if (await runTransaction((tx) => releaseMentorPlaceAtEnd(tx, pair.id, now)))
      report.mentorPlacesReleased++;
  };
  // A few pairs at a time: each is its own transaction on its own documents.
  for (let i = 0; i < open.length; i += COMPLETION_CONCURRENCY) {
    await Promise.all(open.slice(i, i + COMPLETION_CONCURRENCY).map(one));
  }
  for (let i = 0; i < running.length; i += COMPLETION_CONCURRENCY) {
    await Promise.all(running.slice(i, i + COMPLETION_CONCURRENCY).map(release));
  }
  // The cohort report counts completed pairs. Completing hundreds at once would make one tally
  // document a hot spot, so the run does not add to it pair by pair: it asks the report to count
  // again, after its work, each cohort it checked whose tally is kept (valid). A run that crashed
  // before this line is followed by the next day's, which checks the same cohorts; a tally already
  // waiting to be counted is not written again (so a run with nothing to do writes nothing).
  const kept = await db.getAll(...cohorts.map((c) => tallyRef(c.id)));
  const counted = kept.filter((t) => t.get('valid') === true).map((t) => t.id);
  if (counted.length > 0) {
    const batch = db.batch();
    forgetTallies(batch, counted);
    await batch.commit();
  }
  return report;
}

/** Certificates past RETENTION.certificateYears, and survey answers past theirs. */
export async function runCertificateRetention(now: Date): Promise<Record<string, number>> {
  const at = Timestamp.fromDate(now);
  let certificatesDeleted = 0;
  let surveys = 0;
  for (const [collection, counter] of [
    [certificates(), 'certificates'],
    [db.collection(SURVEYS_COLLECTION), 'surveys'],
  ] as const) {
    for (;;) {
      const page = await collection.where('expiresAt', '<', at).limit(400).get();
      if (page.empty) break;
      const batch = db.batch();
      for (const d of page.docs) batch.delete(d.ref);
      if (counter === 'surveys') {
        forgetTallies(
          batch,
          page.docs.map((d) => d.get('cohortId') as string | null),
        );
      }
      await batch.commit();
      if (counter === 'certificates') certificatesDeleted += page.size;
      else surveys += page.size;
    }
  }
  return { certificates: certificatesDeleted, surveys };
}

/** Erasure (my-application/service.ts): a person's certificates and survey answers go with them. */
export async function eraseCertificatesOf(personIds: string[]): Promise<void> {
  for (const personId of personIds) {
    const [ofPerson, surveys] = await Promise.all([
      certificates().where('personId', '==', personId).get(),
      db.collection(SURVEYS_COLLECTION).where('personId', '==', personId).get(),
    ]);
    const batch = db.batch();
    for (const d of [...ofPerson.docs, ...surveys.docs]) batch.delete(d.ref);
    if (!surveys.empty) {
      forgetTallies(
        batch,
        surveys.docs.map((d) => d.get('cohortId') as string | null),
      );
    }
    await batch.commit();
  }
}

/** A certificate by its public id (undefined: none). */
export async function readCertificateDoc(id: string): Promise<CertificateDoc | undefined> {
  const snapshot = await certificates().doc(id).get();
  return snapshot.exists ? (snapshot.data() as CertificateDoc) : undefined;
}

/** A person's certificates, by id. */
export async function certificatesOfPerson(
  personId: string,
): Promise<{ id: string; doc: CertificateDoc }[]> {
  const snapshot = await certificates().where('personId', '==', personId).get();
  return snapshot.docs.map((d) => ({ id: d.id, doc: d.data() as CertificateDoc }));
}
