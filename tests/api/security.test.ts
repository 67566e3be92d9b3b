/**
 * Public form protection through the hosting emulator: the per-client rate limit (429) and what
 * it counts, the body size cap (413), the honeypot and the same-origin rule for cross-origin
 * requests.
 */
import { createHash } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { MAX_BODY_BYTES, type ApiErrorBody as ErrorBody } from '@mentorship/domain';
import { call, directChain, siteUrl, testClient, tokenFor, uniqueSuffix } from '../support/api';
import { mentorApplication, studentApplication } from '../factories';
import { countWhere, doc } from '../support/seed';
import { RATE_LIMITED_MESSAGES } from '../../functions/src/abuse/rate-window';

/** A client of its own (X-Forwarded-For as the platform writes it), so no test shares its allowance. */
const newClient = () => {
  const { address, key } = testClient();
  return { headers: { 'X-Forwarded-For': directChain(address) }, key };
};
const clientIp = () => newClient().headers;

describe('rate limit on the public application endpoints', () => {
  it('allows the limit, then answers 429 with Retry-After and stores nothing', async () => {
    const { headers, key } = newClient();
    const autofill = () =>
      call<ErrorBody>('POST', '/api/linkedin-autofill', {
        headers,
        body: { linkedinUrl: 'https://www.linkedin.com/in/someone' },
      });

    const first = await autofill();
    expect(first.status).toBe(501);
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get('ratelimit-remaining'))).toBe(limit - 1);
    // One request at a time: each one is counted before the next starts.
    for (let i = 2; i <= limit; i++) expect((await autofill()).status).toBe(501);

    // The allowance is shared by the three endpoints: an application is now refused too.
    const application = studentApplication();
    const refused = await call<ErrorBody>('POST', '/api/student-registration', {
      headers,
      body: application,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate-limited',
      message: 'Too many applications from this network. Please try again in a few minutes.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await countWhere('students', 'emailAddress', application.emailAddress)).toBe(0);
    expect((await autofill()).status).toBe(429);

    // Past the limit a known address is refused like any other: 429.
    const taken = mentorApplication();
    expect(
      (await call('POST', '/api/mentor-registration', { headers: clientIp(), body: taken })).status,
    ).toBe(201);
    const probe = await call<ErrorBody>('POST', '/api/mentor-registration', {
      headers,
      body: taken,
    });
    expect(probe.status).toBe(429);
    expect(probe.body.error.code).toBe('rate-limited');
    expect(await countWhere('mentors', 'email', taken.email)).toBe(1);

    // Posts refused before Firestore are not counted, so they get their own answers.
    const invalid = await call<ErrorBody>('POST', '/api/student-registration', {
      headers,
      body: { ...studentApplication(), emailAddress: 'not-an-email' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields?.emailAddress).toBeDefined();
    const bot = await call<{ id: string }>('POST', '/api/student-registration', {
      headers,
      body: { ...studentApplication(), website: 'https://spam.example' },
    });
    expect(bot.status).toBe(201);
    expect(await doc('students', bot.body.id)).toBeUndefined();

    // The counter: a hashed id (no address stored), the count and a TTL field.
    const id = createHash('sha256').update(`applications\n${key}`).digest('hex');
    const counter = (await doc('rateLimits', id)) as
      { count: number; windowStart: Timestamp; expiresAt: Timestamp } | undefined;
    expect(counter?.count).toBe(limit);
    expect(counter?.expiresAt.toMillis()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(counter)).not.toContain(key);

    // Another client is not affected.
    const other = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: clientIp(),
      body: application,
    });
    expect(other.status).toBe(201);
  }, 120_000);
});

describe('rate limit on the public certificate look-up', () => {
  it('allows the limit, then answers 429 with its own message and Retry-After', async () => {
    const { headers } = newClient();
    const lookUp = () => call<ErrorBody>('GET', `/api/certificates/${'A'.repeat(22)}`, { headers });
    const first = await lookUp();
    expect(first.status).toBe(404);
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThanOrEqual(1);
    for (let i = 2; i <= limit; i++) expect((await lookUp()).status).toBe(404);
    const refused = await lookUp();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(RATE_LIMITED_MESSAGES.certificates);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another client is not affected.
    expect(
      (await call('GET', `/api/certificates/${'A'.repeat(22)}`, { headers: clientIp() })).status,
    ).toBe(404);
  });
});

