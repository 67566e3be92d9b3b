/**
 * The rate limiter's answer around a transaction it joins (`inTransaction`): which headers are
 * set, what is written and how refusals become 429. The transaction is played by hand (a fake
 * `tx` and snapshot), so nothing here talks to Firestore.
 */
import type { Request, Response } from 'express';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { TransactionStep } from '../application-locks/repository';
import { DomainError } from '../shared/errors';
import { rateLimit } from './rate-limit';
import { RATE_LIMITED_MESSAGE, counterId } from './rate-window';

const config = { max: 2, windowMs: 60_000 };
const limiter = rateLimit('applications', config);

// As the function receives it directly: the client wrote 203.0.113.9, Google's front end appended
// the address it saw.
const request = () =>
  ({
    header: (name: string) =>
      name.toLowerCase() === 'x-forwarded-for' ? '203.0.113.9, 198.51.100.4' : undefined,
  }) as unknown as Request;

function response() {
  const headers: Record<string, string> = {};
  const res = {
    set: (name: string, value: string) => {
      headers[name] = value;
      return res;
    },
  };
  return { res: res as unknown as Response, headers };
}

/** A transaction that records its writes, and a snapshot of a stored counter (or none). */
function transaction() {
  const writes: { path: string; data: unknown }[] = [];
  const tx = {
    set: (ref: { path: string }, data: unknown) => writes.push({ path: ref.path, data }),
  } as unknown as Transaction;
  return { tx, writes };
}
const counterSnapshot = (count?: number) =>
  ({
    data: () =>
      count === undefined
        ? undefined
        : {
            count,
            windowStart: Timestamp.fromMillis(Date.now() - 1000),
            expiresAt: Timestamp.fromMillis(Date.now() + 59_000),
          },
  }) as unknown as DocumentSnapshot;

/** What a repository does with the step: read, apply, then its own work. */
const run =
  (count: number | undefined, tx: Transaction, after: () => string) => (step: TransactionStep) => {
    step.apply(tx, counterSnapshot(count));
    return Promise.resolve(after());
  };

describe('rateLimit().inTransaction', () => {
  it('counts the request in the same transaction and sets the RateLimit headers', async () => {
    const { tx, writes } = transaction();
    const { res, headers } = response();
    const id = await limiter.inTransaction(
      request(),
      res,
      run(undefined, tx, () => 'new-id'),
    );
    expect(id).toBe('new-id');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.path).toBe(`rateLimits/${counterId('applications', '198.51.100.4')}`);
    expect(writes[0]?.data).toMatchObject({ count: 1 });
    expect(headers).toMatchObject({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '1' });
    expect(headers['Retry-After']).toBeUndefined();
  });

  it('refuses a full window with 429 and Retry-After, before the work writes anything', async () => {
    const { tx, writes } = transaction();
    const { res, headers } = response();
    const work = jest.fn(() => 'never');
    const answer = limiter.inTransaction(request(), res, run(2, tx, work));
    await expect(answer).rejects.toEqual(new DomainError('rate-limited', RATE_LIMITED_MESSAGE));
    expect(work).not.toHaveBeenCalled();
    expect(writes).toHaveLength(0);
    expect(headers).toMatchObject({ 'RateLimit-Remaining': '0' });
    expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(58);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(60);
  });

  it('passes an answer given after counting (409) through, with the headers', async () => {
    const { tx, writes } = transaction();
    const { res, headers } = response();
    const conflict = new DomainError('already-exists', 'taken', { email: 'taken' });
    const answer = limiter.inTransaction(request(), res, (step) => {
      step.apply(tx, counterSnapshot(0));
      return Promise.reject(conflict);
    });
    await expect(answer).rejects.toBe(conflict);
    expect(writes).toHaveLength(1);
    expect(headers).toMatchObject({ 'RateLimit-Remaining': '1' });
    expect(headers['Retry-After']).toBeUndefined();
  });

  it('turns a transaction that lost to concurrent writers (ABORTED) into 429', async () => {
    const { tx } = transaction();
    const { res, headers } = response();
    const aborted = Object.assign(new Error('too much contention'), { code: 10 });
    const answer = limiter.inTransaction(request(), res, (step) => {
      step.apply(tx, counterSnapshot(0));
      return Promise.reject(aborted);
    });
    await expect(answer).rejects.toMatchObject({ code: 'rate-limited' });
    expect(headers['Retry-After']).toBe('60');
    // It never committed, so it does not claim a count.
    expect(headers['RateLimit-Remaining']).toBeUndefined();
  });
});

describe('a link limiter', () => {
  it('checks the link first: a token nobody was sent passes on to its route, nothing counted', async () => {
    const isKnown = jest.fn(() => Promise.resolve(false));
    const links = rateLimit('check-ins', config, undefined, () => 'link:x', isKnown);
    const { res, headers } = response();
    const next = jest.fn();
    links({ body: { token: 'nobody-has-it' } } as unknown as Request, res, next);
    await new Promise((resolve) => setImmediate(resolve));
    expect(isKnown).toHaveBeenCalledTimes(1);
    // Passed on without an error (the route answers "link gone") and without a counter.
    expect(next).toHaveBeenCalledWith();
    expect(headers['RateLimit-Limit']).toBeUndefined();
  });
});
