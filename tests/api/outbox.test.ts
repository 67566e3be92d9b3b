/**
 * Nothing lost when the mail server misbehaves. Through the whole stack: the API
 * writes messages, the Functions emulator's `deliverMail` makes the first attempt through the
 * stack's relay, and the outbox sweep (`sweepOutbox`, the scheduled `sweepMail`'s work, which
 * the emulator does not run) is called here with a clock the test sets, one call per minute of
 * the simulated outage, as Cloud Scheduler would. MailDev says what arrived.
 */
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { outboxPaths, type AuditEntry, type UndeliveredMailResponse } from '@mentorship/domain';
import { RETRY_WINDOW_MS, sweepOutbox } from '../../functions/src/email/deliver';
import { smtpSender } from '../../functions/src/email/transport';
import { registerFeatures } from '../../functions/src/register-features';
import { call, firestore, ownClient, tokenFor } from '../support/api';
import { inbox, mailsTo } from '../support/inbox';
import { studentApplication } from '../factories';
import { apply } from '../support/seed';
import { useFunctionParams } from '../support/pairs';

// The outbox makes each feature's links from the start-up's table, as the deployed function does.
registerFeatures();

jest.setTimeout(300_000);

const MINUTE = 60_000;

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through \`npm test\`.`);
  return value;
};
const control = async (action: string) => {
  const res = await fetch(`${required('MAIL_CONTROL_URL')}/${action}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`relay control ${action} answered ${res.status}`);
};
const send = smtpSender(
  () => required('MAIL_SMTP_URL'),
  () => 'Bridge Mentorship Program <hello@bridgementorship.org>',
);
const sweepAt = (ms: number) => sweepOutbox(send, new Date(ms));

/** The confirmation e-mail of each application, in order of creation. */
async function outboxOf(recordIds: string[]): Promise<QueryDocumentSnapshot[]> {
  const docs: QueryDocumentSnapshot[] = [];
  for (const id of recordIds) {
    const snap = await firestore()
      .collection('mail')
      .where('subjectId', '==', id)
      .where('kind', '==', 'application-received')
      .get();
    docs.push(...snap.docs);
  }
  return docs.sort((a, b) => a.get('createdAt').toMillis() - b.get('createdAt').toMillis());
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every message's first attempt (the trigger's) is over: failed, or queued behind. */
const waitingAll = (ids: string[]) =>
  until('every first attempt', async () => {
    const docs = await outboxOf(ids);
    return docs.length === ids.length && docs.every((d) => d.get('delivery.state') === 'RETRY')
      ? docs
      : undefined;
  });

/**
 * The outage: the relay is down from `start` for `outageMs`; a sweep runs at each step of the
 * simulated clock (the scheduler's minute), then the relay comes back and sweeps go on each
 * minute until every message is delivered. Answers the simulated minutes from the return to the
 * last delivery.
 */
async function outage(ids: string[], start: number, outageMs: number, stepMs: number) {
  let clock = start;
  let probes = 0;
  for (clock = start + stepMs; clock < start + outageMs; clock += stepMs) {
    const report = await sweepAt(clock);
    expect(report.sent).toBe(0);
    if (report.serverDown) probes++;
  }
  const during = await outboxOf(ids);
  expect(during.map((d) => d.get('delivery.state'))).toEqual(ids.map(() => 'RETRY'));
  await control('up');
  const back = start + outageMs;
  for (clock = back; ; clock += MINUTE) {
    await sweepAt(clock);
    const docs = await outboxOf(ids);
    if (docs.every((d) => d.get('delivery.state') === 'SUCCESS')) break;
    if (clock - back > 60 * MINUTE) throw new Error('not delivered within an hour of the return');
  }
  return { minutesToDrain: (clock - back) / MINUTE, probes };
}

/** Each address got exactly one e-mail, and MailDev received them in the order given. */
async function deliveredOnceInOrder(emails: string[]) {
  for (const email of emails) expect(await mailsTo(email)).toHaveLength(1);
  const all = await inbox();
  const position = (email: string) =>
    all.findIndex((m) => m.to.some((r) => r.address.toLowerCase() === email.toLowerCase()));
  const positions = emails.map(position);
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

let token: string;
beforeAll(async () => {
  useFunctionParams();
  token = await tokenFor('admin');
  await control('up');
  // Messages other suites left waiting are not this file's: send them first.
  await sweepAt(Date.now() + 3 * RETRY_WINDOW_MS);
});
afterEach(async () => {
  await control('up');
});

describe('an outbox that outlasts an outage', () => {
  it('relay down for 10 minutes: every message arrives once after it returns, in order of creation', async () => {
    await control('down');
    const start = Date.now();
    const applicants: { id: string; email: string }[] = [];
    for (let i = 0; i < 4; i++) applicants.push(await apply());
    const ids = applicants.map((a) => a.id);
    const first = await waitingAll(ids);
    expect(await mailsTo(applicants[0]!.email)).toHaveLength(0);
    // Each failed once, or waits behind an earlier failure without an attempt (the server is
    // down for all; which depends on how the triggers interleave, and on any message of another
    // suite still waiting).
    for (const doc of first) {
      expect(doc.get('delivery.retryReason')).toBe('unreachable');
      expect(doc.get('delivery.attempts')).toBeLessThanOrEqual(1);
    }

    const { minutesToDrain, probes } = await outage(ids, start, 10 * MINUTE, MINUTE);
    // Growing delays: 1, 2, 4 minutes... so fewer probes than minutes of outage.
    expect(probes).toBeGreaterThan(1);
    expect(probes).toBeLessThan(9);
    expect(minutesToDrain).toBeLessThanOrEqual(30);

    const delivered = await outboxOf(ids);
    for (const doc of delivered) {
      expect(doc.get('delivery.state')).toBe('SUCCESS');
      expect(doc.get('attention')).toBe(false);
    }
    // In order of creation, each once.
    const ends = delivered.map((d) => d.get('delivery.endTime').toMillis() as number);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    await deliveredOnceInOrder(applicants.map((a) => a.email));
  });

  it('relay down for 24 hours, a message written mid-outage: all arrive once, in order', async () => {
    await control('down');
    const start = Date.now();
    const early = [await apply(), await apply()];
    await waitingAll(early.map((a) => a.id));
    // Twelve hours in (simulated), another application: it queues behind the first two.
    // One sweep per 10 simulated minutes (the scheduler's every minute, thinned: a sweep with
    // nothing due does nothing).
    for (let clock = start + 10 * MINUTE; clock < start + 12 * 60 * MINUTE; clock += 10 * MINUTE) {
      expect((await sweepAt(clock)).sent).toBe(0);
    }
    const late = await apply();
    const applicants = [...early, late];
    const ids = applicants.map((a) => a.id);
    const queued = await waitingAll(ids);
    expect(queued[2]?.get('delivery.attempts')).toBe(0);

    const { minutesToDrain } = await outage(
      ids,
      start + 12 * 60 * MINUTE,
      12 * 60 * MINUTE,
      5 * MINUTE,
    );
    expect(minutesToDrain).toBeLessThanOrEqual(30);
    const delivered = await outboxOf(ids);
    expect(delivered.map((d) => d.get('delivery.state'))).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    // The head was tried with growing delays, at most one probe per 30 minutes: far fewer
    // attempts than the 144 sweeps of the outage.
    expect(delivered[0]?.get('delivery.attempts')).toBeLessThan(60);
    await deliveredOnceInOrder(applicants.map((a) => a.email));
  });

  it('421 "try again later" from the provider: retried, delivered once', async () => {
    await control('busy');
    const start = Date.now();
    const applicant = await apply();
    const [waiting] = await waitingAll([applicant.id]);
    expect(waiting?.get('failure.code')).toBe(421);
    const { minutesToDrain } = await outage([applicant.id], start, 20 * MINUTE, MINUTE);
    expect(minutesToDrain).toBeLessThanOrEqual(30);
    await deliveredOnceInOrder([applicant.email]);
  });
});

describe('failures somebody sees', () => {
  it('a permanent refusal stops at once and is shown to coordinators; "Send again" is audited and sends once', async () => {
    const application = studentApplication();
    await control(`refuse?address=${encodeURIComponent(application.emailAddress)}`);
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      headers: ownClient(),
      body: application,
    });
    expect(res.status).toBe(201);
    const recordId = res.body.id;

    // One run (the trigger's single attempt): ERROR, nothing retried.
    const [failed] = await until('the refusal', async () => {
      const docs = await outboxOf([recordId]);
      return docs[0]?.get('delivery.state') === 'ERROR' ? docs : undefined;
    });
    expect(failed?.get('delivery.attempts')).toBe(1);
    expect(failed?.get('failure.class')).toBe('permanent');
    expect(failed?.get('failure.code')).toBe(550);
    expect((await sweepAt(Date.now() + 10 * MINUTE)).sent).toBe(0);
    expect((await outboxOf([recordId]))[0]?.get('delivery.attempts')).toBe(1);

    // Coordinators see who, which moment, why and since when; never the message.
    const list = await call<UndeliveredMailResponse>('GET', outboxPaths.undelivered, { token });
    expect(list.status).toBe(200);
    const shown = list.body.messages.find((m) => m.id === failed?.id);
    expect(shown).toMatchObject({
      kind: 'application-received',
      subjectId: recordId,
      person: { kind: 'student', id: recordId },
      to: [application.emailAddress],
      status: 'failed',
      failure: 'permanent',
      attempts: 1,
    });
    expect(shown?.serverAnswer).toMatch(/^550: /);
    expect(Date.parse(shown?.since ?? '')).toBeGreaterThan(Date.now() - 5 * MINUTE);
    expect(list.body.failed).toBeGreaterThanOrEqual(1);
    const raw = JSON.stringify(list.body);
    expect(raw).not.toContain(String(failed?.get('message.subject')));
    expect(raw).not.toContain('/my-application');

    // The person page's own list (by record).
    const mine = await call<UndeliveredMailResponse>(
      'GET',
      `${outboxPaths.undelivered}?subject=${recordId}`,
      { token },
    );
    expect(mine.body.messages.map((m) => m.id)).toEqual([failed?.id]);
    // Not for anyone else.
    const user = await call('GET', outboxPaths.undelivered, { token: await tokenFor('user') });
    expect(user.status).toBe(403);
    const anonymous = await call('GET', outboxPaths.undelivered);
    expect(anonymous.status).toBe(401);

    // The address was fixed at the provider: a coordinator sends it again.
    await control(`accept?address=${encodeURIComponent(application.emailAddress)}`);
    const again = await call<{ id: string }>('POST', outboxPaths.resend(failed?.id as string), {
      token,
      body: {},
    });
    expect(again.status).toBe(201);
    const copy = await until('the copy sent', async () => {
      const snap = await firestore().collection('mail').doc(again.body.id).get();
      return snap.get('delivery.state') === 'SUCCESS' ? snap : undefined;
    });
    expect(copy.get('resendOf')).toBe(failed?.id);
    expect(await mailsTo(application.emailAddress)).toHaveLength(1);
    // The original leaves the list; sending it again twice is refused.
    const after = await call<UndeliveredMailResponse>(
      'GET',
      `${outboxPaths.undelivered}?subject=${recordId}`,
      { token },
    );
    expect(after.body.messages).toEqual([]);
    const twice = await call('POST', outboxPaths.resend(failed?.id as string), { token, body: {} });
    expect(twice.status).toBe(409);
    // Audited, on the person's history.
    const history = await call<{ entries: AuditEntry[] }>(
      'GET',
      `/api/admin/activity?person=${recordId}`,
      { token },
    );
    expect(history.body.entries.map((e) => e.action)).toContain('mail.resend');
    // The application is still there, waiting for its confirmation (nothing was lost).
    const record = await firestore().collection('students').doc(recordId).get();
    expect(record.get('confirmed')).toBe(false);
  });

  it('an instance that died mid-send: the message is not sent again, and coordinators see it', async () => {
    const address = `interrupted.${Date.now()}@student.example.edu`;
    // As left by an attempt whose instance died during the SMTP send: claimed, lease run out.
    const ref = firestore().collection('mail').doc();
    await ref.create({
      kind: 'approved',
      subjectId: ref.id,
      to: [address],
      message: { subject: 'Approved', text: 'text', html: '<p>text</p>' },
      createdAt: new Date(Date.now() - 10 * MINUTE),
      delivery: {
        state: 'PROCESSING',
        attempts: 1,
        leaseExpireTime: new Date(Date.now() - 5 * MINUTE),
        error: null,
        info: null,
      },
    });
    await sweepAt(Date.now());
    const doc = await until('the interrupted mark', async () => {
      const snap = await ref.get();
      return snap.get('delivery.state') === 'ERROR' ? snap : undefined;
    });
    expect(doc.get('failure.class')).toBe('interrupted');
    expect(doc.get('attention')).toBe(true);
    expect(doc.get('delivery.attempts')).toBe(1);
    expect((await sweepAt(Date.now() + 60 * MINUTE)).sent).toBe(0);
    expect(await mailsTo(address)).toHaveLength(0);
    const list = await call<UndeliveredMailResponse>('GET', outboxPaths.undelivered, { token });
    expect(list.body.messages.find((m) => m.id === ref.id)).toMatchObject({
      status: 'failed',
      failure: 'interrupted',
      to: [address],
    });
  });

  it('a message still waiting after 15 minutes is listed as waiting, with its next attempt', async () => {
    await control('down');
    const start = Date.now();
    const applicant = await apply();
    await waitingAll([applicant.id]);
    const early = await call<UndeliveredMailResponse>(
      'GET',
      `${outboxPaths.undelivered}?subject=${applicant.id}`,
      { token },
    );
    expect(early.body.messages).toEqual([]);
    // Twenty simulated minutes of outage: the list reads the stored times against the real
    // clock, so the first failure is moved back as the sweeps' clock moved forward.
    const [doc] = await outboxOf([applicant.id]);
    const shifted = new Date(start - 20 * MINUTE);
    await doc?.ref.update({ 'delivery.firstFailureAt': shifted });
    const later = await call<UndeliveredMailResponse>(
      'GET',
      `${outboxPaths.undelivered}?subject=${applicant.id}`,
      { token },
    );
    expect(later.body.messages).toHaveLength(1);
    expect(later.body.messages[0]).toMatchObject({
      status: 'waiting',
      failure: 'unreachable',
      since: shifted.toISOString(),
    });
    expect(later.body.messages[0]?.nextAttemptAt).not.toBeNull();
    await control('up');
    await outage([applicant.id], start, MINUTE, MINUTE);
  });
});
