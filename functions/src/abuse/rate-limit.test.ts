/**
 * The rate limiter middleware's answer: which headers are set, what is written and how refusals
 * become 429. The transaction is played by hand (a fake `tx` and stored counter), so nothing
 * here talks to Firestore.
 */
import type { NextFunction, Request, Response } from 'express';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../http/errors';
import { rateLimit } from './rate-limit';
import { RATE_LIMITED_MESSAGE, counterId } from './rate-window';

/** The stored counter the next transaction reads (undefined: none), and its writes. */
let mockStored: number | undefined;
let mockFailure: Error | undefined;
const mockWrites: { path: string; data: unknown }[] = [];
jest.mock('../firebase', () => ({
  db: { collection: (name: string) => ({ doc: (id: string) => ({ path: `${name}/${id}` }) }) },
  runTransaction: async (work: (tx: Transaction) => Promise<unknown>) => {
    const tx = {
      get: () =>
        Promise.resolve({
          data: () =>
            mockStored === undefined
              ? undefined
              : {
                  count: mockStored,
                  windowStart: Timestamp.fromMillis(Date.now() - 1000),
                  expiresAt: Timestamp.fromMillis(Date.now() + 59_000),
                },
        }),
      set: (ref: { path: string }, data: unknown) => mockWrites.push({ path: ref.path, data }),
    } as unknown as Transaction;
    const result = await work(tx);
    if (mockFailure) throw mockFailure;
    return result;
  },
}));

const config = { max: 2, windowMs: 60_000 };
const limiter = rateLimit('applications', config);
const request = () => ({ ip: '198.51.100.4', header: () => undefined }) as unknown as Request;

async function pass(stored: number | undefined) {
  mockStored = stored;
  const headers: Record<string, string> = {};
  const res = {
    set: (name: string, value: string) => {
      headers[name] = value;
      return res;
    },
  } as unknown as Response;
  const passed = await new Promise<unknown>((resolve) => {
    void limiter(request(), res, ((error?: unknown) => resolve(error)) as NextFunction);
  });
  return { passed, headers };
}

beforeEach(() => {
  mockWrites.length = 0;
  mockFailure = undefined;
});

describe('rateLimit()', () => {
  it('counts the request and sets the RateLimit headers, then passes it on', async () => {
    const { passed, headers } = await pass(undefined);
    expect(passed).toBeUndefined();
    expect(mockWrites).toHaveLength(1);
    expect(mockWrites[0]?.path).toBe(`rateLimits/${counterId('applications', '198.51.100.4')}`);
    expect(mockWrites[0]?.data).toMatchObject({ count: 1 });
    expect(headers).toMatchObject({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '1' });
    expect(headers['Retry-After']).toBeUndefined();
  });

  it('refuses a full window with 429 and Retry-After, writing nothing', async () => {
    const { passed, headers } = await pass(2);
    expect(passed).toEqual(new ApiError('rate-limited', RATE_LIMITED_MESSAGE));
    expect(passed).toMatchObject({ status: 429 });
    expect(mockWrites).toHaveLength(0);
    expect(headers).toMatchObject({ 'RateLimit-Remaining': '0' });
    expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(58);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(60);
  });

  it('turns a transaction that lost to concurrent writers (ABORTED) into 429', async () => {
    mockFailure = Object.assign(new Error('too much contention'), { code: 10 });
    const { passed, headers } = await pass(0);
    expect(passed).toMatchObject({ code: 'rate-limited', status: 429 });
    expect(headers['Retry-After']).toBe('60');
    // It never committed, so it does not claim a count.
    expect(headers['RateLimit-Remaining']).toBeUndefined();
  });

  it('passes any other failure on unchanged', async () => {
    mockFailure = new Error('unavailable');
    const { passed } = await pass(0);
    expect(passed).toBe(mockFailure);
  });
});
