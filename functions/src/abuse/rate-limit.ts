/**
 * Per-client rate limit on the public application endpoints, shared by every function instance
 * because the counter lives in Firestore (`rateLimits/<hash>`), updated in a transaction.
 *
 * Window: fixed length, anchored at the client's first request (not at the clock), so a client
 * cannot double its allowance by straddling a window boundary. The document id is a SHA-256 of
 * the scope and the client key: no address is stored. `expiresAt` (end of the window) is the
 * field a Firestore TTL policy should delete on; an expired document still in place is simply
 * treated as a fresh window.
 *
 * Client key: `Fastly-Client-IP` (set by Firebase Hosting's CDN, which overwrites what the
 * client sent) when present, else `req.ip`.
 */
import type { RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { ApiError } from '../http/errors';
import { COLLECTIONS } from '../shared/records';
import {
  RATE_LIMITED_MESSAGE,
  clientKey,
  counterId,
  decide,
  type Decision,
  type RateLimitConfig,
} from './rate-window';

export { readRateLimitConfig } from './rate-window';

interface CounterDoc {
  count: number;
  windowStart: Timestamp;
  expiresAt: Timestamp;
}

/** Firestore's gRPC status when a transaction lost to concurrent writers too many times. */
const ABORTED = 10;

/** Counts the request in Firestore; refuses (and writes nothing) once the window is full. */
export async function consume(
  scope: string,
  key: string,
  config: RateLimitConfig,
): Promise<Decision> {
  const ref = db.collection(COLLECTIONS.rateLimits).doc(counterId(scope, key));
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const doc = snapshot.data() as CounterDoc | undefined;
    const stored = doc
      ? { count: doc.count, windowStartMs: doc.windowStart.toMillis() }
      : undefined;
    const decision = decide(stored, Date.now(), config);
    if (decision.allowed) {
      const next: CounterDoc = {
        count: decision.next.count,
        windowStart: Timestamp.fromMillis(decision.next.windowStartMs),
        expiresAt: Timestamp.fromMillis(decision.next.windowStartMs + config.windowMs),
      };
      tx.set(ref, next);
    }
    return decision;
  });
}

/**
 * Middleware for the public application endpoints (one shared allowance per client). Sets the
 * RateLimit-* headers; answers 429 with Retry-After when the allowance is used up.
 */
export function rateLimit(scope: string, config: RateLimitConfig): RequestHandler {
  return (req, res, next) => {
    consume(scope, clientKey(req), config).then(
      (decision) => {
        res.set('RateLimit-Limit', String(config.max));
        res.set('RateLimit-Remaining', String(decision.remaining));
        res.set('RateLimit-Reset', String(decision.resetSeconds));
        if (!decision.allowed) {
          res.set('Retry-After', String(decision.resetSeconds));
          next(new ApiError('rate-limited', RATE_LIMITED_MESSAGE));
          return;
        }
        next();
      },
      (error: unknown) => {
        // Real Firestore gives up on a counter that many requests fight over: that client is
        // flooding, so it is refused like any other over-limit client.
        if ((error as { code?: unknown })?.code === ABORTED) {
          res.set('Retry-After', String(Math.ceil(config.windowMs / 1000)));
          next(new ApiError('rate-limited', RATE_LIMITED_MESSAGE));
          return;
        }
        next(error);
      },
    );
  };
}
