/**
 * What students and mentors share in their status and review changes: the approval on first
 * activation, the declined-needs-reopening rule, the decisions, their e-mails and history, all
 * inside the caller's transaction or one of their own.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  MY_APPLICATION_MESSAGES,
  REVIEW_MESSAGES,
  type ReviewDecision,
  type ReviewStatus,
  type StatusResponse,
} from '@mentorship/domain';
import { audit } from '../audit/audit';
import { orientationOnApproval } from '../cohorts';
import { admitMail, coordinatorSender } from '../email/gate';
import { queueApprovedEmail, queueDeclinedEmail } from '../email/moments';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { PEOPLE } from '../shared/people-kinds';
import { NOT_FOUND } from '../shared/not-found';
import type { MentorDoc, StudentDoc } from '../shared/records';
import { personRef as ref, type PersonKind } from '../shared/people';
import { rowKeyOf, updatePerson, type RowKey } from '../shared/rows';

interface PersonFacts {
  /** Where the person's list row is. */
  key: RowKey;
  fullName: string;
  isActive: boolean;
  reviewStatus?: ReviewStatus | null;
  email: string | null;
}

const factsOf = (kind: PersonKind, id: string, doc: StudentDoc | MentorDoc): PersonFacts => ({
  key: rowKeyOf(id, doc),
  fullName: doc.fullName,
  isActive: doc.isActive,
  reviewStatus: doc.reviewStatus ?? null,
  email: PEOPLE[kind].emailOf(doc),
});

async function read(tx: Transaction, kind: PersonKind, id: string): Promise<PersonFacts> {
  const snapshot = await tx.get(ref(kind, id));
  if (!snapshot.exists) throw new DomainError('not-found', NOT_FOUND[kind]);
  const doc = snapshot.data() as StudentDoc | MentorDoc;
  if (doc.confirmed === false) throw conflict(MY_APPLICATION_MESSAGES.notConfirmed);
  return factsOf(kind, id, doc);
}

const conflict = (message: string) => new DomainError('failed-precondition', message);

/**
 * The decision's e-mail through the one mail gate (read with the decision's reads; 429 past it,
 * before anything is written): what to call with the writes.
 */
async function gateDecisionMail(
  tx: Transaction,
  kind: 'approved' | 'declined',
  person: PersonFacts,
): Promise<() => void> {
  if (!person.email) return () => undefined;
  return admitMail(tx, { kind, sender: coordinatorSender(), to: [person.email] }, null);
}

function approve(tx: Transaction, kind: PersonKind, id: string, person: PersonFacts) {
  updatePerson(tx, kind, person.key, {
    isActive: true,
    reviewStatus: 'approved',
    declineReason: null,
    updatedAt: Timestamp.now(),
  });
  if (person.email) {
    queueApprovedEmail(tx, { role: kind, id, fullName: person.fullName, email: person.email });
  }
  audit(tx, {
    action: 'review.approve',
    subject: { kind, id, name: person.fullName },
    people: [id],
    changes: {
      reviewStatus: { before: person.reviewStatus ?? null, after: 'approved' },
      isActive: { before: person.isActive, after: true },
    },
  });
}

/** Reads of a caller's own in the same transaction; its writes go with the change's. */
export type Alongside = (tx: Transaction) => Promise<() => void>;

/**
 * Activate or deactivate. Activating an application awaiting review approves it (the applicant
 * is told); a declined one must be reopened first. Deactivating keeps pairs.
 */
