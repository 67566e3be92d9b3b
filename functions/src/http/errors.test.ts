import express from 'express';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../shared/errors';
import { errorHandler, redactPersonalData } from './errors';

describe('redactPersonalData', () => {
  it('masks plain and URL-encoded e-mail addresses in error messages', () => {
    expect(
      redactPersonalData(
        '6 ALREADY_EXISTS: Document already exists: projects/p/databases/(default)/documents/applicationLocks/student:ana.lee%40example.org',
      ),
    ).toBe(
      '6 ALREADY_EXISTS: Document already exists: projects/p/databases/(default)/documents/applicationLocks/student:[email]',
    );
    expect(redactPersonalData('user Ana.Lee+x@Example.org failed')).toBe('user [email] failed');
  });

  it('keeps messages without addresses and caps their length', () => {
    expect(redactPersonalData('Deadline exceeded')).toBe('Deadline exceeded');
    expect(redactPersonalData('x'.repeat(1000))).toHaveLength(300);
  });
});

describe('errorHandler', () => {
  const answer = (error: unknown) => {
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    } as unknown as Response;
    errorHandler(
      error,
      { method: 'GET', path: '/api/x' } as Request,
      res,
      (() => {}) as NextFunction,
    );
    return sent;
  };

  it.each([
    ['invalid-argument', 400],
    ['unauthenticated', 401],
    ['permission-denied', 403],
    ['not-found', 404],
    ['already-exists', 409],
    ['failed-precondition', 409],
    ['rate-limited', 429],
  ] as const)('answers a DomainError %s with %i and the envelope', (code, status) => {
    expect(answer(new DomainError(code, 'Because.'))).toEqual({
      status,
      body: { error: { code, message: 'Because.' } },
    });
  });

  it('keeps the field messages of a refusal', () => {
    const fields = { email: 'A mentor application for this e-mail address already exists.' };
    expect(answer(new DomainError('already-exists', 'Taken.', fields)).body).toEqual({
      error: { code: 'already-exists', message: 'Taken.', fields },
    });
  });

  it('answers anything else 500 without its message', () => {
    expect(answer(new Error('secret detail ana@example.org'))).toEqual({
      status: 500,
      body: {
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      },
    });
  });
});

describe('body-parser errors through a real Express app', () => {
  // The same parser the app mounts (app.ts); a tiny limit stands in for MAX_BODY_BYTES.
  const app = express();
  app.use(express.json({ limit: 20 }));
  app.post('/api/x', (_req, res) => {
    res.status(204).end();
  });
  app.use(errorHandler);
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });
  const post = (body: string) =>
    fetch(`${base}/api/x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });

  it('malformed JSON: 400 in the JSON error shape, no stack, no paths', async () => {
    const res = await post('{"a": ');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'invalid-argument', message: 'The request body is not valid JSON.' },
    });
    expect(text).not.toMatch(/node_modules|at JSON|\/work\//);
  });

  it('too large: 413 in the JSON error shape', async () => {
    const res = await post(JSON.stringify({ a: 'x'.repeat(100) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload-too-large', message: 'The request body is too large.' },
    });
  });
});
