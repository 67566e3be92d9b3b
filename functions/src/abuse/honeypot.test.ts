import { fakeDocumentId, isFilled } from './honeypot';

describe('honeypot', () => {
  it('counts only absent, null and blank text as empty', () => {
    for (const empty of [undefined, null, '', '   ', '\n\t']) expect(isFilled(empty)).toBe(false);
    for (const filled of ['x', ' http://spam.example ', 0, false, [], {}])
      expect(isFilled(filled)).toBe(true);
  });

  it('makes ids that look like Firestore auto ids', () => {
    const ids = new Set(Array.from({ length: 50 }, fakeDocumentId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
