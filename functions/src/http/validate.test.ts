import type { NextFunction, Request, Response } from 'express';
import { ERROR_STATUS, studentRecordSchema } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { validate } from './validate';

const runValidate = (body: unknown) =>
  new Promise<{ error: unknown; body: unknown }>((resolve) => {
    const req = { body } as Request;
    const next: NextFunction = (error?: unknown) => resolve({ error, body: req.body });
    validate(studentRecordSchema)(req, {} as Response, next);
  });

describe('validate', () => {
  it('passes the cast body on', async () => {
    const { error, body } = await runValidate({ fullName: '  Ana  ', emailAddress: 'a@b.org' });
    expect(error).toBeUndefined();
    expect(body).toMatchObject({ fullName: 'Ana', nominatedBy: null, isActive: true });
  });

  it('answers 400 naming the field when a wrong type breaks the cast (not a 500)', async () => {
    const { error } = await runValidate({
      fullName: 'Ana',
      emailAddress: 'a@b.org',
      nominatedBy: ['a', 'b'],
      careerInterests: { nested: true },
    });
    expect(error).toBeInstanceOf(DomainError);
    const refusal = error as DomainError;
    expect(ERROR_STATUS[refusal.code]).toBe(400);
    expect(refusal.fields).toEqual({
      nominatedBy: 'Nominated by must be text.',
      careerInterests: 'Career interests must be text.',
    });
  });

  it('keeps the schema messages of the other fields', async () => {
    const { error } = await runValidate({ fullName: '', emailAddress: 'a@b.org', nominatedBy: [] });
    expect((error as DomainError).fields).toMatchObject({
      fullName: expect.stringMatching(/required/i),
      nominatedBy: 'Nominated by must be text.',
    });
  });
});
