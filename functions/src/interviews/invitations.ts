/**
 * The calendar side of a screening interview: an iCalendar file (RFC 5545, made by the `ics`
 * library) attached to each message, so both sides' calendars hold the interview. One booking
 * keeps one UID for its whole life: a move sends the same UID with a higher SEQUENCE (calendars
 * replace the event), a cancellation METHOD:CANCEL with STATUS:CANCELLED (calendars remove it).
 * Every message goes through the outbox (email/outbox.ts) in the transaction of the change.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { createEvent, type EventAttributes } from 'ics';
import {
  INTERVIEW_PLACE_LABELS,
  INTERVIEW_RULES,
  PROGRAM,
  escapeHtml,
  type EmailContent,
  type InterviewPlace,
} from '@mentorship/domain';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';

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

export type IcsMethod = 'REQUEST' | 'CANCEL';

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

const TITLE = `${PROGRAM.name}: screening interview`;

/** The `.ics` text of an invitation or its cancellation. */
export function invitationIcs(invitation: Invitation, method: IcsMethod): string {
  const video = invitation.place === 'video';
  const event: EventAttributes = {
    productId: 'bridge-mentorship/interviews',
    method,
    uid: invitation.uid,
    sequence: invitation.sequence,
    start: utcParts(invitation.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: invitation.minutes },
    title: TITLE,
    description: `${INTERVIEW_PLACE_LABELS[invitation.place]}: ${invitation.where}`,
    location: invitation.where,
    ...(video ? { url: invitation.where } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: PROGRAM.name, email: PROGRAM.mail.contact },
    attendees: [
      ...(invitation.mentor.email
        ? [
            {
              name: invitation.mentor.fullName,
              email: invitation.mentor.email,
              role: 'REQ-PARTICIPANT' as const,
              partstat: 'ACCEPTED' as const,
            },
          ]
        : []),
      { email: invitation.hostEmail, role: 'CHAIR' as const, partstat: 'ACCEPTED' as const },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}

/** "Tuesday 1 December 2026, 10:00 UTC": the time every message states (the .ics is local). */
export const whenText = (startsAt: Date, minutes: number): string =>
  `${startsAt.toLocaleString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC, ${minutes} minutes`;

function compose(subject: string, paragraphs: string[]): Omit<EmailContent, 'attachments'> {
  const text = paragraphs.join('\n\n');
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a202c">${body}</body></html>`;
  return { subject, text, html };
}

const signOff = `Warm regards,\nThe ${PROGRAM.name} team\n${PROGRAM.mail.contact}`;

type Moment = 'booked' | 'moved' | 'cancelled' | 'reminder';

const SUBJECTS: Record<Moment, string> = {
  booked: 'Your screening interview is booked',
  moved: 'Your screening interview has moved',
  cancelled: 'Your screening interview is cancelled',
  reminder: 'Reminder: your screening interview is tomorrow',
};

function mentorMessage(moment: Moment, inv: Invitation): Omit<EmailContent, 'attachments'> {
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
    cancelled: [
      `Your screening interview of ${when} is cancelled. The attached file removes it from your calendar.`,
      'You can book another time from My application while your application awaits review.',
    ],
    reminder: [`Your screening interview is tomorrow: ${when}.`, how],
  };
  return compose(SUBJECTS[moment], [`Hello ${inv.mentor.fullName},`, ...lines[moment], signOff]);
}

function hostMessage(moment: Moment, inv: Invitation): Omit<EmailContent, 'attachments'> {
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
    cancelled: `${inv.mentor.fullName} cancelled their screening interview of ${when}.`,
    reminder: `Your screening interview with ${inv.mentor.fullName} is tomorrow: ${when}.`,
  };
  return compose(subject[moment], [
    what[moment],
    `${INTERVIEW_PLACE_LABELS[inv.place]}: ${inv.where}`,
    `Record the outcome on their page: ${page}`,
  ]);
}

const attachment = (inv: Invitation, method: IcsMethod): EmailContent['attachments'] => [
  {
    filename: method === 'CANCEL' ? 'interview-cancelled.ics' : 'interview.ics',
    content: invitationIcs(inv, method),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  },
];

/**
 * Both sides' messages for a moment, in the caller's transaction (after its reads). The
 * coordinator's copy names the mentor, so it lists them in `people` and is erased with them.
 */
export function queueInterviewMail(
  tx: Transaction,
  moment: Moment,
  inv: Invitation,
  sides: { mentor: boolean; host: boolean } = { mentor: true, host: true },
): void {
  const method: IcsMethod = moment === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const kind =
    moment === 'cancelled'
      ? ('interview-cancelled' as const)
      : moment === 'reminder'
        ? ('interview-reminder' as const)
        : ('interview-invitation' as const);
  const topic = { kind, subjectId: inv.mentor.id };
  // A reminder carries no file: the invitation already put the event in the calendar.
  const files = moment === 'reminder' ? {} : { attachments: attachment(inv, method) };
  if (sides.mentor && inv.mentor.email) {
    queueEmail(tx, inv.mentor.email, { ...mentorMessage(moment, inv), ...files }, topic);
  }
  if (sides.host) {
    queueEmail(tx, inv.hostEmail, { ...hostMessage(moment, inv), ...files }, topic, [
      inv.mentor.id,
    ]);
  }
}
