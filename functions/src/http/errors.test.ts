import { redactPersonalData } from './errors';

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
