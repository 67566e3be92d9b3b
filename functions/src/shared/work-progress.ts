/**
 * The server's side of `workProgress/{id}` (packages/domain/src/work-progress.ts): a long action
 * reports how many of its items are done as it goes, a few times a second at most, and once at
 * the end of each call. A report that cannot be written is logged and the action goes on: the
 * count is a courtesy to the person waiting, never a reason to stop their change half-way.
 */
import type { DocOf, ProgressInput, WorkKind } from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { db } from '../firebase';
import { COLLECTIONS } from './records';

/** Fewest milliseconds between two reports of one call (the last one always goes). */
const REPORT_EVERY_MS = 250;

export interface ProgressReporter {
  /** `doneInCall` items of this call are finished. */
  step(doneInCall: number): Promise<void>;
  /** This call is over with `doneInCall` items finished. */
  end(doneInCall: number): Promise<void>;
}

const silent: ProgressReporter = { step: async () => {}, end: async () => {} };

export function progressReporter(
  progress: ProgressInput | undefined,
  kind: WorkKind,
): ProgressReporter {
  if (!progress) return silent;
  const { id, offset, total } = progress;
  let last = 0;
  const write = async (doneInCall: number) => {
    last = Date.now();
    const done = Math.min(total, offset + doneInCall);
    try {
      await db
        .collection(COLLECTIONS.workProgress)
        .doc(id)
        .set({
          kind,
          total,
          done,
          state: done >= total ? 'done' : 'running',
          updatedAt: new Date().toISOString(),
        } satisfies DocOf<'workProgress'>);
    } catch (error) {
      logger.warn('A progress report was not written; the action goes on', {
        id,
        error: String(error),
      });
    }
  };
  return {
    step: async (doneInCall) => {
      if (Date.now() - last >= REPORT_EVERY_MS) await write(doneInCall);
    },
    end: write,
  };
}
