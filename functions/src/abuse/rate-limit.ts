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
 *
 * The middleware counts a request in a transaction of its own (one read, one write) before the
 * route's work; the application routes place it after their checks, so only posts that would
 * reach Firestore are counted.
 */
import type { Request, RequestHandler, Response } from 'express';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db, runTransaction } from '../firebase';
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

/** Thrown inside the transaction when the window is full, so nothing is written. */
class Refused extends Error {
  constructor(readonly decision: Decision) {
    super(RATE_LIMITED_MESSAGE);
  }
}

/**
 * The counter of one client as a step of a transaction: decides from the stored window, then
 * counts the request (a write) or refuses it (throws `Refused`). Keeps the last decision for the
 * response headers.
 */
class CounterStep {
  decision: Decision | undefined;

  constructor(
    readonly ref: DocumentReference,
    private readonly config: RateLimitConfig,
  ) {}

  apply(tx: Transaction, snapshot: DocumentSnapshot): void {
    const doc = snapshot.data() as CounterDoc | undefined;
    const stored = doc
      ? { count: doc.count, windowStartMs: doc.windowStart.toMillis() }
      : undefined;
    const decision = decide(stored, Date.now(), this.config);
    this.decision = decision;
    if (!decision.allowed) throw new Refused(decision);
    const next: CounterDoc = {
      count: decision.next.count,
      windowStart: Timestamp.fromMillis(decision.next.windowStartMs),
      expiresAt: Timestamp.fromMillis(decision.next.windowStartMs + this.config.windowMs),
    };
    tx.set(this.ref, next);
  }
}

const setLimitHeaders = (res: Response, config: RateLimitConfig, decision: Decision) => {
  res.set('RateLimit-Limit', String(config.max));
  res.set('RateLimit-Remaining', String(decision.remaining));
  res.set('RateLimit-Reset', String(decision.resetSeconds));
};

const isAborted = (error: unknown) => (error as { code?: unknown })?.code === ABORTED;

/**
 * The 429 for a refused request (Retry-After set), or the error unchanged. Real Firestore gives
 * up on a transaction that many requests fight over: that client is flooding, so it is refused
 * like any other over-limit client.
 */
function toRateLimited(error: unknown, res: Response, config: RateLimitConfig): unknown {
  let retryAfterSeconds: number;
  if (error instanceof Refused) retryAfterSeconds = error.decision.resetSeconds;
  else if (isAborted(error)) retryAfterSeconds = Math.ceil(config.windowMs / 1000);
  else return error;
  res.set('Retry-After', String(retryAfterSeconds));
  return new ApiError('rate-limited', RATE_LIMITED_MESSAGE);
}

export type RateLimiter = RequestHandler;

export function rateLimit(scope: string, config: RateLimitConfig): RateLimiter {
  const stepFor = (req: Request) =>
    new CounterStep(
      db.collection(COLLECTIONS.rateLimits).doc(counterId(scope, clientKey(req))),
      config,
    );

  /** Counts the request in a transaction of its own, then passes it on (or answers 429). */
  return (req, res, next) => {
    const step = stepFor(req);
    runTransaction(async (tx) => step.apply(tx, await tx.get(step.ref))).then(
      () => {
        if (step.decision) setLimitHeaders(res, config, step.decision);
        next();
      },
      (error: unknown) => {
        // A refusal says where the client stands; a transaction that never committed
        // (ABORTED) does not know.
        if (step.decision && !isAborted(error)) setLimitHeaders(res, config, step.decision);
        next(toRateLimited(error, res, config));
      },
    );
  };
}
