/** Cloud Functions entry point: exports only. */
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { beforeUserSignedIn } from 'firebase-functions/v2/identity';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { handleDoorRequest } from './abuse/door-requests';
import { createApp } from './app';
import { onFanoutWritten } from './cohorts';
import { SMTP_URL } from './email/config';
import { deliverMessage, sweepOutbox } from './email/deliver';
import { smtpSend } from './email/transport';
import { refuseCoordinatorEmailLink } from './passkeys';
import { registerFeatures } from './register-features';
import { runDailyWork } from './schedule/daily';
import { COLLECTIONS } from './shared/records';

// The features' links and doors, in the platform's tables (register-features.ts).
registerFeatures();

// The Cloud Firestore emulator settles a burst of transactions on one document by letting the
// waiting ones run into its 30 s lock timeout (production aborts them at once and the SDK retries
// within milliseconds), so a contended request there can outlast the 60 s production keeps. Only
// the emulator gets the extra room, so a race ends in the same 201 and 409s it ends in deployed.
const emulatorRoom = process.env.FUNCTIONS_EMULATOR === 'true' ? { timeoutSeconds: 180 } : {};

// Stated, not left to defaults: 1 CPU serving 80 requests at once; 10 instances cap the cost.
export const api = onRequest(
  {
    region: 'us-central1',
    cors: false,
    cpu: 1,
    concurrency: 80,
    maxInstances: 10,
    ...emulatorRoom,
  },
  createApp(),
);

// Before Firebase issues any sign-in's token (passkeys/sign-in-guard.ts): a coordinator's e-mail
// link sign-in is refused. The Auth emulator calls it as production does.
export const beforeSignIn = beforeUserSignedIn(
  { region: 'us-central1', maxInstances: 10 },
  (event) => refuseCoordinatorEmailLink(event),
);

// Delivers each message the outbox gets (email/deliver.ts): one attempt, at most once; a
// temporary failure leaves it to `sweepMail`. `retry`: if an instance dies mid-run, the event is
// delivered again and the claim decides (never a second send).
export const deliverMail = onDocumentCreated(
  {
    document: `${COLLECTIONS.mail}/{mailId}`,
    region: 'us-central1',
    secrets: [SMTP_URL],
    timeoutSeconds: 120,
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

// A coordinator's change of a cohort's event reaches every invitee outside their request
// (cohorts/events.ts): each write of the work document runs one bounded batch and moves its
// cursor, which is the next write; the last batch deletes it. `retry`: a batch cut short runs
// again (each invitee's transaction re-checks what was sent, so nothing goes twice). One
// instance per chain is enough; a few cohorts may fan out at once.
export const eventFanout = onDocumentWritten(
  {
    document: `${COLLECTIONS.eventFanouts}/{fanoutId}`,
    region: 'us-central1',
    timeoutSeconds: 300,
    retry: true,
    maxInstances: 5,
  },
  (event) => onFanoutWritten(event.params.fanoutId),
);

// Retries what the outbox could not send yet (email/deliver.ts `sweepOutbox`): growing delays
// for 3 days, oldest first. One instance, so two sweeps never race over the order.
// The emulator runs no schedules: `npm start` runs this work every minute itself, and
// `npm run mail:sweep -- [--at <ISO time>]` runs it once.
export const sweepMail = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    secrets: [SMTP_URL],
    timeoutSeconds: 300,
    maxInstances: 1,
  },
  async () => {
    const report = await sweepOutbox(smtpSend);
    if (report.waiting > 0) logger.info('Mail sweep', { ...report });
  },
);

// All timed work (schedule/daily.ts: retention, and each job the program adds) in one run a day.
// One instance: a retried or overlapping run never does the day's work twice at once.
// The emulator does not run schedules: `npm start` runs this work at 03:00 UTC itself, and
// `npm run daily -- --date YYYY-MM-DD` runs it as of a date.
export const daily = onSchedule(
  {
    schedule: 'every day 03:00',
    timeZone: 'Etc/UTC',
    region: 'us-central1',
    timeoutSeconds: 540,
    maxInstances: 1,
  },
  async () => {
    logger.info('Daily work done', { ...(await runDailyWork(new Date())) });
  },
);
