import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../shared/errors';
import { errorHandler, redactPersonalData } from './errors';

describe('redactPersonalData', () => {
  it('masks plain and URL-encoded e-mail addresses in error messages', () => {
    expect(
      redactPersonalData(
        '6 ALREADY_EXISTS: Document already exists: projects/p/databases/(default)/documents/emailLocks/student:ana.lee%40example.org',
      ),
    ).toBe(
      '6 ALREADY_EXISTS: Document already exists: projects/p/databases/(default)/documents/emailLocks/student:[email]',
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
