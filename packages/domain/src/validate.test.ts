import { bulkStatusSchema } from './index';
import { INVALID_VALUE_MESSAGE, UNKNOWN_FIELD_MESSAGE, validateBody } from './validate';

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
