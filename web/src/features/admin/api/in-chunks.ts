/**
 * Bulk actions on more pairs than one API call takes (MAX_BULK_IDS): the selection goes in
 * several calls, one after another, and their answers are summed. Each call is all-or-nothing;
 * when a later call fails, the earlier ones have happened, and `PartlyDoneError` says so.
 */
import { MAX_BULK_IDS } from '@mentorship/domain';

export function chunks<T>(items: readonly T[], size: number = MAX_BULK_IDS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Some calls of a bulk action succeeded before one failed. */
export class PartlyDoneError extends Error {
  constructor(
    /** What did happen, as a sentence ("Deleted 500 pairs."). */
    readonly done: string,
    readonly reason: unknown,
  ) {
    super(`${done} Then: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'PartlyDoneError';
  }
}

/**
 * Runs `call` on each chunk in turn (with where the chunk starts in `items`) and folds the answers with `add`. If a call fails after
 * others succeeded, throws PartlyDoneError with `describe(sum so far)`.
 */
export async function inChunks<T, R>(
  items: readonly T[],
  call: (chunk: T[], offset: number) => Promise<R>,
  add: (sum: R, next: R) => R,
  describe: (sum: R) => string,
): Promise<R> {
  let sum: R | undefined;
  let offset = 0;
  for (const chunk of chunks(items)) {
    let next: R;
    try {
      next = await call(chunk, offset);
    } catch (error) {
      if (sum === undefined) throw error;
      throw new PartlyDoneError(describe(sum), error);
    }
    sum = sum === undefined ? next : add(sum, next);
    offset += chunk.length;
  }
  if (sum === undefined) throw new Error('Nothing was selected.');
  return sum;
}
