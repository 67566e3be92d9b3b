/** `npm run rows:backfill`: see scripts/lib/backfill-rows.ts. */
import { backfillRows } from './lib/backfill-rows';

const { written, deleted } = await backfillRows();
console.log(`List rows: ${written} written, ${deleted} deleted.`);
