/**
 * The queueing of a few kinds shared by the application and review flows (new application,
 * already on file, the hourly digest, approved, declined, new pair), each inside the transaction
 * of the change that causes it (call after the transaction's reads). Not a list of the program's
 * e-mails: every kind, with its audience, moment, links and text, is in the domain's catalogue
 * (packages/domain/src/email/catalogue.ts), and the other kinds are queued by their features.
 * Personal data goes only to the person it is about, or to the two people of a new pair;
 * coordinators get the applicant's name and record id.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  aboutForPartner,
  applicationAlreadyExistsEmail,
  applicationApprovedEmail,
  applicationDeclinedEmail,
  applicationsDigestEmail,
  newApplicationEmail,
  newPairEmail,
  partnerView,
  type PersonKind,
} from '@mentorship/domain';
import type { MentorDoc, StudentDoc } from '../shared/records';
import { coordinatorAddresses, siteUrl } from './config';
import { queueEmail } from './outbox';

export interface Applicant {
  role: PersonKind;
  id: string;
  fullName: string;
  email: string;
}

/** The coordinators' address list, or none with a loud log (a configuration slip). */
function coordinatorsOr(logContext: Record<string, string>): string[] | undefined {
  const coordinators = coordinatorAddresses();
  if (coordinators.length > 0) return coordinators;
  // A configuration slip must not cost an applicant their application: say it loudly instead.
  logger.error('COORDINATOR_EMAILS is empty: no coordinator was told of a new application', {
    ...logContext,
  });
  return undefined;
}

/** A public application was stored: a note to the coordinators (name and record id). */
export function queueNewApplicationNote(tx: Transaction, applicant: Applicant): void {
  const coordinators = coordinatorsOr({ recordId: applicant.id });
  if (!coordinators) return;
  queueEmail(
    tx,
    coordinators,
    newApplicationEmail({ ...applicant, recordId: applicant.id, siteUrl: siteUrl() }),
    { subjectId: applicant.id, kind: 'new-application' },
  );
}

/**
 * Someone applied with an address that already has an application of this role: its owner is
 * told (the caller got the same answer as for a new application). `recordId`: the existing one.
 */
export function queueApplicationExists(
  tx: Transaction,
  existing: { role: PersonKind; recordId: string; email: string },
): void {
  queueEmail(
    tx,
    existing.email,
    applicationAlreadyExistsEmail({ role: existing.role, siteUrl: siteUrl() }),
    { subjectId: existing.recordId, kind: 'application-exists' },
  );
}

/** Coordinator notes for this hour are used up: one digest for the rest of it. */
export function queueApplicationsDigest(tx: Transaction, hour: string, notesPerHour: number) {
  const coordinators = coordinatorsOr({ hour });
  if (!coordinators) return;
  queueEmail(tx, coordinators, applicationsDigestEmail({ notesPerHour, siteUrl: siteUrl() }), {
    subjectId: hour,
    kind: 'applications-digest',
  });
}

/** A coordinator approved an applicant awaiting review. */
export function queueApprovedEmail(tx: Transaction, applicant: Applicant): void {
  queueEmail(tx, applicant.email, applicationApprovedEmail({ ...applicant, siteUrl: siteUrl() }), {
    kind: 'approved',
    subjectId: applicant.id,
  });
}

/** A coordinator declined an applicant, with a reason that is sent as written. */
export function queueDeclinedEmail(tx: Transaction, applicant: Applicant, reason: string): void {
  queueEmail(
    tx,
    applicant.email,
    applicationDeclinedEmail({ ...applicant, reason, siteUrl: siteUrl() }),
    { kind: 'declined', subjectId: applicant.id },
  );
}

/**
 * A new pair (made by hand or applied from a whole-cohort proposal): an introduction to each of
 * the two. A side without an e-mail address on record gets nothing, and the other side is still
 * introduced.
 */
export function queuePairEmails(
  tx: Transaction,
  pairId: string,
  mentor: MentorDoc,
  student: StudentDoc,
  /** The first month's session guide: it comes with the introduction, before the first meeting. */
  guide: { month: number; lines: string[] } | null = null,
): void {
  // Each side is introduced with what a partner may see of them (audience `partner`).
  const seenMentor = partnerView('mentors', mentor);
  const seenStudent = partnerView('students', student);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const pair: Parameters<typeof newPairEmail>[1] = {
    mentor: {
      fullName: text(seenMentor.fullName),
      email: text(seenMentor.email),
      about: aboutForPartner('mentor', mentor),
    },
    student: {
      fullName: text(seenStudent.fullName),
      email: text(seenStudent.emailAddress),
      about: aboutForPartner('student', student),
    },
    siteUrl: siteUrl(),
    guide,
  };
  const topic = { kind: 'new-pair' as const, subjectId: pairId };
  if (pair.student.email) queueEmail(tx, pair.student.email, newPairEmail('student', pair), topic);
  if (pair.mentor.email) queueEmail(tx, pair.mentor.email, newPairEmail('mentor', pair), topic);
}
