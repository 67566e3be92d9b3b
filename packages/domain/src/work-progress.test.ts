import { bulkStatusSchema } from './schemas';
import { progressSchema, progressText } from './work-progress';

const ID = 'AbCdEfGhIjKlMnOpQrSt';

describe('a bulk request’s progress', () => {
  it('is optional: a request without it is valid as before', async () => {
    await expect(
      bulkStatusSchema.validate({ assignmentIds: ['m1__s1'], isActive: false }),
    ).resolves.toMatchObject({ assignmentIds: ['m1__s1'], isActive: false });
  });

  it('takes an id, where the call starts and the selection’s size', async () => {
    await expect(progressSchema.validate({ id: ID, offset: 500, total: 600 })).resolves.toEqual({
      id: ID,
      offset: 500,
      total: 600,
    });
  });

  it.each([
    [{ id: 'short', offset: 0, total: 10 }, 'The progress id is not valid.'],
    [
      { id: '../../students/x12345678901234', offset: 0, total: 10 },
      'The progress id is not valid.',
    ],
    [{ id: ID, offset: -1, total: 10 }, 'The progress offset cannot be negative.'],
    [{ id: ID, offset: 1.5, total: 10 }, 'The progress offset must be a whole number.'],
    [{ id: ID, offset: 10, total: 10 }, 'The progress offset must be below its total.'],
    [{ id: ID, offset: 0, total: 0 }, 'The progress total must be at least 1.'],
    [{ id: ID, offset: 0, total: 100_001 }, 'The progress total must be at most 100000.'],
    [{ id: ID, offset: '0', total: 10 }, 'offset must be a `number` type'],
  ])('refuses %j', async (progress, message) => {
    await expect(progressSchema.validate(progress)).rejects.toThrow(message);
  });

  it('reads as the person’s words, with thousands grouped', () => {
    expect(progressText('pairs.deactivate', 120, 1000)).toBe('Deactivating pairs: 120 of 1,000');
    expect(progressText('pairs.activate', 0, 600)).toBe('Activating pairs: 0 of 600');
    expect(progressText('pairs.delete', 600, 600)).toBe('Deleting pairs: 600 of 600');
    expect(progressText('pairs.create', 12, 40)).toBe('Creating pairs: 12 of 40');
  });
});
