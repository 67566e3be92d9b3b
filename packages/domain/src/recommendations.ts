/**
 * Recommend a classmate: a participant (a student or mentor who is or was in a pair,
 * signed in to My application) sends ONE invitation to apply to a classmate's address. The
 * invitation carries the next cohort's dates: the cohort taking applications now, else the next
 * one to open. When no cohort is open or set to open, the invitation waits and is sent when the
 * coordinators set one (`sendWaitingRecommendations`, the daily job `waiting-recommendations`),
 * and the participant is told so.
 *
 * Stored: `recommendations/{senderHash}` (the SHA-256 of the sender's normalised address: one per
 * person, whatever their roles), with the classmate's address only while the invitation waits to
 * be sent; once sent, only the hash of the classmate's address is kept (one invitation per
 * classmate from the whole program, so nobody is invited twice). Every document carries a TTL
 * (`expiresAt`, RECOMMENDATION_KEPT_DAYS): a waiting invitation not sent by then is deleted with
 * its address (by the daily job, and by Firestore's TTL should the job not run). Caps: the door
 * caps of abuse/door-caps.ts (door `recommendation`: the hourly program-wide count and the
 * classmate's daily allowance), on top of the one per person.
 */
import { object, string } from 'yup';
import { API } from './api-paths';
import { COLLECTIONS } from './registry';

export const RECOMMENDATIONS_COLLECTION = COLLECTIONS.recommendations;

export const recommendationPaths = { mine: API.myRecommendation.path } as const;

/** How long any invitation record is kept (then deleted by the TTL, address and all). */
export const RECOMMENDATION_KEPT_DAYS = 365;

export type RecommendationState = 'sent' | 'waiting';

export interface MyRecommendation {
  /** null: not used yet (the form shows). */
  state: RecommendationState | null;
  /** Whether the form shows: not used yet, and the person is a participant (in a pair). */
  allowed: boolean;
  at: string | null;
  message: string;
}

export const RECOMMENDATION_MESSAGES = {
  available: 'You can invite one classmate to apply for the next cohort.',
  sent: 'Your invitation has been sent with the next cohort\u2019s dates. Thank you!',
  waiting:
    'Thank you. No next cohort has its dates yet: we will send your invitation as soon as it has.',
  used: 'You have already sent your one invitation.',
  own: 'Please enter a classmate\u2019s address, not your own.',
  notParticipant:
    'Only a student or mentor who is or was in a mentoring pair can invite a classmate.',
} as const;

const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com.';
export const recommendationSchema = object({
  email: string()
    .trim()
    .required('Please enter your classmate\u2019s e-mail address.')
    .max(254, EMAIL_MESSAGE)
    .email(EMAIL_MESSAGE),
});
