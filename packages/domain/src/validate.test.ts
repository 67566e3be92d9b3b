import { bulkStatusSchema, createPairSchema } from './index';
import {
  INVALID_VALUE_MESSAGE,
  isDocumentId,
  UNKNOWN_FIELD_MESSAGE,
  validateBody,
} from './validate';

describe('validateBody', () => {
  it('refuses a value that breaks yup’s cast with a field message instead of throwing', async () => {
    // Found by the API fuzz test: an object whose own "toString" is not a function, in a list of
    // ids, made yup's string cast throw a TypeError (the API answered 500).
    const result = await validateBody(bulkStatusSchema, {
      assignmentIds: ['a', { toString: { x: null } }],
      isActive: true,
    });
    expect(result).toEqual({ ok: false, fields: { assignmentIds: INVALID_VALUE_MESSAGE } });
  });

  it('keeps unknown-field messages beside the broken field', async () => {
    const result = await validateBody(bulkStatusSchema, {
      assignmentIds: [{ toString: 1 }],
      isActive: true,
      extra: 1,
    });
    expect(result).toEqual({
      ok: false,
      fields: { extra: UNKNOWN_FIELD_MESSAGE, assignmentIds: INVALID_VALUE_MESSAGE },
    });
  });

  it('still casts a valid body', async () => {
    const result = await validateBody(bulkStatusSchema, { assignmentIds: ['a'], isActive: false });
    expect(result).toEqual({ ok: true, value: { assignmentIds: ['a'], isActive: false } });
  });
});

describe('isDocumentId', () => {
  it('takes the ids the API makes', () => {
    for (const id of ['Xk3fP0aQ1mN7zR2tY9bC', 'm2__s1', 'spring-2027', 'a_b-c'])
      expect(isDocumentId(id)).toBe(true);
  });

  it('refuses ids Firestore reserves, prototype names, other characters and lengths', () => {
    for (const id of [
      '__d-__',
      '____',
      '__name__',
      'toString',
      'constructor',
      'a/b',
      'a.b',
      '',
      'x'.repeat(129),
      7,
    ])
      expect(isDocumentId(id)).toBe(false);
  });

  it('is the check of every id in a body: a reserved one is a field error, not a failed read', async () => {
    const result = await validateBody(createPairSchema, { mentorId: 'E_', studentId: '__d-__' });
    expect(result).toEqual({ ok: false, fields: { studentId: 'The student id is not valid.' } });
  });
});
