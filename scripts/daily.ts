/**
 * npm run daily -- [--date YYYY-MM-DD] [--port-offset N] [--real]
 *
 * Runs the work of the scheduled function `daily` (functions/src/schedule/daily.ts) as of the
 * given date (default: now) on the emulators of `npm start -- --port-offset N` (default 0):
 * every timed job of the program, in order (scripts/lib/scheduled-work.ts has the options).
 */
import { scheduledWorkDate } from './lib/scheduled-work';

const date = scheduledWorkDate('daily');

const { runDailyWork } = await import('../functions/src/schedule/daily');
const report = await runDailyWork(date);
console.log(`Daily work as of ${date.toISOString().slice(0, 10)}:`);
for (const [job, counts] of Object.entries(report.jobs)) {
  console.log(
    `  ${job}: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
