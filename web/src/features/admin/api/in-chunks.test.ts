import { MAX_BULK_IDS, TOASTS } from '@mentorship/domain';
import { ApiRequestError } from '../../../lib/api-client';
import { describeFailure } from './error-toast';
import { chunks, inChunks, PartlyDoneError } from './in-chunks';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);
const sum = (a: number, b: number) => a + b;
const say = (n: number) => `Deleted ${n}.`;

describe('bulk actions in chunks', () => {
  it('splits at the API cap and keeps every id once, in order', () => {
    const parts = chunks(ids(2 * MAX_BULK_IDS + 1));
    expect(parts.map((p) => p.length)).toEqual([MAX_BULK_IDS, MAX_BULK_IDS, 1]);
    expect(parts.flat()).toEqual(ids(2 * MAX_BULK_IDS + 1));
    expect(chunks(ids(3))).toEqual([ids(3)]);
  });

  it('makes one call per chunk, one after another, and sums the answers', async () => {
    const seen: number[] = [];
    let running = 0;
    const total = await inChunks(
      ids(1200),
      async (chunk) => {
        expect(running).toBe(0);
        running++;
        await new Promise((r) => setTimeout(r, 1));
        running--;
        seen.push(chunk.length);
        return chunk.length;
      },
      sum,
      say,
    );
    expect(seen).toEqual([500, 500, 200]);
    expect(total).toBe(1200);
  });

  it('passes the first failure on unchanged (nothing happened)', async () => {
    const error = new ApiRequestError(400, 'invalid-argument', 'Bad ids.');
    await expect(inChunks(ids(600), () => Promise.reject(error), sum, say)).rejects.toBe(error);
  });

  it('says what did happen when a later call fails, and stops there', async () => {
    const error = new ApiRequestError(404, 'not-found', 'Pair not found');
    const calls: number[] = [];
    const run = inChunks(
      ids(1100),
      (chunk) => {
        calls.push(chunk.length);
        return calls.length === 2 ? Promise.reject(error) : Promise.resolve(chunk.length);
      },
      sum,
      say,
    );
    await expect(run).rejects.toBeInstanceOf(PartlyDoneError);
    const failure = (await run.catch((e: unknown) => e)) as PartlyDoneError;
    expect(failure.done).toBe('Deleted 500.');
    expect(calls).toEqual([500, 500]);
    expect(describeFailure(TOASTS.bulkDeleteFailed, failure)).toBe(
      'Deleted 500. The rest: Pair not found',
    );
  });

  it('falls back to the spec text for a failure the coordinator cannot act on', () => {
    const error = new PartlyDoneError('Deleted 500.', new ApiRequestError(500, 'internal', 'x'));
    expect(describeFailure(TOASTS.bulkDeleteFailed, error)).toBe(
      `Deleted 500. The rest: ${TOASTS.bulkDeleteFailed.description}`,
    );
  });
});
