/**
 * Screening interviews: coordinators publish slots (a start, 15-20 minutes, a video
 * link or a phone number); a mentor whose application awaits review books one from My
 * application and may move or cancel it until `INTERVIEW_RULES.changeCutoffHours` before; the
 * coordinator records the outcome, which is the review decision. Paths, records, schemas and the
 * words both sides read live here, shared by the site and the function.
 */
import { mixed, object, string, type InferType } from 'yup';
import { wholeNumber } from './schemas';
import { JOIN_LINK_MESSAGE, isJoinLink, normaliseJoinLink } from './join-links';
import type { ReviewStatus } from './review';
import { API, byId } from './api-paths';
import { COLLECTIONS } from './registry';

export const INTERVIEW_RULES = {
  minMinutes: 15,
  maxMinutes: 20,
  /** A booking may be moved or cancelled until this many hours before it starts. */
  changeCutoffHours: 12,
  /**
   * Bookings, moves and cancellations one application may make in all: each sends two
   * invitations (the mentor's and the coordinator's), so the mail a mentor can cause is capped.
   */
  maxChanges: 6,
  /** The dashboard lists the interviews of this many days from today. */
  dashboardDays: 7,
  /** Published slots open for booking, at most, listed to a mentor. */
  openSlotsShown: 50,
  /** How far ahead a slot may be published. */
  maxDaysAhead: 180,
  where: 300,
} as const;

/** Collection names (views of the registry). */
export const INTERVIEW_COLLECTIONS = {
  /** A published slot; `mentorId` while booked. */
  slots: COLLECTIONS.interviewSlots,
  /** One per mentor application (document id: the mentor's record id). */
  bookings: COLLECTIONS.interviewBookings,
} as const;

/** The interview paths (views of the path table, api-paths.ts). */
export const interviewPaths = {
  slots: API.interviewSlots.path,
  slot: byId(API.interviewSlot),
  cancelSlot: byId(API.interviewSlotCancel),
  upcoming: API.interviewsUpcoming.path,
  mentor: byId(API.mentorInterview),
  outcome: byId(API.mentorInterviewOutcome),
  mine: API.myInterview.path,
} as const;

export const INTERVIEW_PLACES = ['video', 'phone'] as const;
export type InterviewPlace = (typeof INTERVIEW_PLACES)[number];
export const INTERVIEW_PLACE_LABELS: Record<InterviewPlace, string> = {
  video: 'Video call',
  phone: 'Phone call',
};

export const INTERVIEW_ATTENDANCE = ['attended', 'no-show'] as const;
export type InterviewAttendance = (typeof INTERVIEW_ATTENDANCE)[number];
export const INTERVIEW_ATTENDANCE_LABELS: Record<InterviewAttendance, string> = {
  attended: 'Attended',
  'no-show': 'Did not attend',
};

export const INTERVIEW_MESSAGES = {
  published: 'Interview slot published.',
  deleted: 'Interview slot removed.',
  slotBooked: 'This slot is booked. Ask the mentor to move their booking before removing it.',
  slotGone: 'This interview slot no longer exists.',
  slotTaken: 'Someone has just booked this time. Please choose another one.',
  slotPast: 'This time has passed. Please choose another one.',
  notAwaiting: 'Only a mentor application awaiting review can book a screening interview.',
  noBooking: 'You have no screening interview booked.',
  tooLate: `An interview can be moved or cancelled until ${INTERVIEW_RULES.changeCutoffHours} hours before it starts. If you cannot make it, write to us.`,
  tooManyChanges: `You have booked, moved or cancelled ${INTERVIEW_RULES.maxChanges} times. Write to us to arrange your interview.`,
  booked: 'Your screening interview is booked. We e-mailed you a calendar invitation.',
  moved: 'Your screening interview is moved. We e-mailed you the updated invitation.',
  cancelled: 'Your screening interview is cancelled. We e-mailed you the cancellation.',
  outcomeSaved: 'Interview outcome saved.',
  /** A coordinator cancelled a booked slot's interview. */
  slotCancelled: 'Interview cancelled. The mentor was e-mailed and can book another time.',
  slotNotBooked: 'Nobody has booked this slot: remove it instead.',
  slotPassed: 'This interview has already started; record its outcome instead.',
  /** Another application from the same mailbox already holds an interview ahead. */
  oneOpenBooking:
    'Another application from your e-mail address already has a screening interview booked. Cancel that one first, or write to us.',
  noInterview: 'This mentor has not booked a screening interview.',
  startsAtRequired: 'Enter a date and time in the future.',
  startsAtTooFar: `Publish slots at most ${INTERVIEW_RULES.maxDaysAhead} days ahead.`,
  minutes: `Choose a length of ${INTERVIEW_RULES.minMinutes} to ${INTERVIEW_RULES.maxMinutes} minutes.`,
  placeRequired: 'Choose a video call or a phone call.',
  videoUrl: 'Enter the video call link, starting with https://',
  phone: 'Enter a phone number: digits, spaces and + ( ) - only.',
  slotRequired: 'Choose a time.',
  attendanceRequired: 'Say whether the mentor attended.',
} as const;

