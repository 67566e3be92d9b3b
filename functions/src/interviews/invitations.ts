/**
 * The calendar side of a screening interview: each message carries the calendar file of its
 * step in the one calendar lifecycle (calendar/lifecycle.ts), so both sides' calendars hold the
 * interview. One booking keeps one UID for its whole life: a move is an update (same UID, higher
 * SEQUENCE), a cancellation a cancel (METHOD:CANCEL), a reminder carries no file. Every message
 * goes through the outbox (email/outbox.ts) in the transaction of the change.
 */
import type { Transaction } from 'firebase-admin/firestore';
import {
  EMAIL_SIGN_OFF,
  INTERVIEW_PLACE_LABELS,
  INTERVIEW_RULES,
  PROGRAM,
  composeEmail,
  type EmailContent,
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

type Moment = 'booked' | 'moved' | 'cancelled' | 'reminder';

/**
 * Who ended a booking, which decides what each side reads: the mentor themselves, a coordinator
 * on the Interviews page, the review (a decision, a change of status or a withdrawal ended the
 * application's wait), or the host's leaving the team.
 */
export type CancelCause = 'mentor' | 'coordinator' | 'review' | 'host-left';

const SUBJECTS: Record<Moment, string> = {
  booked: 'Your screening interview is booked',
  moved: 'Your screening interview has moved',
  cancelled: 'Your screening interview is cancelled',
  reminder: 'Reminder: your screening interview is tomorrow',
};

const mentorCancelLines = (when: string, cause: CancelCause): string[] => {
  const rebook =
    'You can book another time from My application while your application awaits review.';
  const file = 'The attached file removes it from your calendar.';
  switch (cause) {
    case 'mentor':
      return [`Your screening interview of ${when} is cancelled. ${file}`, rebook];
    case 'coordinator':
      return [`We had to cancel your screening interview of ${when}. ${file}`, rebook];
    case 'host-left':
      return [
        `Your screening interview of ${when} is cancelled: the coordinator who was to interview you has left the team. ${file}`,
        rebook,
      ];
    case 'review':
      return [
        `Your screening interview of ${when} is cancelled: your application no longer awaits review. ${file}`,
      ];
  }
};

function mentorMessage(
  moment: Moment,
  inv: Invitation,
  cause: CancelCause,
): Omit<EmailContent, 'attachments'> {
  const when = whenText(inv.startsAt, inv.minutes);
  const how = `${INTERVIEW_PLACE_LABELS[inv.place]}: ${inv.where}`;
  const change = `You can move or cancel it from My application (${siteUrl()}/my-application) until ${INTERVIEW_RULES.changeCutoffHours} hours before it starts.`;
  const lines: Record<Moment, string[]> = {
    booked: [
      `Your ${INTERVIEW_RULES.minMinutes}-${INTERVIEW_RULES.maxMinutes} minute screening interview is booked for ${when}.`,
      how,
      'The attached invitation adds it to your calendar.',
      change,
    ],
    moved: [
      `Your screening interview has moved to ${when}.`,
      how,
      'The attached invitation updates your calendar.',
      change,
    ],
    cancelled: mentorCancelLines(when, cause),
    reminder: [`Your screening interview is tomorrow: ${when}.`, how],
  };
  return composeEmail(SUBJECTS[moment], [
    `Hello ${inv.mentor.fullName},`,
    ...lines[moment],
    EMAIL_SIGN_OFF,
  ]);
}

const HOST_CANCELLED: Record<CancelCause, (name: string, when: string) => string> = {
  mentor: (name, when) => `${name} cancelled their screening interview of ${when}.`,
  coordinator: (name, when) =>
    `The screening interview with ${name} of ${when} was cancelled from the Interviews page; they were told they can book another time.`,
  review: (name, when) =>
    `The screening interview with ${name} of ${when} is cancelled: their application no longer awaits review.`,
  // The departed host is never written to; the entry keeps the table whole.
  'host-left': (name, when) => `The screening interview with ${name} of ${when} is cancelled.`,
};

function hostMessage(
  moment: Moment,
  inv: Invitation,
  cause: CancelCause,
): Omit<EmailContent, 'attachments'> {
  const when = whenText(inv.startsAt, inv.minutes);
  const page = `${siteUrl()}/admin/mentors/${inv.mentor.id}`;
  const subject: Record<Moment, string> = {
    booked: `Screening interview booked: ${inv.mentor.fullName}`,
    moved: `Screening interview moved: ${inv.mentor.fullName}`,
    cancelled: `Screening interview cancelled: ${inv.mentor.fullName}`,
    reminder: `Tomorrow: screening interview with ${inv.mentor.fullName}`,
  };
  const what: Record<Moment, string> = {
    booked: `${inv.mentor.fullName} booked your screening interview slot of ${when}.`,
    moved: `${inv.mentor.fullName} moved their screening interview to ${when}.`,
    cancelled: HOST_CANCELLED[cause](inv.mentor.fullName, when),
    reminder: `Your screening interview with ${inv.mentor.fullName} is tomorrow: ${when}.`,
  };
  return composeEmail(subject[moment], [
    what[moment],
    `${INTERVIEW_PLACE_LABELS[inv.place]}: ${inv.where}`,
    `Record the outcome on their page: ${page}`,
  ]);
}

const STEP_OF: Record<Moment, CalendarStep> = {
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
  moment: Moment,
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
  if (sides.mentor && inv.mentor.email) {
    queueEmail(tx, inv.mentor.email, { ...mentorMessage(moment, inv, cause), ...files }, topic);
  }
  if (sides.host) {
    queueEmail(tx, inv.hostEmail, { ...hostMessage(moment, inv, cause), ...files }, topic, [
      inv.mentor.id,
    ]);
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
    {
      ...composeEmail('Screening interview cancelled', [
        `Your screening interview of ${when} is cancelled: the mentor who booked it has deleted their application. The attached file removes it from your calendar.`,
        `Your slot is free again on the Interviews page: ${siteUrl()}/admin/interviews`,
      ]),
      attachments,
    },
    { kind: 'interview-cancelled', subjectId: slotId },
  );
}
