/**
 * The calendar side of a screening interview: each message carries the calendar file of its
 * step in the one calendar lifecycle (calendar/lifecycle.ts), so both sides' calendars hold the
 * interview. One booking keeps one UID for its whole life: a move is an update (same UID, higher
 * SEQUENCE), a cancellation a cancel (METHOD:CANCEL), a reminder carries no file. The texts are
 * the domain's e-mail templates (`interviewMentorEmail`, `interviewHostEmail`); every message goes
 * through the outbox (email/outbox.ts) in the transaction of the change.
 */
import type { Transaction } from 'firebase-admin/firestore';
import {
  INTERVIEW_PLACE_LABELS,
  PROGRAM,
  interviewHostEmail,
  interviewMentorEmail,
  interviewRevokedEmail,
  type InterviewCancelCause,
  type InterviewEmailFacts,
  type InterviewMoment,
  type InterviewPlace,
} from '@mentorship/domain';
import {
  calendarFiles,
  whenText,
  type CalendarEventDetails,
  type CalendarStep,
  type IcsMethod,
} from '../calendar/lifecycle';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';

export { whenText, type IcsMethod };

export interface Invitation {
  /** The booking's calendar UID (stable across moves). */
  uid: string;
  sequence: number;
  startsAt: Date;
  minutes: number;
  place: InterviewPlace;
  where: string;
  mentor: { id: string; fullName: string; email: string | null };
  hostEmail: string;
}

const TITLE = `${PROGRAM.name}: screening interview`;

/** The interview as a calendar event (both sides attend; the coordinator hosts). */
function interviewEvent(invitation: Invitation): CalendarEventDetails {
  return {
    productId: 'interviews',
    startsAt: invitation.startsAt,
    minutes: invitation.minutes,
    title: TITLE,
    description: `${INTERVIEW_PLACE_LABELS[invitation.place]}: ${invitation.where}`,
    location: invitation.where,
    ...(invitation.place === 'video' ? { url: invitation.where } : {}),
    attendees: [
      ...(invitation.mentor.email
        ? [{ name: invitation.mentor.fullName, email: invitation.mentor.email }]
        : []),
      { email: invitation.hostEmail, role: 'CHAIR' as const },
    ],
  };
}

/** Who ended a booking (the texts of each side depend on it: the domain's e-mail templates). */
export type CancelCause = InterviewCancelCause;

/** The facts the e-mails state, the time in words as the calendar file has it. */
const emailFacts = (inv: Invitation): InterviewEmailFacts => ({
  mentor: { id: inv.mentor.id, fullName: inv.mentor.fullName },
  place: inv.place,
  where: inv.where,
  when: whenText(inv.startsAt, inv.minutes),
  siteUrl: siteUrl(),
});

const STEP_OF: Record<InterviewMoment, CalendarStep> = {
  booked: 'invite',
  moved: 'update',
  cancelled: 'cancel',
  reminder: 'remind',
};

/**
 * Both sides' messages for a moment, in the caller's transaction (after its reads). The
 * coordinator's copy names the mentor, so it lists them in `people` and is erased with them.
 */
export function queueInterviewMail(
  tx: Transaction,
  moment: InterviewMoment,
  inv: Invitation,
  sides: { mentor: boolean; host: boolean } = { mentor: true, host: true },
  cause: CancelCause = 'mentor',
): void {
  const kind =
    moment === 'cancelled'
      ? ('interview-cancelled' as const)
      : moment === 'reminder'
        ? ('interview-reminder' as const)
        : ('interview-invitation' as const);
  const topic = { kind, subjectId: inv.mentor.id };
  // The lifecycle gives a reminder no file: the invitation already put the event in the calendar.
  const attachments = calendarFiles(STEP_OF[moment], 'interview', inv, interviewEvent(inv));
  const files = attachments.length ? { attachments } : {};
  const facts = emailFacts(inv);
  if (sides.mentor && inv.mentor.email) {
    queueEmail(
      tx,
      inv.mentor.email,
      { ...interviewMentorEmail(moment, facts, cause), ...files },
      topic,
    );
  }
  if (sides.host) {
    queueEmail(
      tx,
      inv.hostEmail,
      { ...interviewHostEmail(moment, facts, cause), ...files },
      topic,
      [inv.mentor.id],
    );
  }
}

/**
 * The host's cancellation of an interview whose mentor is being erased: the erasure takes the
 * booking, but the host's calendar still holds the interview, so it is revoked there (the one
 * lifecycle's revoke: same UID, next SEQUENCE, METHOD:CANCEL). The message and its file name
 * nobody, and it is filed under the slot (`slotId`), not the mentor: what the program keeps
 * after an erasure must not name the person, and the erasure of the mentor's messages must not
 * take this one with them.
 */
export function queueHostRevocation(
  tx: Transaction,
  slotId: string,
  inv: Omit<Invitation, 'mentor'>,
): void {
  const when = whenText(inv.startsAt, inv.minutes);
  const event = interviewEvent({ ...inv, mentor: { id: '', fullName: '', email: null } });
  const attachments = calendarFiles('revoke', 'interview', inv, event);
  queueEmail(
    tx,
    inv.hostEmail,
    { ...interviewRevokedEmail({ when, siteUrl: siteUrl() }), attachments },
    { kind: 'interview-cancelled', subjectId: slotId },
  );
}
