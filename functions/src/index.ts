/** Cloud Functions entry point: exports only. */
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { handleDoorRequest } from './abuse/door-requests';
import { createApp } from './app';
import { SMTP_URL } from './email/config';
import { deliverMessage } from './email/deliver';
import { smtpSend } from './email/transport';
import { runDailyWork } from './schedule/daily';
import { COLLECTIONS } from './shared/records';

// Stated, not left to defaults: 1 CPU serving 80 requests at once; 10 instances cap the cost.
export const api = onRequest(
  { region: 'us-central1', cors: false, cpu: 1, concurrency: 80, maxInstances: 10 },
  createApp(),
);

// Delivers each message the outbox gets (email/deliver.ts): at most once, retried with backoff
// within one run (six attempts of at most 40 s and 31 s of waiting fit in 300 s). `retry`: if
// an instance dies mid-run, the event is delivered again and the next attempt resumes.
export const deliverMail = onDocumentCreated(
  {
    document: `${COLLECTIONS.mail}/{mailId}`,
    region: 'us-central1',
    secrets: [SMTP_URL],
    timeoutSeconds: 300,
    retry: true,
    maxInstances: 5,
  },
  (event) => deliverMessage(event.params.mailId, smtpSend),
);

// "Check my application" and "Forgot password" record the request and answer; this looks the
// address up and queues the e-mail (abuse/door-requests.ts), so the answer takes the same time
// whether or not the address is known.
export const doorRequest = onDocumentCreated(
  {
    document: `${COLLECTIONS.doorRequests}/{requestId}`,
    region: 'us-central1',
    timeoutSeconds: 60,
    maxInstances: 5,
  },
  (event) => handleDoorRequest(event.params.requestId),
);

// All timed work (schedule/daily.ts: retention, and each job the program adds) in one run a day.
// The emulator does not run schedules: `npm run daily -- --date YYYY-MM-DD` runs the same work.
export const daily = onSchedule(
  { schedule: 'every day 03:00', timeZone: 'Etc/UTC', region: 'us-central1', timeoutSeconds: 540 },
  async () => {
    logger.info('Daily work done', { ...(await runDailyWork(new Date())) });
  },
);