const PHONE = /^\+?[0-9 ()-]{6,30}$/;

const isFutureIso = (value: string | undefined) => {
  if (!value) return false;
  const at = Date.parse(value);
  return Number.isFinite(at) && at > Date.now();
};

export const interviewSlotSchema = object({
  startsAt: string()
    .trim()
    .required(INTERVIEW_MESSAGES.startsAtRequired)
    .test('future', INTERVIEW_MESSAGES.startsAtRequired, isFutureIso)
    .test(
      'not-too-far',
      INTERVIEW_MESSAGES.startsAtTooFar,
      (v) => !v || Date.parse(v) < Date.now() + INTERVIEW_RULES.maxDaysAhead * 86_400_000,
    ),
  minutes: wholeNumber(
    INTERVIEW_RULES.minMinutes,
    INTERVIEW_RULES.maxMinutes,
    INTERVIEW_MESSAGES.minutes,
  ),
  place: mixed<InterviewPlace>()
    .oneOf([...INTERVIEW_PLACES], INTERVIEW_MESSAGES.placeRequired)
    .required(INTERVIEW_MESSAGES.placeRequired),
  where: string()
    .trim()
    .max(INTERVIEW_RULES.where, INTERVIEW_MESSAGES.videoUrl)
    .when('place', {
      is: 'phone',
      then: (s) => s.required(INTERVIEW_MESSAGES.phone).matches(PHONE, INTERVIEW_MESSAGES.phone),
      // The one rule of a join link (join-links.ts), its host stored in lower case.
      otherwise: (s) =>
        s
          .transform((v: unknown) => (typeof v === 'string' ? normaliseJoinLink(v) : v))
          .required(INTERVIEW_MESSAGES.videoUrl)
          .matches(/^https:\/\//, INTERVIEW_MESSAGES.videoUrl)
          .test('join-link', JOIN_LINK_MESSAGE, (v) => !v || isJoinLink(v)),
    }),
});
export type InterviewSlotInput = InferType<typeof interviewSlotSchema>;

export const bookInterviewSchema = object({
  slotId: string().trim().required(INTERVIEW_MESSAGES.slotRequired).max(128),
});

export const interviewOutcomeSchema = object({
  attendance: mixed<InterviewAttendance>()
    .oneOf([...INTERVIEW_ATTENDANCE], INTERVIEW_MESSAGES.attendanceRequired)
    .required(INTERVIEW_MESSAGES.attendanceRequired),
  decision: mixed<'approve' | 'decline'>()
    .oneOf(['approve', 'decline'], 'Choose approve or decline.')
    .required('Choose approve or decline.'),
  reason: string()
    .trim()
    .max(1000, 'Keep the reason under 1000 characters.')
    .when('decision', {
      is: 'decline',
      then: (s) => s.required('Give the reason for declining; the applicant will read it.'),
      otherwise: (s) => s.strip(),
    }),
});
export type InterviewOutcomeInput = InferType<typeof interviewOutcomeSchema>;

/** A slot as coordinators see it. */
export interface InterviewSlotView {
  id: string;
  startsAt: string;
  minutes: number;
  place: InterviewPlace;
  where: string;
  hostEmail: string;
  /** The mentor who booked it, if anyone. */
  mentor: { id: string; fullName: string } | null;
}

/** A slot a mentor may book (where it happens is told once booked). */
export interface OpenInterviewSlot {
  id: string;
  startsAt: string;
  minutes: number;
  place: InterviewPlace;
}

export interface MyInterview {
  slotId: string;
  startsAt: string;
  minutes: number;
  place: InterviewPlace;
  where: string;
  /** Until when it may be moved or cancelled. */
  changeableUntil: string;
  canChange: boolean;
}

export interface MyInterviewResponse {
  /** Whether this applicant may book (a mentor application awaiting review). */
  canBook: boolean;
  booking: MyInterview | null;
  slots: OpenInterviewSlot[];
  changesLeft: number;
  message?: string;
}

export interface MentorInterviewView {
  mentorId: string;
  reviewStatus: ReviewStatus | null;
  booking:
    | (Omit<MyInterview, 'canChange' | 'changeableUntil'> & {
        attendance: InterviewAttendance | null;
        decision: 'approve' | 'decline' | null;
        recordedAt: string | null;
      })
    | null;
}

export interface UpcomingInterview {
  mentorId: string;
  fullName: string;
  startsAt: string;
  minutes: number;
  place: InterviewPlace;
}

/** The moment a booking stops being changeable. */
export const changeableUntil = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - INTERVIEW_RULES.changeCutoffHours * 3_600_000);
