/**
 * npm run mail:sweep -- [--at <ISO time>] [--port-offset N] [--real]
 *
 * Runs the work of the scheduled function `sweepMail` (functions/src/email/deliver.ts
 * `sweepOutbox`) once, as of the given time (default: now): retries the outbox's waiting
 * messages that are due, oldest first. The emulator runs no schedules, so locally this is how a
 * message left waiting by an outage of the relay goes out. Locally it sends to the stack's relay
 * (scripts/lib/mail.ts) and acts on the emulators of `npm start`; `--real` uses
 * GOOGLE_APPLICATION_CREDENTIALS, GCLOUD_PROJECT and SMTP_URL / MAIL_FROM from the environment.
 */
import { MAIL_PORTS } from './lib/mail';
import { portOffsetArg, scheduledWorkDate } from './lib/scheduled-work';

const argv = process.argv.slice(2);
scheduledWorkDate('mail:sweep'); // the emulator settings (its own --date is not used here)
const atArg = argv.includes('--at') ? argv[argv.indexOf('--at') + 1] : undefined;
const at = atArg ? new Date(atArg) : new Date();
if (Number.isNaN(at.getTime())) {
  console.error(
    'Usage: npm run mail:sweep -- [--at 2026-11-25T12:00:00Z] [--port-offset N] [--real]',
  );
  process.exit(2);
}
if (!argv.includes('--real')) {
  process.env.SMTP_URL ??= `smtp://127.0.0.1:${MAIL_PORTS.relay + portOffsetArg(argv)}`;
  process.env.MAIL_FROM ??= 'Bridge Mentorship Program <hello@bridgementorship.org>';
}

const { sweepOutbox } = await import('../functions/src/email/deliver');
const { registerFeatures } = await import('../functions/src/register-features');
// The features' links, as the deployed function registers them when it loads.
registerFeatures();
const { smtpSender } = await import('../functions/src/email/transport');
const send = smtpSender(
  () => process.env.SMTP_URL ?? '',
  () => process.env.MAIL_FROM ?? '',
);
const report = await sweepOutbox(send, at);
console.log(
  `Outbox sweep as of ${at.toISOString()}: ${Object.entries(report)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ')}`,
);
process.exit(0);
