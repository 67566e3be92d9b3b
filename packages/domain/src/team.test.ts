import { acceptInvitationSchema, inviteCoordinatorSchema, newPasswordFormSchema } from './team';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './account-security';
import { validateBody } from './validate';

describe('team schemas', () => {
  it('an invitation takes one valid address, trimmed', async () => {
    expect(await validateBody(inviteCoordinatorSchema, { email: ' new@example.org ' })).toEqual({
      ok: true,
      value: { email: 'new@example.org' },
    });
    const bad = await validateBody(inviteCoordinatorSchema, { email: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fields.email).toMatch(/valid email/);
    const extra = await validateBody(inviteCoordinatorSchema, { email: 'a@b.org', admin: true });
    expect(extra.ok).toBe(false);
  });

  it('acceptance needs a well-formed token and a long enough password', async () => {
    const token = 'A'.repeat(43);
    expect(
      (
        await validateBody(acceptInvitationSchema, {
          token,
          password: 'x'.repeat(PASSWORD_MIN_LENGTH),
        })
      ).ok,
    ).toBe(true);
    const short = await validateBody(acceptInvitationSchema, {
      token,
      password: 'x'.repeat(PASSWORD_MIN_LENGTH - 1),
    });
    expect(short.ok ? {} : short.fields).toEqual({
      password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    });
    const forged = await validateBody(acceptInvitationSchema, {
      token: 'a/../b',
      password: 'x'.repeat(12),
    });
    expect(forged.ok ? {} : forged.fields).toHaveProperty('token');
  });

  it('one password policy: 12 characters, not the address, not the program', () => {
    const email = 'ada.lovelace@example.org';
    expect(passwordProblem('x'.repeat(11), email)).toBe('Use at least 12 characters.');
    expect(passwordProblem('quiet-harbour-lamp', email)).toBeNull();
    expect(passwordProblem('ada.lovelace@example.org', email)).toMatch(/email address/);
    expect(passwordProblem('AdaLovelace-2024!', email)).toMatch(/email address/);
    expect(passwordProblem('bridge-mentorship-1', email)).toMatch(/program's name/);
  });

  it('a new password must be typed twice the same', async () => {
    await expect(
      newPasswordFormSchema.validate({ password: 'long-enough-1', confirm: 'long-enough-2' }),
    ).rejects.toThrow('The two passwords differ.');
    await expect(
      newPasswordFormSchema.validate({ password: 'long-enough-1', confirm: 'long-enough-1' }),
    ).resolves.toBeTruthy();
  });
});
