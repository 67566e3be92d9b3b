/**
 * The one gate for e-mail someone's action makes the program send (the kinds whose budget in the
 * domain's `MAIL_BUDGETS` is `gate`). It counts in the transaction of the action that causes the
 * e-mail, with the rate-limit windows every public door already uses (abuse/rate-window.ts
 * `decide`, counters in `rateLimits`, ids a hash of scope and key, so no counter holds an
 * address): per sender (a public door's client key, a signed-in participant's or a
 * coordinator's account), per recipient (the address as abuse/recipient.ts normalises it, so
 * `name+1@…` and `NAME@…` are one; for a fan-out counted once, its audience) and program-wide,
 * each kind with its own windows (kinds that `share` an allowance count together). A public door
 * passes its stack's caps as the windows, so a test stack raises them with the door's others.
 *
 * Two steps, because a Firestore transaction reads everything before it writes:
 * `readMailGate(tx, …)` with the action's reads, then, with its writes, `count()` when the
 * e-mail goes out; `over` says which limit it would break and until when. `refuseIfOver` makes
 * that a 429 whose message names the time to try again, so the action is refused before anything
 * is saved. Importing no feature: features call it for their own e-mails.
 */
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import {
  MAIL_BUDGETS,
  MAIL_LIMIT_MESSAGE,
  MAIL_PROGRAM_LIMIT_MESSAGE,
  formatInterviewTime,
  type MailKind,
  type MailWindow,
} from '@mentorship/domain';
import { recipientKey } from '../abuse/recipient';
import { actors } from '../audit/audit';
import { counterId, decide, type WindowState } from '../abuse/rate-window';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';
import { DomainError } from '../shared/errors';

/** Who caused the e-mail: a signed-in account (its address) or a client's network key. */
export type MailSender = { account: string } | { client: string };

export interface MailGateRequest {
  kind: MailKind;
  sender: MailSender;
  /** Every address the e-mail goes to. */
  to: readonly string[];
  /**
   * A fan-out counted once per action (an event changed: one e-mail to each of its invitees,
   * sent outside the request): the audience stands for every recipient, since each of them gets
   * exactly one e-mail per action. Counted in place of `to`.
   */
  audience?: string;
  /**
   * The kind's windows as a stack's configuration sets them (a public door's caps, raised on a
   * test stack like the door's other caps); MAIL_BUDGETS's otherwise.
   */
  windows?: Partial<MailWindows>;
  /**
   * False: not counted program-wide (a request that proved it is the address's own, abuse/
   * link-keys.ts); the sender's and the recipient's windows still hold.
   */
  programWide?: boolean;
}

export interface MailWindows {
  perSender: MailWindow;
  perRecipient: MailWindow;
  programWide: MailWindow;
}

export type MailLimitAxis = 'sender' | 'recipient' | 'program';

export interface MailGate {
  /** The first limit the e-mail would break, and when it makes room; undefined: within all. */
  over: { axis: MailLimitAxis; retryAt: Date } | undefined;
  /** Counts the e-mail on every axis (call with the transaction's writes, when it is sent). */
  count(): void;
}

interface CounterDoc {
  count: number;
  windowStart: Timestamp;
  expiresAt: Timestamp;
}

interface Counter {
  axis: MailLimitAxis;
  ref: DocumentReference;
  window: MailWindow;
}

const senderKey = (sender: MailSender) =>
  'account' in sender ? `account:${recipientKey(sender.account)}` : `client:${sender.client}`;

