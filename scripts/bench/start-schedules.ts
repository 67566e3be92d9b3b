/**
 * `npx tsx scripts/bench/start-schedules.ts -- --port-offset P`: does `npm start` behave as the
 * deployed site does when the mail server is away? Starts `npm start -- --port-offset P` as an
 * operator would, checks its banner names the schedules, takes the stack's mail relay down,
 * sends one student application (its confirmation's first attempt fails), brings the relay back
 * after 90 seconds and, with nobody running a command, waits for the confirmation in MailDev.
 * Prints the seconds from the relay's return to the arrival (production's scheduler would take
 * at most about three minutes) and how many copies arrived; exit 1 when it did not arrive once
 * within 3 minutes. Stops the stack (Ctrl-C, which saves its data) at the end.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiPaths } from '@mentorship/domain';
import { MAIL_PORTS } from '../lib/mail';
import { ROOT } from '../lib/paths';
import { stackPorts } from '../lib/stack';
import { studentApplication, uniqueTag } from '../../tests/factories';

const argv = process.argv.slice(2);
const offset = Number(argv[argv.indexOf('--port-offset') + 1] ?? NaN);
if (!argv.includes('--port-offset') || !Number.isInteger(offset)) {
  console.error('Usage: npx tsx scripts/bench/start-schedules.ts --port-offset P');
  process.exit(2);
}
const OUTAGE_MS = 90_000;
const LIMIT_MS = 180_000;
const site = `http://127.0.0.1:${stackPorts(offset).hosting}`;
const control = `http://127.0.0.1:${MAIL_PORTS.control + offset}`;
const inbox = `http://127.0.0.1:${MAIL_PORTS.web + offset}`;
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const start = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    'scripts/start.ts',
    '--port-offset',
    String(offset),
  ],
  { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
);
let output = '';
start.stdout.on('data', (d: Buffer) => (output += d.toString()));
start.stderr.on('data', (d: Buffer) => (output += d.toString()));
const exited = new Promise<void>((resolve) => start.once('exit', () => resolve()));

async function stop(code: number): Promise<never> {
  // Ctrl-C to the stack's own process group only (it saves its data and stops what it started).
  try {
    process.kill(-start.pid!, 'SIGINT');
  } catch {
    // already gone
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000))]);
  process.exit(code);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
while (!output.includes('Ready in')) {
  if (start.exitCode !== null || Date.now() - t0 > 300_000) {
    console.error(`npm start did not get ready:\n${output.slice(-3000)}`);
    await stop(1);
  }
  await sleep(500);
}
console.log(`${at()}  npm start ready`);
const banner = output.split('\n').find((l) => l.includes('Schedules:'));
console.log(`${at()}  banner: ${banner?.trim() ?? '(no Schedules line)'}`);

const email = `outage.${uniqueTag()}@student.example.edu`;
const copies = async () => {
  const all = (await (await fetch(`${inbox}/api/email`)).json()) as {
    to: { address: string }[];
    subject: string;
  }[];
  return all.filter((m) => m.to.some((t) => t.address === email)).length;
};

await fetch(`${control}/down`, { method: 'POST' });
const down = Date.now();
console.log(`${at()}  relay down`);
const res = await fetch(`${site}${apiPaths.studentApplication}`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.18.77.1' },
  body: JSON.stringify(studentApplication(uniqueTag(), { emailAddress: email })),
});
console.log(`${at()}  application answered ${res.status}`);
if (res.status !== 201) await stop(1);
await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
const early = await copies();
await fetch(`${control}/up`, { method: 'POST' });
const up = Date.now();
console.log(`${at()}  relay up (copies before: ${early})`);

let arrived: number | undefined;
while (Date.now() - up < LIMIT_MS + 30_000) {
  if ((await copies()) > 0) {
    arrived = Date.now();
    break;
  }
  await sleep(1000);
}
if (arrived === undefined) {
  console.log(`FAIL  no confirmation ${(LIMIT_MS + 30_000) / 1000} s after the relay came back`);
  console.log(
    output
      .split('\n')
      .filter((l) => l.includes('[schedule]'))
      .join('\n'),
  );
  await stop(1);
}
// A second copy would come from a later sweep: watch half a minute more.
await sleep(30_000);
const total = await copies();
const seconds = (arrived! - up) / 1000;
console.log(
  `${seconds <= LIMIT_MS / 1000 && total === 1 && early === 0 ? 'ok' : 'FAIL'}  the confirmation arrived ${seconds.toFixed(1)} s after the relay came back; copies: ${total} (30 s later)`,
);
console.log(
  output
    .split('\n')
    .filter((l) => l.includes('[schedule]'))
    .join('\n'),
);
await stop(seconds <= LIMIT_MS / 1000 && total === 1 && early === 0 ? 0 : 1);
