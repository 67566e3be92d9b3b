/** Admin SDK instances, initialised once per function instance. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Transaction } from 'firebase-admin/firestore';

const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);

/**
 * `db.runTransaction` with more patience under contention: 10 attempts instead of the SDK's 5
 * (a burst of clicks on one popular mentor should end in 409s, not 500s), and one more kind of
 * retry: the Cloud Firestore emulator can close the losing transaction and answer
 * `INVALID_ARGUMENT: Transaction is invalid or closed` where production answers ABORTED, which
 * the SDK already retries. The body runs again from the start, as on any retry, so it must only
 * read and write through `tx` (all ours do).
 */
export async function runTransaction<T>(body: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.runTransaction(body, { maxAttempts: 10 });
    } catch (error) {
      const { code, details } = error as { code?: unknown; details?: unknown };
      const closed = code === 3 && details === 'Transaction is invalid or closed.';
      if (!closed || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}
