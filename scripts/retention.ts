/**
 * npm run retention -- [--date YYYY-MM-DD] [--port-offset N] [--real]
 *
 * Runs only the retention job of the scheduled function `daily` (functions/src/retention) as of
 * the given date (default: now): what is past its period in RETENTION (packages/domain) is erased
 * (scripts/lib/scheduled-work.ts has the options).
 */
import { scheduledWorkDate } from './lib/scheduled-work';

const date = scheduledWorkDate('retention');

const { runRetention } = await import('../functions/src/retention/retention');
const report = await runRetention(date);
console.log(`Retention as of ${date.toISOString().slice(0, 10)}:`);
for (const [what, count] of Object.entries(report)) console.log(`  ${what}: ${count} deleted`);
