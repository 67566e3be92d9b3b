/**
 * The coordinators' side of the months after matching: every pair's health (the Pairs page),
 * and ending a pair. Ending keeps the assignment as history (`isActive: false`, `endedAt`,
 * `endReason`, `endedBy`, `endNote`), gives the student back to matching first
 * (`matchPriority: 'rematch'`, unless the goals were met), frees the mentor's place, tells both
 * by e-mail and writes the history entry: one transaction.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  PAIR_END_REASON_LABELS,
  PAIR_HEALTH_RANK,
  PAIR_HEALTH_STATES,
  isoDayOf,
  pairEndedEmail,
  type EndPairInput,
  type PairHealthRow,
  type PairHealthState,
  type PairsResponse,
} from '@mentorship/domain';
import { changeMentorCount, releaseStudentSlot } from '../assignments/repository-helpers';
import { audit } from '../audit/audit';
import { forgetKeptTallies } from '../completion/kept-tallies';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { NOT_FOUND } from '../shared/not-found';
import { COLLECTIONS, holdsMentorPlace, type MentorDoc, type StudentDoc } from '../shared/records';
import { rowKeyOf, updatePerson } from '../shared/rows';
import { checkInTokensOf } from './check-ins';
import { PAIR_MESSAGES } from './sessions';
import {
  allPairs,
  assignments,
  healthOf,
  isRunning,
  pairNames,
  progressOf,
  type PairDoc,
} from './store';

export async function listPairHealth(now: Date, cohortId?: string | null): Promise<PairsResponse> {
  const today = isoDayOf(now);
  const pairs = (await allPairs(cohortId)).filter((p) => isRunning(p.doc) || p.doc.endedAt);
  const counts = Object.fromEntries(PAIR_HEALTH_STATES.map((s) => [s, 0])) as Record<
    PairHealthState,
    number
  >;
  const rows: PairHealthRow[] = pairs.map((pair) => {
    const progress = progressOf(pair.doc);
    const active = isRunning(pair.doc);
    const health = healthOf(pair, today);
    if (active) counts[health.state]++;
    const notes = Object.entries(progress.notes ?? {}).map(([role, n]) => ({
      role: role as 'student' | 'mentor',
      on: n?.on ?? '',
      text: n?.text ?? '',
    }));
    return {
      id: pair.id,
      cohortId: pair.cohortId,
      studentId: pair.doc.studentId,
      mentorId: pair.doc.mentorId,
      studentName: pair.doc.studentName,
      mentorName: pair.doc.mentorName,
      sessionsHeld: progress.sessionsHeld,
      lastSessionOn: progress.lastSessionOn,
      ratings: progress.ratings,
      fit: progress.fit,
      state: health.state,
      reasons: active ? health.reasons : [],
      active,
      endedAt: pair.doc.endedAt ? pair.doc.endedAt.toDate().toISOString() : null,
      endReason: pair.doc.endReason ?? null,
      notes,
      problem: progress.problem ?? null,
    };
  });
  rows.sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      PAIR_HEALTH_RANK[b.state] - PAIR_HEALTH_RANK[a.state] ||
      a.studentName.localeCompare(b.studentName),
  );
  return { today, pairs: rows, counts };
}

export async function endPair(id: string, input: EndPairInput): Promise<{ message: string }> {
  await runTransaction(async (tx) => {
    const ref = assignments().doc(id);
    const snap = await tx.get(ref);
    if (!snap.exists) throw new DomainError('not-found', NOT_FOUND.assignment);
    const doc = snap.data() as PairDoc;
    if (!isRunning(doc)) throw new DomainError('failed-precondition', PAIR_MESSAGES.ended);
    const [studentSnap, mentorSnap] = await tx.getAll(
      db.collection(COLLECTIONS.students).doc(doc.studentId),
      db.collection(COLLECTIONS.mentors).doc(doc.mentorId),
    );
    const student = studentSnap?.data() as StudentDoc | undefined;
    const mentor = mentorSnap?.data() as MentorDoc | undefined;
    // Its check-in links die with it (issue 33).
    const dropCheckInLinks = await checkInTokensOf(tx, id);

    const now = Timestamp.now();
    dropCheckInLinks();
    tx.update(ref, {
      isActive: false,
      endedAt: now,
      endReason: input.reason,
      endedBy: 'coordinator',
      endNote: input.note ?? null,
      updatedAt: now,
    });
    // A re-match reason the cohort report counts (completion/kept-tallies.ts).
    forgetKeptTallies(tx, [doc.cohortId, student?.cohortId]);
    if (student) {
      const key = rowKeyOf(doc.studentId, student);
      if (student.activeAssignmentId === id) releaseStudentSlot(tx, key, now);
      if (input.reason !== 'goals-met') {
        updatePerson(tx, 'student', key, { matchPriority: 'rematch', updatedAt: now });
      }
    }
    if (mentor && holdsMentorPlace(doc)) {
      changeMentorCount(tx, rowKeyOf(doc.mentorId, mentor), -1, now);
    }

    const reasonLabel = PAIR_END_REASON_LABELS[input.reason];
    const topic = { kind: 'pair-ended' as const, subjectId: id };
    if (student?.emailAddress) {
      queueEmail(
        tx,
        student.emailAddress,
        pairEndedEmail({
          fullName: student.fullName,
          partnerName: doc.mentorName,
          role: 'student',
          reasonLabel,
        }),
        topic,
      );
    }
    if (mentor?.email) {
      queueEmail(
        tx,
        mentor.email,
        pairEndedEmail({
          fullName: mentor.fullName,
          partnerName: doc.studentName,
          role: 'mentor',
          reasonLabel,
        }),
        topic,
      );
    }
    audit(tx, {
      action: 'assignment.end',
      subject: { kind: 'assignment', id, name: pairNames(doc) },
      people: [doc.mentorId, doc.studentId],
      changes: {
        isActive: { before: true, after: false },
        endReason: { before: null, after: input.reason },
      },
      detail: input.note ?? null,
    });
  });
  return { message: 'The pair has ended. Both were told by e-mail.' };
}
