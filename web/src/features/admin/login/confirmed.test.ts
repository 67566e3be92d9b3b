import { confirmedClaims } from './confirmed';

describe('a confirmed sign-in (the admin guard)', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const authTime = now / 1000 - 60;

  it('needs the admin claim and its own auth_time among the factors', () => {
    expect(confirmedClaims({ admin: true, auth_time: authTime, factors: [authTime] }, now)).toBe(
      true,
    );
    expect(confirmedClaims({ admin: true, auth_time: authTime }, now)).toBe(false);
    expect(
      confirmedClaims({ admin: true, auth_time: authTime, factors: [authTime - 5] }, now),
    ).toBe(false);
    expect(confirmedClaims({ auth_time: authTime, factors: [authTime] }, now)).toBe(false);
  });

  it('ends 12 hours after the sign-in', () => {
    const old = now / 1000 - 12 * 3600;
    expect(confirmedClaims({ admin: true, auth_time: old, factors: [old] }, now)).toBe(false);
    const almost = old + 60;
    expect(confirmedClaims({ admin: true, auth_time: almost, factors: [almost] }, now)).toBe(true);
  });
});
