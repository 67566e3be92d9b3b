import {
  dayKey,
  homeShard,
  hourKey,
  planPublicRequest,
  readCapsConfig,
  shardOrder,
  shareOf,
  type CapsConfig,
  type CapsState,
} from './public-caps';

const config: CapsConfig = {
  applicationsPerHour: 10,
  emailsPerHour: 15,
  emailsPerRecipientPerDay: 3,
  coordinatorNotesPerHour: 4,
  doorRequestsPerHour: 6,
  shards: 2,
};
const fresh = (overrides: Partial<CapsState> = {}): CapsState => ({
  shardIndex: 0,
  shard: { applications: 0, emails: 0 },
  notesThisHour: 0,
  ...overrides,
});

describe('planPublicRequest', () => {
  it('a new application: a confirmation and a coordinator note, counted', () => {
    expect(planPublicRequest(true, fresh(), config)).toEqual({
      coordinatorNote: true,
      digest: false,
      shard: { applications: 1, emails: 2 },
      notesThisHour: 1,
    });
  });

  it('a duplicate: counted like an application, a notice to the address, nothing to coordinators', () => {
    expect(planPublicRequest(false, fresh({ notesThisHour: 2 }), config)).toEqual({
      coordinatorNote: false,
      digest: false,
      shard: { applications: 1, emails: 1 },
      notesThisHour: 2,
    });
  });

  it("past the hour's coordinator notes: the digest once, then nothing", () => {
    const first = planPublicRequest(true, fresh({ notesThisHour: 4 }), config);
    expect(first).toMatchObject({ coordinatorNote: false, digest: true, notesThisHour: 5 });
    const after = planPublicRequest(true, fresh({ notesThisHour: 5 }), config);
    expect(after).toMatchObject({
      coordinatorNote: false,
      digest: false,
      notesThisHour: 5,
      shard: { emails: 1 },
    });
  });

  it('refuses past the shard share of applications or e-mails, whatever the request', () => {
    const apps = { applications: 5, emails: 0 };
    expect(planPublicRequest(true, fresh({ shard: apps }), config)).toEqual({
      refused: 'applications',
    });
    expect(planPublicRequest(false, fresh({ shard: apps }), config)).toEqual({
      refused: 'applications',
    });
    // Shard 0's e-mail share is 8: a confirmation fits, a confirmation and a note would not.
    const mails = { applications: 1, emails: 7 };
    expect(
      planPublicRequest(true, fresh({ shard: mails, notesThisHour: 9 }), config),
    ).toMatchObject({ coordinatorNote: false, shard: { emails: 8 } });
    expect(planPublicRequest(true, fresh({ shard: mails }), config)).toEqual({ refused: 'emails' });
  });
});

describe('shares, windows and configuration', () => {
  it('splits a cap over the shards exactly', () => {
    for (const [total, shards] of [
      [300, 10],
      [7, 3],
      [2, 5],
    ] as const) {
      const shares = Array.from({ length: shards }, (_, i) => shareOf(total, shards, i));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('a client always starts on the same shard', () => {
    const id = 'a04aaa841db832aad8e747abdfc6bc088a93c3582e1e6a4a9b8fafad33456c27';
    expect(homeShard(id, 64)).toBe(homeShard(id, 64));
    expect(homeShard(id, 64)).toBe(0xa04aaa84 % 64);
  });

  it('visits every shard once, in some order', () => {
    expect([...shardOrder(10)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('windows are UTC hours and days', () => {
    const t = new Date('2026-11-23T21:59:59.999Z');
    expect(hourKey(t)).toBe('2026-11-23T21');
    expect(dayKey(t)).toBe('2026-11-23');
  });

  it('reads the domain defaults, overridable by positive integers only', () => {
    expect(readCapsConfig({})).toEqual({
      applicationsPerHour: 300,
      emailsPerHour: 450,
      emailsPerRecipientPerDay: 3,
      coordinatorNotesPerHour: 30,
      doorRequestsPerHour: 300,
      shards: 64,
    });
    expect(
      readCapsConfig({ CAP_APPLICATIONS_PER_HOUR: '5', CAP_SHARDS: '0', CAP_EMAILS_PER_HOUR: 'x' }),
    ).toMatchObject({ applicationsPerHour: 5, shards: 64, emailsPerHour: 450 });
    expect(readCapsConfig({ CAP_DOOR_REQUESTS_PER_HOUR: '7' }).doorRequestsPerHour).toBe(7);
    // A stack's own per-client allowance is the doors' e-mails per client too.
    expect(readCapsConfig({ RATE_LIMIT_MAX: '150' }).perClient).toEqual({ max: 150, minutes: 10 });
  });
});
