/**
 * Applications per second with concurrent clients, and the CPU each application costs in each
 * process of the stack. Used by `npm run bench:api` (scripts/bench/api.ts).
 *
 * The load runs in a child process (this file, `--load` mode), so its CPU is accounted apart
 * from the stack's processes (the Cloud Firestore emulator is a Java process). Each
 * client comes from its own address (X-Forwarded-For as Google's front end writes it), as 50
 * applicants on 50 networks would (one shared address would make every request fight over one
 * rate-limit counter).
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@mentorship/domain';
import { createRandom, makeStudent } from '../lib/seed-data';

/**
 * The program-wide caps of a bench stack (docs/security.md, "Caps that hold even if the key were
 * wrong"):
 * applications and e-mails far above what a bench sends in an hour, so the caps are checked on
 * every application but never refuse one; coordinator notes as in production (30 an hour, then
 * the digest). With caps 30,000 times production's, the shards grow too, as a program raising its
 * caps must raise them: two applications in flight on one shard conflict and the loser waits
 * about a second for the SDK's retry, so 50 clients on production's 64 shards measure the
 * collisions (131/s, p99 3.5 s on 2026-11-24), not the function (275/s on 4,096 shards).
 */
export const BENCH_CAPS = {
  CAP_APPLICATIONS_PER_HOUR: '10000000',
  CAP_EMAILS_PER_HOUR: '20000000',
  CAP_SHARDS: '4096',
};

/** Client `n`'s address, as the one entry Google's front end appends (198.18.0.0/15). */
export const benchClient = (n: number) => `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;

interface LoadResult {
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How many requests answered each status (0: no answer). */
  statuses: Record<string, number>;
}

async function load(base: string, total: number, clients: number, seed: number) {
  const random = createRandom(seed);
  const agent = new Agent({ keepAlive: true, maxSockets: clients + 14 });
  const post = (client: number, body: unknown) => {
    const payload = Buffer.from(JSON.stringify(body));
    const t0 = performance.now();
    return new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const r = request(
        new URL(apiPaths.studentApplication, base),
        {
          method: 'POST',
          agent,
          timeout: 180_000,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(payload.length),
            'X-Forwarded-For': benchClient(client),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        },
      );
      r.on('timeout', () => r.destroy(new Error('timed out')));
      r.on('error', reject);
      r.end(payload);
    });
  };
  const application = (i: number) => {
    // The public form takes neither: the server sets both (the open cohort is stamped).
    const {
      isActive: _unused,
      cohortId: _none,
      ...student
    } = makeStudent(random, seed * 1_000_000 + i);
    return student;
  };
  let next = 0;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < total) {
        const a = await post(client, application(next++)).catch(() => ({ status: 0, ms: 0 }));
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status === 201) times.push(a.ms);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(times[Math.floor((times.length - 1) * p)] ?? 0);
  return {
    seconds,
    perSecond: total / seconds,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    max: Math.round(times.at(-1) ?? 0),
    statuses,
  };
}

/** Starts the load in a child process; `pid` lets the caller leave its CPU out. */
export function runLoad(base: string, total: number, clients: number, seed: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--load',
      base,
      `${total}`,
      `${clients}`,
      `${seed}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<LoadResult>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult)
        : reject(new Error(`the load generator exited with ${code}`)),
    ),
  );
  return { pid: child.pid ?? -1, done };
}

export interface Proc {
  ppid: number;
  cmd: string;
  /** User + system CPU time in clock ticks (1/100 s). */
  ticks: number;
}

/** A snapshot of every process's CPU time (Linux /proc). */
export function processes(): Map<number, Proc> {
  const m = new Map<number, Proc>();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
      m.set(Number(p), { ppid: Number(rest[1]), cmd, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return m;
}

/**
 * CPU ms per request by role, over this process and its descendants (other people's processes
 * on a shared machine are left out). `role` names each process.
 */
export function cpuByRole(
  before: Map<number, Proc>,
  after: Map<number, Proc>,
  role: (pid: number, p: Proc) => string,
  requests: number,
): { role: string; msPerRequest: number; processes: number }[] {
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of after) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  const rows = new Map<string, { ms: number; procs: number }>();
  for (const pid of mine) {
    const p = after.get(pid);
    if (!p) continue;
    const ticks = p.ticks - (before.get(pid)?.ticks ?? 0);
    if (ticks <= 0) continue;
    const name = role(pid, p);
    const row = rows.get(name) ?? { ms: 0, procs: 0 };
    row.ms += (ticks * 10) / requests;
    row.procs += 1;
    rows.set(name, row);
  }
  return [...rows]
    .map(([name, r]) => ({
      role: name,
      msPerRequest: Math.round(r.ms * 100) / 100,
      processes: r.procs,
    }))
    .sort((a, b) => b.msPerRequest - a.msPerRequest);
}

if (process.argv[2] === '--load') {
  const [base, total, clients, seed] = process.argv.slice(3);
  const result = await load(base ?? '', Number(total), Number(clients), Number(seed));
  console.log(JSON.stringify(result));
  process.exit(0);
}