describe('what counts against the allowance', () => {
  const remaining = (res: { headers: Headers }) => res.headers.get('ratelimit-remaining');

  it('counts applications and duplicates, not posts refused before Firestore', async () => {
    const { headers, key } = newClient();
    const post = <T>(path: string, body: unknown, extra: Record<string, string> = {}) =>
      call<T>('POST', path, { headers: { ...headers, ...extra }, body });

    // Refused before Firestore (they write nothing): no count, no RateLimit headers.
    const invalid = await post<ErrorBody>('/api/student-registration', { fullName: 42 });
    expect(invalid.status).toBe(400);
    expect(remaining(invalid)).toBeNull();
    const notJson = await call('POST', '/api/student-registration', {
      headers: { ...headers, 'Content-Type': 'text/plain' },
      rawBody: 'hello',
    });
    expect(notJson.status).toBe(415);
    const bot = await post('/api/mentor-registration', { ...mentorApplication(), website: 'x' });
    expect(bot.status).toBe(201);
    expect(remaining(bot)).toBeNull();

    // The first counted request of this client.
    const application = studentApplication();
    const created = await post<{ id: string }>('/api/student-registration', application);
    expect(created.status).toBe(201);
    const limit = Number(created.headers.get('ratelimit-limit'));
    expect(remaining(created)).toBe(String(limit - 1));

    // A duplicate is answered as a new application, and counted like one.
    const again = await post<{ id: string }>('/api/student-registration', {
      ...application,
      emailAddress: application.emailAddress.toUpperCase(),
    });
    expect(again.status).toBe(201);
    expect(remaining(again)).toBe(String(limit - 2));
    expect(await countWhere('students', 'emailAddress', application.emailAddress)).toBe(1);

    // One allowance for both forms and the auto-fill.
    const mentor = await post('/api/mentor-registration', mentorApplication());
    expect(mentor.status).toBe(201);
    expect(remaining(mentor)).toBe(String(limit - 3));
    const autofill = await post('/api/linkedin-autofill', {
      linkedinUrl: 'https://www.linkedin.com/in/someone',
    });
    expect(autofill.status).toBe(501);
    expect(remaining(autofill)).toBe(String(limit - 4));

    const id = createHash('sha256').update(`applications\n${key}`).digest('hex');
    expect(await doc('rateLimits', id)).toMatchObject({ count: 4 });
  });
});

describe('body size cap', () => {
  it.each([
    ['/api/student-registration', 'students', 'emailAddress', () => studentApplication()],
    ['/api/mentor-registration', 'mentors', 'email', () => mentorApplication()],
  ] as const)(
    'answers 413 at %s for a body over the limit and stores nothing',
    async (path, collection, emailField, make) => {
      const body = { ...make(), motivation: 'x'.repeat(MAX_BODY_BYTES) };
      const res = await call<ErrorBody>('POST', path, { headers: clientIp(), body });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload-too-large');
      const email = (body as Record<string, unknown>)[emailField];
      expect(await countWhere(collection, emailField, email)).toBe(0);
    },
  );

  it('answers 413 on admin writes too', async () => {
    const token = await tokenFor('admin');
    const email = `big.${uniqueSuffix()}@example.org`;
    const res = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      body: { fullName: 'Big Body', emailAddress: email, careerInterests: 'y'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(await countWhere('students', 'emailAddress', email)).toBe(0);
  });
});

describe('honeypot', () => {
  it.each([
    ['/api/student-registration', 'students', () => studentApplication(), 'emailAddress'],
    ['/api/mentor-registration', 'mentors', () => mentorApplication(), 'email'],
  ] as const)(
    'answers 201 with a plausible id at %s when filled, and stores nothing',
    async (path, collection, make, emailField) => {
      for (const website of ['https://cheap-pills.example', 42, { a: 1 }]) {
        const body = { ...make(), website };
        const res = await call<{ id: string }>('POST', path, { headers: clientIp(), body });
        expect(res.status).toBe(201);
        expect(res.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(await doc(collection, res.body.id)).toBeUndefined();
        const email = (body as Record<string, unknown>)[emailField];
        expect(await countWhere(collection, emailField, email)).toBe(0);
      }
    },
  );

  it('answers 201 even when the rest of a filled-in post is invalid', async () => {
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: clientIp(),
      body: { website: 'x', fullName: 42 },
    });
    expect(res.status).toBe(201);
    expect(await doc('students', res.body.id)).toBeUndefined();
  });

  it.each(['', '   ', null])(
    'ignores an empty honeypot (%j) and stores the application',
    async (w) => {
      const body = { ...studentApplication(), website: w };
      const res = await call<{ id: string }>('POST', '/api/student-registration', {
        headers: clientIp(),
        body,
      });
      expect(res.status).toBe(201);
      const stored = await doc('students', res.body.id);
      expect(stored).toMatchObject({ emailAddress: body.emailAddress, isActive: false });
      expect(stored).not.toHaveProperty('website');
    },
  );

  it('is not accepted on admin routes (unknown field)', async () => {
    const token = await tokenFor('admin');
    const res = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      body: { fullName: 'Honey Pot', emailAddress: `hp.${uniqueSuffix()}@x.org`, website: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.website).toBeDefined();
  });
});

describe('cross-origin requests', () => {
  const evil = 'https://evil.example';

  it('refuses a cross-origin application with 403, no CORS headers, nothing stored', async () => {
    const body = studentApplication();
    const res = await call<ErrorBody>('POST', '/api/student-registration', {
      headers: { ...clientIp(), Origin: evil },
      body,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('permission-denied');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await countWhere('students', 'emailAddress', body.emailAddress)).toBe(0);
  });

  it('refuses preflights from other origins and never sends CORS headers', async () => {
    const preflight = (origin: string) =>
      call('OPTIONS', '/api/student-registration', {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const other = await preflight(evil);
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
    const own = await preflight(siteUrl());
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts an application from the site itself', async () => {
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: { ...clientIp(), Origin: siteUrl() },
      body: studentApplication(),
    });
    expect(res.status).toBe(201);
  });

  it('answers a cross-origin read without CORS headers (the browser keeps it from the page)', async () => {
    const res = await call('GET', '/api/health', { headers: { Origin: evil } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a cross-origin admin write even with a valid token', async () => {
    const token = await tokenFor('admin');
    const email = `xo.${uniqueSuffix()}@example.org`;
    const res = await call<ErrorBody>('POST', '/api/admin/students', {
      token,
      headers: { Origin: evil },
      body: { fullName: 'Cross Origin', emailAddress: email },
    });
    expect(res.status).toBe(403);
    expect(await countWhere('students', 'emailAddress', email)).toBe(0);
  });
});
