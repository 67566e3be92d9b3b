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
 * Client key: the address a Google-run hop appended to `X-Forwarded-For` (client-key.ts), never
 * a header the client chose.
 *
 * Two ways to count a request, one allowance per client and scope:
 * - `rateLimiter(req, res, next)`, a middleware with a transaction of its own (the LinkedIn
 *   auto-fill, which writes nothing else);
 * - `rateLimiter.inTransaction(req, res, work)`: the counter joins the transaction that creates
 *   an application (read with the application lock, written in the same commit), so an application
 *   costs one read and one commit instead of two of each.
 */
import type { BlockList } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import type { TransactionStep } from '../application-locks/repository';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { readHostingHops } from './client-key';
import { COLLECTIONS } from '../shared/records';
import {
  RATE_LIMITED_MESSAGE,
  RATE_LIMITED_MESSAGES,
  LINK_HOMES,
  clientKey,
  counterId,
  decide,
  bodyToken,
  linkTokenHash,
  type LinkScope,
  type Decision,
  type RateLimitConfig,
  type RateLimitScope,
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
class CounterStep implements TransactionStep {
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
function toRateLimited(
  error: unknown,
  res: Response,
  config: RateLimitConfig,
  message: string,
): unknown {
  let retryAfterSeconds: number;
  if (error instanceof Refused) retryAfterSeconds = error.decision.resetSeconds;
  else if (isAborted(error)) retryAfterSeconds = Math.ceil(config.windowMs / 1000);
  else return error;
  res.set('Retry-After', String(retryAfterSeconds));
  return new DomainError('rate-limited', message);
}

export type RateLimiter = RequestHandler & {
  /**
   * Runs `work` with this client's counter as a step of work's own transaction (see
   * `TransactionStep`), then sets the RateLimit-* headers. A full window (nothing written) or a
   * lost fight over the counter rejects with a 429 DomainError; other errors pass through.
   */
  inTransaction<T>(
    req: Request,
    res: Response,
    work: (step: TransactionStep) => Promise<T>,
  ): Promise<T>;
};

const CLIENT_KEY = 'rateLimitClientKey';

/**
 * The client a request came from, as the mail gate counts its sender: the key its limiter
 * counted it under (a hash: the gate stores no address). Only after a client's limiter ran.
 */
export function mailSenderOf(res: Response): { client: string } {
  const key = res.locals[CLIENT_KEY] as unknown;
  if (typeof key !== 'string') throw new Error('No rate limiter ran before this door.');
  return { client: key };
}

export function rateLimit(
  scope: RateLimitScope,
  config: RateLimitConfig,
  hostingHops: BlockList = readHostingHops(process.env),
  /** What a request is counted under: the client's address unless told (e.g. `linkKey`). */
  keyOf: (req: Request) => string = (req) => clientKey(req, hostingHops),
  /**
   * For a link's limit: whether the request's link exists. A link nobody was sent is answered
   * by the route ("link gone") without a counter, so random tokens cannot make the limiter
   * write a document each.
   */
  isKnown?: (req: Request) => Promise<boolean>,
): RateLimiter {
  const stepFor = (req: Request) =>
    new CounterStep(
      db.collection(COLLECTIONS.rateLimits).doc(counterId(scope, keyOf(req))),
      config,
    );

  const inTransaction: RateLimiter['inTransaction'] = async (req, res, work) => {
    const step = stepFor(req);
    try {
      const result = await work(step);
      if (step.decision) setLimitHeaders(res, config, step.decision);
      return result;
    } catch (error) {
      // A refusal or an answer after counting (409) says where the client stands; a transaction
      // that never committed (ABORTED) does not know.
      if (step.decision && !isAborted(error)) setLimitHeaders(res, config, step.decision);
      throw toRateLimited(error, res, config, RATE_LIMITED_MESSAGES[scope]);
    }
  };

  /** The middleware: counts the request in a transaction of its own, then passes it on. */
  const middleware: RequestHandler = (req, res, next) => {
    // A client's limiter: the key its door's e-mails count under at the mail gate (`mailSenderOf`).
    if (!isKnown) res.locals[CLIENT_KEY] = counterId(scope, keyOf(req));
    (isKnown ? isKnown(req) : Promise.resolve(true))
      .then((known) =>
        known
          ? inTransaction(req, res, (step) =>
              runTransaction(async (tx) => step.apply(tx, await tx.get(step.ref))),
            )
          : undefined,
      )
      .then(() => next(), next);
  };

  return Object.assign(middleware, { inTransaction });
}

/**
 * Whether the link in a request was ever e-mailed: its token's hash in its door's home
 * (`LINK_HOMES`). One read, and no write, for a token nobody was sent.
 */
export const linkIsKnown =
  (scope: LinkScope) =>
  async (req: Request): Promise<boolean> => {
    if (bodyToken(req) === '') return false;
    const home = LINK_HOMES[scope];
    const hash = linkTokenHash(req);
    const collection = db.collection(home.collection);
    if (home.by === 'id') return (await collection.doc(hash).get()).exists;
    const found = await collection.where('tokenHashes', 'array-contains', hash).limit(1).get();
    return !found.empty;
  };