export async function setPersonStatus(
  kind: PersonKind,
  id: string,
  isActive: boolean,
  /** For a change that leaves review or concerns an application out of it (see below). */
  alongside?: Alongside,
): Promise<StatusResponse> {
  await runTransaction(async (tx) => {
    const person = await read(tx, kind, id);
    // The caller's work goes with a change that ends the wait for review (an activation approves)
    // or touches an application already out of it; deactivating one that awaits review leaves
    // it awaiting, so what hangs on the wait stays.
    const leavesReview = isActive || person.reviewStatus !== 'awaiting';
    const writeAlongside = (leavesReview ? await alongside?.(tx) : undefined) ?? (() => undefined);
    if (isActive && person.reviewStatus === 'declined') {
      throw conflict(REVIEW_MESSAGES.declinedCannotActivate);
    }
    if (isActive && person.reviewStatus === 'withdrawn') {
      throw conflict(MY_APPLICATION_MESSAGES.withdrawnCannotActivate);
    }
    if (isActive && person.reviewStatus === 'awaiting') {
      const inviteToOrientation = await orientationOnApproval(tx, kind, id);
      const countMail = await gateDecisionMail(tx, 'approved', person);
      writeAlongside();
      countMail();
      approve(tx, kind, id, person);
      inviteToOrientation();
      return;
    }
    writeAlongside();
    updatePerson(tx, kind, person.key, { isActive, updatedAt: Timestamp.now() });
    audit(tx, {
      action: 'person.status',
      subject: { kind, id, name: person.fullName },
      people: [id],
      changes: { isActive: { before: person.isActive, after: isActive } },
    });
  });
  return { id, isActive };
}

/** A review decision on a public application. */
export async function decide(
  kind: PersonKind,
  id: string,
  decision: ReviewDecision,
  reason?: string,
  /** Reads of a caller's own in the same transaction; its writes go with the decision's. */
  alongside?: Alongside,
): Promise<{ id: string; reviewStatus: ReviewStatus; isActive: boolean }> {
  return runTransaction(async (tx) => {
    const person = await read(tx, kind, id);
    // The orientation invitation goes with the approval (its reads first).
    const inviteToOrientation =
      decision === 'approve' ? await orientationOnApproval(tx, kind, id) : () => undefined;
    // A decision's e-mail passes the gate; reopening sends none.
    const mailKind =
      decision === 'approve' ? 'approved' : decision === 'decline' ? 'declined' : undefined;
    const decidable = person.reviewStatus === 'awaiting';
    const countMail =
      mailKind && decidable ? await gateDecisionMail(tx, mailKind, person) : () => undefined;
    (await alongside?.(tx))?.();
    countMail();
    const subject = { kind, id, name: person.fullName };
    if (decision === 'approve') {
      if (person.reviewStatus !== 'awaiting') throw conflict(REVIEW_MESSAGES.notAwaiting);
      approve(tx, kind, id, person);
      inviteToOrientation();
      return { id, reviewStatus: 'approved' as const, isActive: true };
    }
    if (decision === 'decline') {
      if (person.reviewStatus !== 'awaiting') throw conflict(REVIEW_MESSAGES.notAwaiting);
      const why = reason ?? '';
      updatePerson(tx, kind, person.key, {
        isActive: false,
        reviewStatus: 'declined',
        declineReason: why,
        updatedAt: Timestamp.now(),
      });
      if (person.email) {
        queueDeclinedEmail(
          tx,
          { role: kind, id, fullName: person.fullName, email: person.email },
          why,
        );
      }
      audit(tx, {
        action: 'review.decline',
        subject,
        people: [id],
        changes: { reviewStatus: { before: 'awaiting', after: 'declined' } },
        detail: why,
      });
      return { id, reviewStatus: 'declined' as const, isActive: false };
    }
    if (person.reviewStatus !== 'declined') throw conflict(REVIEW_MESSAGES.notDeclined);
    updatePerson(tx, kind, person.key, {
      reviewStatus: 'awaiting',
      declineReason: null,
      updatedAt: Timestamp.now(),
    });
    audit(tx, {
      action: 'review.reopen',
      subject,
      people: [id],
      changes: { reviewStatus: { before: 'declined', after: 'awaiting' } },
    });
    return { id, reviewStatus: 'awaiting' as const, isActive: person.isActive };
  });
}
