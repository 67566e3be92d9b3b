/**
 * All timed work of the program in one place: the scheduled function `daily` (index.ts) runs
 * these jobs in order, once a day, as of the time it runs. Each job is plain work on a given
 * date and idempotent (run twice on a day, the second run finds nothing left to do), so tests and
 * `npm run daily -- --date YYYY-MM-DD` run a whole cohort's calendar in seconds. A job that fails
 * is logged and the others still run; the run then fails so Cloud Scheduler shows it.
 */
import { logger } from 'firebase-functions';
import { runCarryForward, runOpeningAlerts, runProgramEvents } from '../cohorts';
import { runInterviewReminders } from '../interviews';
import { sendWaitingRecommendations } from '../recommendations';
import { runPairsDaily } from '../pairs';
import { runRetention } from '../retention';
import { runCertificateRetention, runCompletion } from '../program-end';
import { sweepSessions } from '../shared/coordinator-sessions';

/** What one job did: counts by kind, ids only (logged). */
export type JobReport = Record<string, number>;

export interface DailyJob {
  name: string;
  run: (now: Date) => Promise<JobReport>;
}

/** In order: work that creates things (e-mails, marks) first, retention's erasure last. */
export const DAILY_JOBS: readonly DailyJob[] = [
  { name: 'carry-forward', run: async (now) => ({ ...(await runCarryForward(now)) }) },
  { name: 'opening-alerts', run: async (now) => ({ ...(await runOpeningAlerts(now)) }) },
  // Classmate invitations that waited for a cohort's dates (recommendations/service.ts).
  {
    name: 'waiting-recommendations',
    run: async (now) => ({ ...(await sendWaitingRecommendations(now)) }),
  },
  // Check-ins, nudges and the coordinators' digest of the months after matching (pairs/daily.ts).
  { name: 'pairs', run: async (now) => ({ ...(await runPairsDaily(now)) }) },
  // Orientation and closing-event invitations brought in line, the closing event's reminder.
  { name: 'program-events', run: runProgramEvents },
  { name: 'interview-reminders', run: async (now) => ({ ...(await runInterviewReminders(now)) }) },
  { name: 'completion', run: async (now) => ({ ...(await runCompletion(now)) }) },
  // Coordinators' sessions that ran out without calling again (they stopped opening anything at
  // their limit: this removes their records). By the real clock, whatever date the run is given:
  // a run for a later date (the tests', `npm run daily -- --date`) must not end live sessions.
  { name: 'ended-sessions', run: async () => ({ deleted: await sweepSessions(Date.now()) }) },
  { name: 'retention', run: async (now) => ({ ...(await runRetention(now)) }) },
  { name: 'certificate-retention', run: runCertificateRetention },
];

export interface DailyReport {
  now: string;
  jobs: Record<string, JobReport | { failed: string }>;
}

export async function runDailyWork(
  now: Date,
  jobs: readonly DailyJob[] = DAILY_JOBS,
): Promise<DailyReport> {
  const report: DailyReport = { now: now.toISOString(), jobs: {} };
  let failed = false;
  for (const job of jobs) {
    try {
      report.jobs[job.name] = await job.run(now);
    } catch (error) {
      failed = true;
      const message = String((error as Error)?.message ?? error).slice(0, 300);
      report.jobs[job.name] = { failed: message };
      logger.error('Daily job failed', { job: job.name, error: message });
    }
  }
  if (failed) throw Object.assign(new Error('A daily job failed'), { report });
  return report;
}
