/**
 * Test support for the scheduled work on pairs: the function's params for jobs run in the test
 * process (as the Functions emulator gets them from the stack's .env.local), the outbox messages
 * about a pair and a check-in e-mail's one-click link. Pairs and cohorts themselves are made in
 * tests/support/seed.ts.
 */
import { firestore, siteUrl } from './api';

/** The coordinators' address the stack configures (scripts/lib/mail.ts). */
export const COORDINATORS = 'coordinators@bridgementorship.org';

/** SITE_URL and COORDINATOR_EMAILS for `runDailyWork` called in the test process. */
export function useFunctionParams(): void {
  process.env.SITE_URL ??= siteUrl();
  process.env.COORDINATOR_EMAILS ??= COORDINATORS;
}

/** The outbox messages about a pair (by kind), with their recipients. */
export async function outboxAbout(pairId: string, kind?: string) {
  let query = firestore().collection('mail').where('subjectId', '==', pairId);
  if (kind) query = query.where('kind', '==', kind);
  const snapshot = await query.get();
  return snapshot.docs.map((d) => ({
    kind: d.get('kind') as string,
    to: d.get('to') as string[],
    text: d.get('message.text') as string,
  }));
}

/** The one-click link of a check-in e-mail's answer (`?answer=...#token=...`). */
export const checkInLink = (text: string, answer: string) => {
  const match = new RegExp(
    `https?://\\S+/my-application/check-in\\?answer=${answer}#token=([\\w-]+)`,
  ).exec(text);
  if (!match) throw new Error('no check-in link in the e-mail');
  return { url: match[0], token: match[1] as string };
};
