import type { NextFunction, Request, Response } from 'express';
import { ERROR_STATUS } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import {
  CROSS_ORIGIN_MESSAGE,
  allowedOrigins,
  isPreviewChannel,
  sameSiteOnly,
} from './origin-guard';

describe('allowedOrigins', () => {
  it('has the project hosting domains and the listed origins', () => {
    const origins = allowedOrigins({
      GCLOUD_PROJECT: 'mentors-prod',
      API_ALLOWED_ORIGINS: 'http://127.0.0.1:5020, https://Mentors.Example.org/',
    });
    expect([...origins].sort()).toEqual([
      'http://127.0.0.1:5020',
      'https://mentors-prod.firebaseapp.com',
      'https://mentors-prod.web.app',
      'https://mentors.example.org',
    ]);
  });

  it("adds the local stack's origins inside the Functions emulator only", () => {
    const env = {
      GCLOUD_PROJECT: 'p1',
      API_ALLOWED_ORIGINS: 'https://mentors.example.org',
      API_EMULATOR_ORIGINS: 'http://127.0.0.1:5010',
    };
    expect(allowedOrigins(env).has('http://127.0.0.1:5010')).toBe(false);
    const emulated = allowedOrigins({ ...env, FUNCTIONS_EMULATOR: 'true' });
    expect(emulated.has('http://127.0.0.1:5010')).toBe(true);
    expect(emulated.has('https://mentors.example.org')).toBe(true);
  });

  it('reads the project from FIREBASE_CONFIG when GCLOUD_PROJECT is absent', () => {
    expect(allowedOrigins({ FIREBASE_CONFIG: '{"projectId":"p1"}' })).toEqual(
      new Set(['https://p1.web.app', 'https://p1.firebaseapp.com']),
    );
  });
});

describe('isPreviewChannel', () => {
  it("accepts this project's Hosting preview channels only", () => {
    expect(isPreviewChannel('https://mentors-prod--pr-12-ab3def.web.app', 'mentors-prod')).toBe(
      true,
    );
    expect(isPreviewChannel('https://mentors-prod--pr-12-ab3def.web.app/', 'mentors-prod')).toBe(
      true,
    );
    expect(isPreviewChannel('https://other--pr-12-ab3def.web.app', 'mentors-prod')).toBe(false);
    expect(isPreviewChannel('https://mentors-prod--x.web.app.evil.com', 'mentors-prod')).toBe(
      false,
    );
    expect(isPreviewChannel('http://mentors-prod--x.web.app', 'mentors-prod')).toBe(false);
    expect(isPreviewChannel('https://mentors-prod--x.web.app', undefined)).toBe(false);
  });
});

describe('sameSiteOnly', () => {
  const guard = sameSiteOnly(new Set(['https://site.web.app']));
  const run = (method: string, origin?: string) => {
    const res = { statusCode: 0, ended: false } as { statusCode: number; ended: boolean };
    const response = {
      status(code: number) {
        res.statusCode = code;
        return this;
      },
      end() {
        res.ended = true;
        return this;
      },
    } as unknown as Response;
    const request = {
      method,
      header: (name: string) => (name === 'origin' ? origin : undefined),
    } as unknown as Request;
    const next = jest.fn() as jest.MockedFunction<NextFunction>;
    guard(request, response, next);
    return { res, next };
  };

  it.each([
    ['POST', undefined],
    ['POST', 'https://site.web.app'],
    ['PUT', 'https://SITE.web.app/'],
    ['GET', 'https://evil.example'],
    ['HEAD', 'https://evil.example'],
  ])('lets %s from %s through', (method, origin) => {
    const { next, res } = run(method, origin);
    expect(next).toHaveBeenCalledWith();
    expect(res.ended).toBe(false);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s from another origin with 403', (m) => {
    const { next } = run(m, 'https://evil.example');
    const error = next.mock.calls[0]?.[0] as unknown as DomainError;
    expect(error).toBeInstanceOf(DomainError);
    expect(ERROR_STATUS[error.code]).toBe(403);
    expect(error.message).toBe(CROSS_ORIGIN_MESSAGE);
  });

  it('answers preflights 204 for our origins and 403 for others', () => {
    expect(run('OPTIONS', 'https://site.web.app').res).toEqual({ statusCode: 204, ended: true });
    const other = run('OPTIONS', 'null');
    expect(ERROR_STATUS[(other.next.mock.calls[0]?.[0] as unknown as DomainError).code]).toBe(403);
  });
});
