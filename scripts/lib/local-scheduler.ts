/**
 * What Cloud Scheduler does for the deployed site, for `npm start`'s stack: it runs each
 * scheduled function's work (functions/src/index.ts) on that function's schedule, against the
 * stack's emulators and mail relay. The Functions emulator loads scheduled functions but never
 * fires them, so without this a message left waiting by a relay outage would wait until someone
 * typed `npm run mail:sweep`, while production retries it within minutes.
 *
 *   sweepMail   every minute, on the minute (`every 1 minutes`)
 *   daily       every day at 03:00 UTC (`every day 03:00`, Etc/UTC)
 *
 * Each job runs in this process with the functions' own code (as `npm run mail:sweep` and
 * `npm run daily` do), one run at a time like the functions' `maxInstances: 1`: a tick that
 * finds the previous run still going is skipped. Only `npm start` starts it: the test stacks keep
 * their own clock and run the work when a test says so.
 */

/** The schedules, as the scheduled functions declare them (a unit test compares the two). */
export const LOCAL_SCHEDULES = {
  sweepMail: { schedule: 'every 1 minutes', everyMs: 60_000 },
  daily: { schedule: 'every day 03:00', hourUtc: 3 },
} as const;

export interface ScheduledJobs {
  sweepMail(now: Date): Promise<string | undefined>;
  daily(now: Date): Promise<string | undefined>;
}

export interface LocalScheduler {
  /** One line for the start banner. */
  banner: string;
  stop(): void;
}

/** The next time strictly after `now` that is a whole minute. */
const nextMinute = (now: number) => Math.floor(now / 60_000) * 60_000 + 60_000;

/** The next 03:00 UTC strictly after `now`. */
function nextDaily(now: number): number {
  const d = new Date(now);
  const today = Date.UTC(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    LOCAL_SCHEDULES.daily.hourUtc,
  );
  return today > now ? today : today + 24 * 60 * 60_000;
}

export function startLocalScheduler(
  jobs: ScheduledJobs,
  log: (line: string) => void,
  clock: { now(): number } = Date,
): LocalScheduler {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const running = { sweepMail: false, daily: false };

  const schedule = (name: keyof ScheduledJobs, next: (now: number) => number) => {
    if (stopped) return;
    const at = next(clock.now());
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (!running[name]) {
          running[name] = true;
          jobs[name](new Date(at))
            .then((line) => line && log(`${name}: ${line}`))
            .catch((error: unknown) => log(`${name} failed: ${(error as Error).message}`))
            .finally(() => (running[name] = false));
        }
        schedule(name, next);
      },
      Math.max(0, at - clock.now()),
    );
    // The stack's own processes keep `npm start` alive; the scheduler never does.
    timer.unref();
    timers.add(timer);
  };
  schedule('sweepMail', nextMinute);
  schedule('daily', nextDaily);

  return {
    banner: `Schedules:      sweepMail every minute, daily at 03:00 UTC (run here, as Cloud Scheduler does)`,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * The scheduled functions' work with the functions' own code, against the emulators and relay
 * whose settings are in the environment (the stack's `env`) and `local`.
 */
export async function localScheduledJobs(local: {
  smtpUrl: string;
  siteUrl: string;
}): Promise<ScheduledJobs> {
  // The params the Functions emulator gets from the stack (scripts/lib/mail.ts).
  process.env.SMTP_URL ??= local.smtpUrl;
  process.env.SITE_URL ??= local.siteUrl;
  process.env.MAIL_FROM ??= 'Bridge Mentorship Program <hello@bridgementorship.org>';
  process.env.COORDINATOR_EMAILS ??= 'coordinators@bridgementorship.org';
  const { sweepOutbox } = await import('../../functions/src/email/deliver');
  const { registerFeatures } = await import('../../functions/src/register-features');
  const { smtpSender } = await import('../../functions/src/email/transport');
  const { runDailyWork } = await import('../../functions/src/schedule/daily');
  // The features' links and doors, as the deployed function registers them when it loads.
  registerFeatures();
  const send = smtpSender(
    () => process.env.SMTP_URL ?? '',
    () => process.env.MAIL_FROM ?? '',
  );
  return {
    async sweepMail(now) {
      const report = await sweepOutbox(send, now);
      // Quiet when there was nothing to do: a line a minute would drown the log.
      const counts = Object.entries(report).filter(([, v]) => typeof v === 'number' && v > 0);
      return counts.length ? counts.map(([k, v]) => `${k} ${String(v)}`).join(', ') : undefined;
    },
    async daily(now) {
      const report = await runDailyWork(now);
      return `done (${Object.keys(report.jobs).join(', ')})`;
    },
  };
}
