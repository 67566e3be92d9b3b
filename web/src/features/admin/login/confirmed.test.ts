import { sessionState } from './confirmed';

describe("a session's state (the admin guard)", () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const authTime = now / 1000 - 60;

  const sid = 'a'.repeat(43);

  it("needs the admin claim and a session id (a passkey's sign-in), whatever the sign-in's time", () => {
    expect(sessionState({ admin: true, auth_time: authTime, sid }, now)).toBe('confirmed');
    // A password sign-in: no session id, even in the very second of a confirmed one.
    expect(sessionState({ admin: true, auth_time: authTime }, now)).toBe('unconfirmed');
    expect(sessionState({ admin: true, auth_time: authTime, factors: [authTime] }, now)).toBe(
      'unconfirmed',
    );
    expect(sessionState({ auth_time: authTime, sid }, now)).toBe('unconfirmed');
  });

  it('ends 12 hours after the sign-in', () => {
    const old = now / 1000 - 12 * 3600;
    expect(sessionState({ admin: true, auth_time: old, sid }, now)).toBe('expired');
    const almost = old + 60;
    expect(sessionState({ admin: true, auth_time: almost, sid }, now)).toBe('confirmed');
  });

  it("ends 30 minutes after this session's last recorded activity, and only this session's", () => {
    const claims = { admin: true, auth_time: authTime, sid };
    const minutesAgo = (m: number) => now - m * 60_000;
    expect(sessionState(claims, now, { session: authTime, at: minutesAgo(30) })).toBe('idle');
    expect(sessionState(claims, now, { session: authTime, at: minutesAgo(29) })).toBe('confirmed');
    // An earlier sign-in's activity says nothing of this one.
    expect(sessionState(claims, now, { session: authTime - 3600, at: minutesAgo(90) })).toBe(
      'confirmed',
    );
    expect(sessionState(claims, now, null)).toBe('confirmed');
  });
});
