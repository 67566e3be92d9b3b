import {
  DEFAULT_RATE_LIMIT,
  clientKey,
  counterId,
  decide,
  linkKey,
  readRateLimitConfig,
  type WindowState,
} from './rate-window';
import type { Request } from 'express';
import { FASTLY_RANGES, hopRanges } from './client-key';

const config = { max: 3, windowMs: 60_000 };

describe('decide', () => {
  it('allows up to the limit in one window, then refuses without changing the state', () => {
    let state: WindowState | undefined;
    const t0 = 1_000_000;
    for (let i = 1; i <= 3; i++) {
      const d = decide(state, t0 + i * 1000, config);
      expect(d.allowed).toBe(true);
      expect(d.remaining).toBe(3 - i);
      state = d.next;
    }
    const refused = decide(state, t0 + 10_000, config);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, next: state });
    // The window started at the first request (t0 + 1 s) and lasts 60 s.
    expect(refused.resetSeconds).toBe(51);
  });

  it('starts a fresh window once the old one has ended', () => {
    const full: WindowState = { count: 3, windowStartMs: 0 };
    expect(decide(full, 59_999, config).allowed).toBe(false);
    const d = decide(full, 60_000, config);
    expect(d).toMatchObject({ allowed: true, remaining: 2 });
    expect(d.next).toEqual({ count: 1, windowStartMs: 60_000 });
  });

  it('treats a window from the future (clock skew) as over', () => {
    const d = decide({ count: 3, windowStartMs: 100_000 }, 50_000, config);
    expect(d.allowed).toBe(true);
  });

  it('never asks to retry in less than a second', () => {
    expect(decide({ count: 3, windowStartMs: 0 }, 59_999.5, config).resetSeconds).toBe(1);
  });
});

describe('readRateLimitConfig', () => {
  it('defaults to 20 per 10 minutes', () => {
    expect(readRateLimitConfig({})).toEqual({ max: 20, windowMs: 600_000 });
    expect(DEFAULT_RATE_LIMIT).toEqual({ max: 20, windowMs: 600_000 });
  });

  it('reads positive integers and ignores anything else', () => {
    expect(readRateLimitConfig({ RATE_LIMIT_MAX: '150', RATE_LIMIT_WINDOW_SECONDS: '60' })).toEqual(
      { max: 150, windowMs: 60_000 },
    );
    for (const bad of ['0', '-3', '2.5', 'many', '']) {
      expect(readRateLimitConfig({ RATE_LIMIT_MAX: bad, RATE_LIMIT_WINDOW_SECONDS: bad })).toEqual(
        DEFAULT_RATE_LIMIT,
      );
    }
  });
});

describe('clientKey and counterId', () => {
  const req = (headers: Record<string, string>) =>
    ({ header: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;
  const hops = hopRanges(FASTLY_RANGES);

  it('ignores Fastly-Client-IP and reads the hop the platform appended', () => {
    expect(
      clientKey(
        req({ 'fastly-client-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.4' }),
        hops,
      ),
    ).toBe('198.51.100.4');
    expect(clientKey(req({ 'fastly-client-ip': '203.0.113.7' }), hops)).toBe('no-forwarded-for');
  });

  it('hashes scope and key into a document id that holds no address', () => {
    const id = counterId('applications', '203.0.113.7');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain('203');
    expect(counterId('applications', '203.0.113.8')).not.toBe(id);
    expect(counterId('other', '203.0.113.7')).not.toBe(id);
  });
});

describe('linkKey', () => {
  const from = (address: string, token: unknown) =>
    ({
      body: { token },
      header: (name: string) => (name === 'x-forwarded-for' ? address : undefined),
    }) as unknown as Request;
  const hops = hopRanges(FASTLY_RANGES);

  it('counts each link on its own, whatever network it comes from', () => {
    const a = 'A'.repeat(43);
    const b = 'B'.repeat(43);
    // Two people behind one campus address: two counters, not one.
    expect(linkKey(from('203.0.113.9', a))).not.toBe(linkKey(from('203.0.113.9', b)));
    expect(clientKey(from('203.0.113.9', a), hops)).toBe(clientKey(from('203.0.113.9', b), hops));
    // One link from two networks: one counter.
    expect(linkKey(from('203.0.113.9', a))).toBe(linkKey(from('198.51.100.7', a)));
    // The key holds no token, only its hash.
    expect(linkKey(from('203.0.113.9', a))).not.toContain(a);
    expect(linkKey(from('203.0.113.9', 42))).toBe(linkKey(from('203.0.113.9', undefined)));
  });
});
