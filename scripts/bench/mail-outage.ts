/**
 * `npm run bench:mail-outage -- [--port-offset P] [--count N]`: deliveries lost out of N under
 * each fault of the mail server, and the time from its return to the last delivery.
 *
 * On its own emulator stack (ports + P, default 80) with MailDev behind the stack's relay. For
 * each fault: the relay misbehaves (down: connections dropped; busy: "421 try again later";
 * refused: "550 no such mailbox" for every address of the round), N student applications are
 * sent (each writes its confirmation e-mail; `deliverMail` makes the first attempt), then the
 * outbox sweep (`sweepOutbox`, the scheduled `sweepMail`'s work) is called with a simulated
 * clock, once per scheduler step, through the outage and after the relay's return until every
 * message is delivered or stopped. Counted from MailDev: delivered once, twice or more, not at all;
 * for refusals: shown to coordinators (`listUndelivered`). Times: simulated minutes from the
 * return to the last delivery (what a real outage would cost), and the wall-clock seconds the
 * draining sweep took.
 *
 * Prints a table and writes bench-results/mail-outage.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiPaths } from '@mentorship/domain';
import { ROOT } from '../lib/paths';
import { benchOption, startBenchStack } from '../lib/bench-stack';
import { studentApplication } from '../../tests/factories';
import { BENCH_CAPS, benchClient } from './applications';

const PORT_OFFSET = benchOption('port-offset', 80);
const COUNT = benchOption('count', 50);
const MINUTE = 60_000;

interface Fault {
  name: string;
  /** The relay's control action during the fault. */
  action: 'down' | 'busy' | 'refuse';
  outageMs: number;
  /** The simulated scheduler's step. */
  stepMs: number;
}
const FAULTS: Fault[] = [
  { name: 'relay down 15 minutes', action: 'down', outageMs: 15 * MINUTE, stepMs: MINUTE },
  { name: 'relay down 6 hours', action: 'down', outageMs: 6 * 60 * MINUTE, stepMs: MINUTE },
  { name: 'relay down 24 hours', action: 'down', outageMs: 24 * 60 * MINUTE, stepMs: 5 * MINUTE },
  { name: '421 try later for 1 hour', action: 'busy', outageMs: 60 * MINUTE, stepMs: MINUTE },
  { name: '550 unknown address', action: 'refuse', outageMs: 0, stepMs: MINUTE },
];