function countersOf(request: MailGateRequest): Counter[] {
  const budget = MAIL_BUDGETS[request.kind];
  if (budget.bound !== 'gate') {
    throw new Error(`The mail gate counts gated kinds only, not ${request.kind}`);
  }
  const ref = (scope: string, key: string) =>
    db
      .collection(COLLECTIONS.rateLimits)
      .doc(counterId(`mail:${budget.shares ?? request.kind}:${scope}`, key));
  const windows = { ...budget, ...request.windows };
  const recipients =
    request.audience !== undefined
      ? [`audience:${request.audience}`]
      : [...new Set(request.to.map(recipientKey))];
  return [
    { axis: 'sender', ref: ref('sender', senderKey(request.sender)), window: windows.perSender },
    ...recipients.map((r) => ({
      axis: 'recipient' as const,
      ref: ref('recipient', r),
      window: windows.perRecipient,
    })),
    // A program-wide window counted elsewhere (sharded) is not written here as well.
    ...(budget.programWideCountedBy || request.programWide === false
      ? []
      : [{ axis: 'program' as const, ref: ref('program', 'all'), window: windows.programWide }]),
  ];
}

/** Reads the kind's counters for this e-mail in `tx` (with the action's other reads). */
export async function readMailGate(
  tx: Transaction,
  request: MailGateRequest,
  now = new Date(),
): Promise<MailGate> {
  const counters = countersOf(request);
  const snapshots = await tx.getAll(...counters.map((c) => c.ref));
  const decided = counters.map((counter, i) => {
    const doc = snapshots[i]?.data() as CounterDoc | undefined;
    const stored: WindowState | undefined = doc
      ? { count: doc.count, windowStartMs: doc.windowStart.toMillis() }
      : undefined;
    const config = { max: counter.window.max, windowMs: counter.window.minutes * 60_000 };
    return { counter, config, decision: decide(stored, now.getTime(), config) };
  });
  const refused = decided.find((d) => !d.decision.allowed);
  return {
    over: refused
      ? {
          axis: refused.counter.axis,
          retryAt: new Date(now.getTime() + refused.decision.resetSeconds * 1000),
        }
      : undefined,
    count() {
      for (const { counter, config, decision } of decided) {
        tx.set(counter.ref, {
          count: decision.next.count,
          windowStart: Timestamp.fromMillis(decision.next.windowStartMs),
          expiresAt: Timestamp.fromMillis(decision.next.windowStartMs + config.windowMs),
        } satisfies CounterDoc);
      }
    },
  };
}

/** A gated e-mail over a limit: 429, with Retry-After (http/errors.ts reads `retryAfterSeconds`). */
export class MailLimitReached extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAt: Date, now: Date) {
    super('rate-limited', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  }
}

/**
 * Refuses (throws MailLimitReached) when the gate says the e-mail is over a limit, naming the
 * time to try again in `timeZone` (the reader's, when the request says it; UTC otherwise).
 */
export function refuseIfOver(
  gate: MailGate,
  kind: MailKind,
  timeZone: string | null | undefined,
  now = new Date(),
): void {
  if (!gate.over) return;
  const budget = MAIL_BUDGETS[kind];
  const what = budget.bound === 'gate' ? budget.what : 'e-mails';
  const when = formatInterviewTime(gate.over.retryAt.toISOString(), timeZone ?? 'UTC');
  const message =
    gate.over.axis === 'program'
      ? MAIL_PROGRAM_LIMIT_MESSAGE(what, when)
      : MAIL_LIMIT_MESSAGE(what, when);
  throw new MailLimitReached(message, gate.over.retryAt, now);
}

/**
 * The coordinator whose request causes the e-mail, as its sender (the account history names;
 * work outside a coordinator's request counts as the program's own).
 */
export function coordinatorSender(): MailSender {
  const actor = actors.getStore();
  return { account: actor ? (actor.email ?? `uid:${actor.uid}`) : 'program' };
}

/**
 * The gate in one step for an action that is refused past a limit: reads the counters in `tx`
 * (with the action's reads), throws the 429 when over, and returns the count to call with the
 * action's writes.
 */
export async function admitMail(
  tx: Transaction,
  request: MailGateRequest,
  timeZone: string | null | undefined,
  now = new Date(),
): Promise<() => void> {
  const gate = await readMailGate(tx, request, now);
  refuseIfOver(gate, request.kind, timeZone, now);
  return () => gate.count();
}
