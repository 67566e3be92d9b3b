/** Which failures are retried, and how long the waits grow. */
import { MAX_RETRY_DELAY_MS, RETRY_WINDOW_MS, classifyFailure, retryDelayMs } from './deliver';

const smtpError = (responseCode: number) =>
  Object.assign(new Error(`${responseCode} answer`), { responseCode, code: 'EENVELOPE' });

describe('classifyFailure', () => {
  it('stops at once on a 5xx answer (no such address, refused)', () => {
    expect(classifyFailure(smtpError(550))).toBe('permanent');
    expect(classifyFailure(smtpError(554))).toBe('permanent');
  });
  it('treats no answer at all, and 421, as the server being down for everyone', () => {
    expect(classifyFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
      'unreachable',
    );
    expect(classifyFailure(Object.assign(new Error('closed'), { code: 'ECONNECTION' }))).toBe(
      'unreachable',
    );
    expect(classifyFailure(new Error('Unexpected socket close'))).toBe('unreachable');
    expect(classifyFailure(smtpError(421))).toBe('unreachable');
  });
  it('defers this one message on another 4xx, or when its sign-in link could not be made', () => {
    expect(classifyFailure(smtpError(450))).toBe('deferred');
    expect(classifyFailure(smtpError(452))).toBe('deferred');
    expect(classifyFailure(new Error('auth down'), true)).toBe('deferred');
  });
});

describe('retryDelayMs', () => {
  it('grows 1, 2, 4, 8, 16 minutes, then stays at 30', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 30, 30, 30,
    ]);
    expect(MAX_RETRY_DELAY_MS).toBe(30 * 60_000);
  });
  it('retries for at least 24 hours (3 days)', () => {
    expect(RETRY_WINDOW_MS).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  });
});
