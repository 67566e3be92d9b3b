/**
 * The mail gate's decision, played with a fake transaction (no Firestore): which counters an
 * e-mail is read and counted on (aliases of one sender or recipient share one), which limit
 * refuses it, and the refusal's words and Retry-After.
 */
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { MAIL_BUDGETS } from '@mentorship/domain';
import { counterId } from '../abuse/rate-window';
import { MailLimitReached, readMailGate, refuseIfOver } from './gate';

const kind = 'planned-session-proposed';
const budget = MAIL_BUDGETS[kind];
if (budget.bound !== 'gate') throw new Error('gated kind expected');
const NOW = new Date('2026-11-27T21:00:00.000Z');

/** A transaction holding `stored` counters (by document id), recording reads and writes. */
function transaction(stored: Record<string, number> = {}) {
  const read: string[] = [];
  const writes = new Map<string, { count: number }>();
  const tx = {
    getAll: (...refs: DocumentReference[]) => {
      read.push(...refs.map((r) => r.id));
      return Promise.resolve(
        refs.map((r) => ({
          data: () =>
            r.id in stored
              ? { count: stored[r.id], windowStart: Timestamp.fromDate(NOW) }
              : undefined,
        })),
      );
    },
    set: (ref: DocumentReference, data: { count: number }) => writes.set(ref.id, data),
  } as unknown as Transaction;
  return { tx, read, writes };
}

const sender = counterId(`mail:${kind}:sender`, 'account:ada@gmail.com');
const recipient = counterId(`mail:${kind}:recipient`, 'grace@example.edu');
const program = counterId(`mail:${kind}:program`, 'all');

describe('the mail gate', () => {
  it("counts one e-mail per sender, recipient and program-wide; a sender's or recipient's aliases are one", async () => {
    const { tx, read, writes } = transaction();
    const request = {
      kind,
      sender: { account: 'A.da+phone@googlemail.com' },
      to: ['Grace+x@Example.edu', 'grace@example.edu'],
    } as const;
    const gate = await readMailGate(tx, request, NOW);
    expect(read).toEqual([sender, recipient, program]);
    expect(gate.over).toBeUndefined();
    gate.count();
    expect([...writes.keys()]).toEqual([sender, recipient, program]);
    expect([...writes.values()].map((w) => w.count)).toEqual([1, 1, 1]);
  });

  it('past the sender allowance: refused with the time to try again, in the reader’s zone', async () => {
    const { tx, writes } = transaction({ [sender]: budget.perSender.max });
    const gate = await readMailGate(
      tx,
      { kind, sender: { account: 'ada@gmail.com' }, to: ['grace@example.edu'] },
      NOW,
    );
    expect(gate.over).toEqual({
      axis: 'sender',
      retryAt: new Date(NOW.getTime() + budget.perSender.minutes * 60_000),
    });
    let refusal: unknown;
    try {
      refuseIfOver(gate, kind, 'Asia/Tokyo', NOW);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(MailLimitReached);
    const { message, code, retryAfterSeconds } = refusal as MailLimitReached;
    expect(code).toBe('rate-limited');
    expect(message).toBe(
      'You have sent too many session proposals for now, so this one was not sent and nothing was changed. Please try again after Sun, Nov 29, 2026, 6:00 AM GMT+9.',
    );
    expect(retryAfterSeconds).toBe(budget.perSender.minutes * 60);
    expect(writes.size).toBe(0);
  });

  it('past the program-wide allowance: says it is not the person’s doing', async () => {
    const { tx } = transaction({ [program]: budget.programWide.max });
    const gate = await readMailGate(
      tx,
      { kind, sender: { account: 'ada@gmail.com' }, to: ['grace@example.edu'] },
      NOW,
    );
    expect(gate.over?.axis).toBe('program');
    expect(() => refuseIfOver(gate, kind, null, NOW)).toThrow(
      /unusual number of session proposals.*UTC/,
    );
  });

  it('kinds that share an allowance count on the same counters', async () => {
    const read = async (kind: 'application-received' | 'application-exists') => {
      const fake = transaction();
      await readMailGate(fake.tx, { kind, sender: { client: 'c' }, to: ['a@b.c'] }, NOW);
      return fake.read;
    };
    const received = await read('application-received');
    expect(received).toEqual(await read('application-exists'));
    expect(received).toContain(counterId('mail:application-forms:recipient', 'a@b.c'));
  });

  it('the application forms write no program-wide counter: their sharded hourly cap counts it', async () => {
    const { tx, read } = transaction();
    await readMailGate(
      tx,
      { kind: 'application-received', sender: { client: 'c' }, to: ['a@b.c'] },
      NOW,
    );
    expect(read).not.toContain(counterId('mail:application-forms:program', 'all'));
    expect(read).toContain(counterId('mail:application-forms:recipient', 'a@b.c'));
  });

  it("a fan-out's audience is one recipient, whoever is listed", async () => {
    const { tx, read } = transaction();
    await readMailGate(
      tx,
      { kind: 'event-update', sender: { account: 'c@x.org' }, to: [], audience: 'cohort:closing' },
      NOW,
    );
    expect(read).toEqual([
      counterId('mail:event-change:sender', 'account:c@x.org'),
      counterId('mail:event-change:recipient', 'audience:cohort:closing'),
      counterId('mail:event-change:program', 'all'),
    ]);
  });

  it("a stack's own windows replace the table's", async () => {
    const { tx } = transaction({ [sender]: budget.perSender.max });
    const gate = await readMailGate(
      tx,
      {
        kind,
        sender: { account: 'ada@gmail.com' },
        to: ['grace@example.edu'],
        windows: { perSender: { max: budget.perSender.max + 1, minutes: 10 } },
      },
      NOW,
    );
    expect(gate.over).toBeUndefined();
  });

  it('counts gated kinds only', async () => {
    const { tx } = transaction();
    await expect(
      readMailGate(tx, { kind: 'check-in', sender: { client: 'x' }, to: ['a@b.c'] }, NOW),
    ).rejects.toThrow('gated kinds only');
  });
});