const { stack, db } = await startBenchStack({
  name: 'mail-outage',
  portOffset: PORT_OFFSET,
  functionsEnv: { RATE_LIMIT_MAX: '1000', ...BENCH_CAPS },
});
try {
  // The function's code, once the emulator settings are in the environment.
  const { sweepOutbox } = await import('../../functions/src/email/deliver');
  const { registerFeatures } = await import('../../functions/src/register-features');
  // The features' links, as the deployed function registers them when it loads.
  registerFeatures();
  const { smtpSender } = await import('../../functions/src/email/transport');
  const { listUndelivered } = await import('../../functions/src/email/undelivered');
  const send = smtpSender(
    () => stack.env.MAIL_SMTP_URL as string,
    () => 'Bridge Mentorship Program <hello@bridgementorship.org>',
  );
  const control = async (path: string) => {
    const res = await fetch(`${stack.env.MAIL_CONTROL_URL}/${path}`, { method: 'POST' });
    if (res.status !== 204) throw new Error(`relay ${path}: ${res.status}`);
  };
  const inbox = async () => {
    const res = await fetch(`${stack.env.MAILDEV_URL}/api/email`);
    return (await res.json()) as { to: { address: string }[] }[];
  };
  const run = Date.now().toString(36);
  const application = (tag: string) =>
    studentApplication(`${run}.${tag}`, {
      fullName: `Outage Bench ${tag}`,
      emailAddress: `outage.${run}.${tag}@student.example.edu`,
    });
  const apply = async (tag: string, client: number) => {
    const res = await fetch(`${stack.siteUrl}${apiPaths.studentApplication}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': benchClient(client) },
      body: JSON.stringify(application(tag)),
    });
    if (res.status !== 201) throw new Error(`application ${tag} answered ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  };
  const states = async (ids: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < ids.length; i += 30) {
      const mail = await db
        .collection('mail')
        .where('subjectId', 'in', ids.slice(i, i + 30))
        .get();
      out.push(...mail.docs.map((d) => d.get('delivery.state') as string));
    }
    return out;
  };

  await apply('warm-up', 1); // the first trigger starts the function worker
  await new Promise((r) => setTimeout(r, 3000));

  const results = [];
  for (const [f, fault] of FAULTS.entries()) {
    const tags = Array.from({ length: COUNT }, (_, i) => `${f}-${i}`);
    const addresses = tags.map((t) => application(t).emailAddress.toLowerCase());
    if (fault.action === 'refuse') {
      for (const a of addresses) await control(`refuse?address=${encodeURIComponent(a)}`);
    } else await control(fault.action);
    const start = Date.now();
    const ids: string[] = [];
    for (const [i, tag] of tags.entries()) ids.push(await apply(tag, 50 + (i % 50)));
    // Every first attempt is over.
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const s = await states(ids);
      if (s.length === ids.length && s.every((x) => x !== 'PENDING' && x !== 'PROCESSING')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    let clock = start;
    for (clock = start + fault.stepMs; clock < start + fault.outageMs; clock += fault.stepMs) {
      await sweepOutbox(send, new Date(clock));
    }
    if (fault.action !== 'refuse') await control('up');
    const back = Math.max(clock, start + fault.outageMs);
    const wallStart = Date.now();
    let lastDeliveryMinutes = 0;
    for (clock = back; clock - back <= 120 * MINUTE; clock += MINUTE) {
      const report = await sweepOutbox(send, new Date(clock));
      if (report.sent > 0) lastDeliveryMinutes = (clock - back) / MINUTE;
      const s = await states(ids);
      if (s.every((x) => x === 'SUCCESS' || x === 'ERROR')) break;
    }
    const drainSeconds = (Date.now() - wallStart) / 1000;
    // MailDev is the truth of what arrived.
    await new Promise((r) => setTimeout(r, 1500));
    const mails = await inbox();
    const counts = addresses.map(
      (a) => mails.filter((m) => m.to.some((r) => r.address.toLowerCase() === a)).length,
    );
    const shown =
      fault.action === 'refuse'
        ? (await listUndelivered(new Date())).messages.filter((m) => ids.includes(m.subjectId))
            .length
        : null;
    const delivered = counts.filter((c) => c === 1).length;
    const row = {
      fault: fault.name,
      messages: COUNT,
      deliveredOnce: delivered,
      deliveredTwiceOrMore: counts.filter((c) => c > 1).length,
      notDelivered: counts.filter((c) => c === 0).length,
      shownToCoordinators: shown,
      // Lost: neither delivered nor shown to anybody.
      lost: counts.filter((c) => c === 0).length - (shown ?? 0),
      minutesFromReturnToLastDelivery: fault.action === 'refuse' ? null : lastDeliveryMinutes,
      drainWallSeconds: Math.round(drainSeconds * 10) / 10,
      schedulerStepMinutes: fault.stepMs / MINUTE,
    };
    results.push(row);
    console.log(JSON.stringify(row));
    await control('up');
  }
  console.log(
    '\nfault                        | N  | once | twice+ | not delivered | shown | lost | return -> last (sim. min) | drain (s)',
  );
  for (const r of results) {
    console.log(
      `${r.fault.padEnd(28)} | ${r.messages} | ${String(r.deliveredOnce).padStart(4)} | ${String(r.deliveredTwiceOrMore).padStart(6)} | ${String(r.notDelivered).padStart(13)} | ${String(r.shownToCoordinators ?? '-').padStart(5)} | ${String(r.lost).padStart(4)} | ${String(r.minutesFromReturnToLastDelivery ?? '-').padStart(25)} | ${r.drainWallSeconds}`,
    );
  }
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'mail-outage.json'),
    JSON.stringify({ date: new Date().toISOString(), count: COUNT, results }, null, 2) + '\n',
  );
  console.log('Wrote bench-results/mail-outage.json');
} finally {
  await stack.stop();
}
process.exit(0);
