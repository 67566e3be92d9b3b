/**
 * `npm run bench:api`: the API on its own emulator stack (ports + 70), loopback only.
 *
 *   1. seeds 5,000 students, 2,000 mentors and 2,000 pairs (straight into Firestore), then
 *      times the three list endpoints (median of 5) and measures their payload (JSON and gzip);
 *   2. warm latency per endpoint: p50/p95 over sequential requests after a warm-up;
 *   3. applications per second with 50 concurrent clients, through the emulator stack and
 *      through one function instance (function-instance.ts), with the CPU each application
 *      costs per process (applications.ts).
 *
 * Prints a table, writes bench-results/api.json and stops the stack.
 * Targets: warm p50 < 20 ms for single-document routes, >= 200 applications/s, each list
 * < 1 s and < 1.5 MB.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  apiPaths,
  decodeTable,
  type PairRecord,
  type CreatedResponse,
  type TableResponse,
} from '@mentorship/domain';
import { grantAdmin, signInLocalDemo } from '../lib/admin';
import { ROOT } from '../lib/paths';
import { LARGE_SIZE } from '../lib/seed';
import { seedDirect } from '../lib/seed-direct';
import { createRandom, makeMentor, makeStudent } from '../lib/seed-data';
import { startBenchStack } from '../lib/bench-stack';
import { startFunctionInstance, type FunctionInstance } from './function-instance';
import { BENCH_CAPS, cpuByRole, processes, runLoad, type Proc } from './applications';

const PORT_OFFSET = 70;
const WARMUP = 10;
const SAMPLES = 60;
const LIST_RUNS = 5;
const FIRST_PAGE = 50;
const REG_CLIENTS = 50;
const REG_TOTAL = 1000;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  ms: number;
  /** Bytes on the wire (compressed when the server compressed). */
  wireBytes: number;
  /** Bytes of the JSON text. */
  jsonBytes: number;
  body: unknown;
}

let siteUrl = '';
let token = '';

function send(method: string, path: string, body?: unknown, auth = true): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const url = new URL(path, siteUrl);
  const headers: Record<string, string> = { 'Accept-Encoding': 'gzip' };
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  if (auth) headers.Authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { method, headers, agent, timeout: 180_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        const raw = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString(
          'utf8',
        );
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // keep text
        }
        resolve({
          status: res.statusCode ?? 0,
          ms,
          wireBytes: raw.length,
          jsonBytes: Buffer.byteLength(text),
          body: parsed,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectStatus(answer: Promise<Answer>, status: number, what: string) {
  const a = await answer;
  if (a.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${a.status} ${JSON.stringify(a.body)}`);
  }
  return a;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

interface LatencyRow {
  endpoint: string;
  single: boolean;
  p50: number;
  p95: number;
  samples: number;
}

/** Runs `make(i)` WARMUP + SAMPLES times in sequence and keeps the timings after the warm-up. */
async function latency(
  endpoint: string,
  single: boolean,
  status: number,
  make: (i: number) => Promise<Answer>,
): Promise<LatencyRow> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const a = await make(i);
    if (a.status !== status) {
      throw new Error(`${endpoint}: expected ${status}, got ${a.status} ${JSON.stringify(a.body)}`);
    }
    if (i >= WARMUP) times.push(a.ms);
  }
  const row = {
    endpoint,
    single,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    samples: times.length,
  };
  console.log(`  ${endpoint.padEnd(44)} p50 ${row.p50} ms  p95 ${row.p95} ms`);
  return row;
}

/**
 * Warm latency per endpoint against `siteUrl` (sequential requests after a warm-up). Makes its
 * own mentor, students and pairs, so it can run against either route.
 */
async function latencySuite(seedBase: number): Promise<LatencyRow[]> {
  const random = createRandom(seedBase);
  const mentorId = (
    (
      await expectStatus(
        send('POST', apiPaths.admin.mentors, {
          ...makeMentor(random, seedBase * 1_000_000 + 900001),
          capacity: 5,
          isActive: true,
        }),
        201,
        'mentor',
      )
    ).body as CreatedResponse
  ).id;
  const studentId = (
    (
      await expectStatus(
        send('POST', apiPaths.admin.students, {
          ...makeStudent(random, seedBase * 1_000_000 + 900001),
          isActive: true,
        }),
        201,
        'student',
      )
    ).body as CreatedResponse
  ).id;
  const studentBody = { ...makeStudent(random, seedBase * 1_000_000 + 900001), isActive: true };
  const spare: string[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    spare.push(
      (
        (
          await expectStatus(
            send('POST', apiPaths.admin.students, {
              ...makeStudent(random, seedBase * 1_000_000 + 910000 + i),
              isActive: true,
            }),
            201,
            'spare',
          )
        ).body as CreatedResponse
      ).id,
    );
  }
  const rows: LatencyRow[] = [];
  rows.push(
    await latency('GET /api/health', true, 200, () =>
      send('GET', apiPaths.health, undefined, false),
    ),
  );
  rows.push(
    await latency('GET /api/admin/stats (5 count queries)', false, 200, () =>
      send('GET', apiPaths.admin.stats),
    ),
  );
  rows.push(
    await latency('GET /api/admin/students/:id', true, 200, () =>
      send('GET', apiPaths.admin.student(studentId)),
    ),
  );
  rows.push(
    await latency('GET /api/admin/mentors/:id', true, 200, () =>
      send('GET', apiPaths.admin.mentor(mentorId)),
    ),
  );
  rows.push(
    await latency('PUT /api/admin/students/:id', true, 200, () =>
      send('PUT', apiPaths.admin.student(studentId), studentBody),
    ),
  );
  rows.push(
    await latency('PUT /api/admin/students/:id/status', true, 200, (i) =>
      send('PUT', apiPaths.admin.studentStatus(studentId), { isActive: i % 2 === 0 }),
    ),
  );
  rows.push(
    await latency('POST /api/admin/students', true, 201, (i) =>
      send('POST', apiPaths.admin.students, {
        ...makeStudent(random, seedBase * 1_000_000 + 920000 + i),
        isActive: true,
      }),
    ),
  );
  rows.push(
    await latency('POST /api/student-registration', true, 201, (i) =>
      send('POST', apiPaths.studentApplication, {
        ...makeStudent(random, seedBase * 1_000_000 + 930000 + i),
        isActive: undefined,
        // The public form takes no cohort: the server stamps the open one.
        cohortId: undefined,
        linkedinUrl: `https://www.linkedin.com/in/bench-${i}`,
      }),
    ),
  );
  rows.push(
    await latency('POST /api/mentor-registration', true, 201, (i) =>
      send('POST', apiPaths.mentorApplication, {
        ...makeMentor(random, seedBase * 1_000_000 + 940000 + i),
        isActive: undefined,
        cohortId: undefined,
      }),
    ),
  );
  const created: string[] = [];
  rows.push(
    await latency('POST /api/admin/assignments', true, 201, async (i) => {
      const a = await send('POST', apiPaths.admin.pairs, { mentorId, studentId: spare[i] });
      if (a.status === 201) {
        const id = (a.body as PairRecord).id;
        created.push(id);
        // Keep the mentor's places free for the next sample (not timed).
        await expectStatus(
          send('PUT', apiPaths.admin.pairStatus(id), { isActive: false }),
          200,
          'free',
        );
      }
      return a;
    }),
  );
  rows.push(
    await latency('PUT /api/admin/assignments/:id/status', true, 200, (i) =>
      send('PUT', apiPaths.admin.pairStatus(created[0] as string), {
        isActive: i % 2 === 1,
      }),
    ),
  );
  rows.push(
    await latency('DELETE /api/admin/assignments/:id', true, 200, (i) =>
      send('DELETE', apiPaths.admin.pair(created[i] as string)),
    ),
  );
  return rows;
}

async function main() {
  // The API bench needs no web app (the stub page); an open application window for the public
  // applications.
  const { stack, work } = await startBenchStack({
    name: 'api',
    portOffset: PORT_OFFSET,
    // Applications here come from one address (loopback) by design: lift the per-client limit
    // (bench:load exercises it). A worker process that takes longer than the emulator's 30 s to
    // load on a busy machine fails its request (that was the 111 failures of the first run).
    functionsEnv: {
      // Its coordinator signs in without a passkey: the local-only shortcut (local-demo.ts).
      LOCAL_DEMO_ADMIN: 'bench-admin@example.org',
      RATE_LIMIT_MAX: '1000000',
      FUNCTIONS_DISCOVERY_TIMEOUT: '180',
      ...BENCH_CAPS,
    },
  });
  let instance: FunctionInstance | undefined;
  try {
    siteUrl = stack.siteUrl;
    const admin = { email: 'bench-admin@example.org', password: 'bench-admin-2024' };
    await grantAdmin(admin.email, admin.password);
    token = await signInLocalDemo(
      stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
      stack.siteUrl,
      admin.email,
      admin.password,
    );

    // 1. Large data set and the lists. Written straight to Firestore in batches, in the shapes
    // and with the counters the API keeps (seeding 9,000 records through the emulated function
    // takes many minutes on a small machine; the demo seed of `npm start` uses the API).
    console.log(
      `Seeding ${LARGE_SIZE.students} students, ${LARGE_SIZE.mentors} mentors, ${LARGE_SIZE.pairs} pairs...`,
    );
    const t0 = performance.now();
    const seeded = await seedDirect(LARGE_SIZE);
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`  seeded ${JSON.stringify(seeded)} in ${seedSeconds.toFixed(1)} s`);

    // One function instance beside the emulator stack: the same built code in one process, as
    // Cloud Functions v2 serves it (used for the CPU split below and in sections 2 and 3).
    const one = await startFunctionInstance({
      functionsDist: join(work, 'functions'),
      port: stack.ports.hosting + 7,
      env: { ...stack.env, RATE_LIMIT_MAX: '1000000', ...BENCH_CAPS },
    });
    instance = one;
    const cliPid = [...processes()].find(
      ([, p]) => p.ppid === process.pid && p.cmd.includes('emulators:start'),
    )?.[0];
    const role = (pid: number, p: Proc, loadPid = -1) => {
      if (pid === loadPid) return 'load generator';
      if (pid === process.pid) return 'bench process (Admin SDK checks)';
      if (/\bjava\b/.test(p.cmd) && /firestore/i.test(p.cmd))
        return 'Cloud Firestore emulator (Java)';
      if (pid === one.pid) return 'function instance';
      if (pid === cliPid) return 'firebase-tools (hosting and functions proxies, Auth)';
      if (p.ppid === cliPid) return 'Functions emulator workers';
      return 'other';
    };

    const lists = [];
    for (const [name, path] of [
      ['GET students', apiPaths.admin.students],
      ['GET mentors', apiPaths.admin.mentors],
      ['GET pairs', apiPaths.admin.pairs],
      // The dashboard's first screen: the newest rows only.
      [`GET students?limit=${FIRST_PAGE}`, `${apiPaths.admin.students}?limit=${FIRST_PAGE}`],
    ] as const) {
      await expectStatus(send('GET', path), 200, name); // warm
      const runs: Answer[] = [];
      const before = processes();
      for (let i = 0; i < LIST_RUNS; i++)
        runs.push(await expectStatus(send('GET', path), 200, name));
      // CPU per request by process; the bench process also parses the answers, so its share
      // is an upper bound for the emulator.
      const cpu = cpuByRole(before, processes(), role, LIST_RUNS);
      const last = runs[runs.length - 1] as Answer;
      const rows = decodeTable(last.body as TableResponse<object>);
      const row = {
        endpoint: name,
        items: rows.length,
        medianMs: round(
          percentile(
            runs.map((r) => r.ms),
            50,
          ),
        ),
        maxMs: round(Math.max(...runs.map((r) => r.ms))),
        jsonBytes: last.jsonBytes,
        gzipBytes: last.wireBytes,
        /** The same rows as an array of objects (the format before the table). */
        asObjectsBytes: Buffer.byteLength(JSON.stringify({ items: rows })),
        cpuMsPerRequest: cpu,
      };
      lists.push(row);
      console.log(
        `  ${name.padEnd(22)} ${row.items} items  median ${row.medianMs} ms  JSON ${(row.jsonBytes / 1e6).toFixed(2)} MB (as objects ${(row.asObjectsBytes / 1e6).toFixed(2)} MB)  gzip ${(row.gzipBytes / 1e6).toFixed(2)} MB`,
      );
      console.log(
        `    CPU per request: ${cpu.map((c) => `${c.role} ${Math.round(c.msPerRequest)} ms`).join(', ')}`,
      );
    }

    // 2. Warm latency per endpoint, through the emulator stack and through one function
    // instance (the same built code; the difference is the emulators' proxies and workers).
    console.log('Warm latency, emulator stack (sequential requests):');
    const rows = await latencySuite(7);
    console.log('Warm latency, one function instance (sequential requests):');
    siteUrl = one.url;
    const instanceRows = await latencySuite(8);
    siteUrl = stack.siteUrl;

    // 3. Applications per second with 50 concurrent clients, by two routes to the same code:
    // (a) the emulator stack (hosting proxy -> Functions emulator, one worker process per
    // concurrent request) and (b) one function instance (the built bundle in one process serving
    // many requests at once, as Cloud Functions v2 runs it with concurrency 80). For each, the
    // CPU one application costs in each process.
    const applications = [];
    {
      let seed = 1;
      for (const [route, base] of [
        ['emulator stack (hosting -> Functions emulator)', stack.siteUrl],
        ['one function instance', one.url],
      ] as const) {
        console.log(`Applications, ${route}: ${REG_TOTAL} with ${REG_CLIENTS} clients...`);
        // Untimed warm-up in steps: the Functions emulator starts a worker per concurrent
        // request, and a burst of 50 cold starts on a small machine times out.
        for (const width of [5, 10, 25, REG_CLIENTS, REG_CLIENTS])
          await runLoad(base, width, width, seed++).done;
        const before = processes();
        const run = runLoad(base, REG_TOTAL, REG_CLIENTS, seed++);
        const result = await run.done;
        const after = processes();
        const cpu = cpuByRole(before, after, (pid, p) => role(pid, p, run.pid), REG_TOTAL).filter(
          (r) => r.role !== 'load generator',
        );
        const failed = REG_TOTAL - (result.statuses['201'] ?? 0);
        const row = {
          route,
          clients: REG_CLIENTS,
          total: REG_TOTAL,
          failed,
          statuses: result.statuses,
          seconds: round(result.seconds, 2),
          perSecond: round(result.perSecond),
          p50: result.p50,
          p95: result.p95,
          p99: result.p99,
          max: result.max,
          cpuMsPerApplication: cpu,
          cpuMsPerApplicationInAll: round(
            cpu.reduce((sum, r) => sum + r.msPerRequest, 0),
            2,
          ),
        };
        applications.push(row);
        console.log(
          `  ${row.perSecond} applications/s (p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, max ${row.max} ms, ${failed} failed); CPU per application ${row.cpuMsPerApplicationInAll} ms:`,
        );
        for (const r of cpu)
          console.log(
            `    ${String(r.msPerRequest).padStart(6)} ms  ${r.role}${r.processes > 1 ? ` (${r.processes} processes)` : ''}`,
          );
      }
    }

    const targets = {
      singleDocumentP50Under20ms: rows.filter((r) => r.single).every((r) => r.p50 < 20),
      // On one function instance, as the target is stated; every route must fail nothing.
      applicationsAtLeast200PerSecond:
        applications.every((r) => r.failed === 0) &&
        applications.some((r) => r.route.includes('one function instance') && r.perSecond >= 200),
      listsUnder1s: lists.every((l) => l.medianMs < 1000),
      listsUnder1_5MBOnTheWire: lists.every((l) => l.gzipBytes < 1.5e6),
      listsUnder1_5MBAsJson: lists.every((l) => l.jsonBytes < 1.5e6),
    };
    const result = {
      date: new Date().toISOString(),
      firestore: stack.firestore,
      seeded,
      seedSeconds: round(seedSeconds),
      lists,
      latency: rows,
      latencyOneInstance: instanceRows,
      applications,
      targets,
    };
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'api.json'), JSON.stringify(result, null, 2) + '\n');

    console.log('\n                                              emulator stack    one instance');
    console.log('endpoint                                      p50 ms   p95 ms  p50 ms  p95 ms');
    rows.forEach((r, i) => {
      const o = instanceRows[i];
      console.log(
        `${r.endpoint.padEnd(46)}${String(r.p50).padStart(6)}${String(r.p95).padStart(9)}${String(o?.p50 ?? '').padStart(8)}${String(o?.p95 ?? '').padStart(8)}`,
      );
    });
    console.log('\nlist                      items   median ms   JSON bytes   gzip bytes');
    for (const l of lists) {
      console.log(
        `${l.endpoint.padEnd(25)}${String(l.items).padStart(6)}${String(l.medianMs).padStart(12)}${String(l.jsonBytes).padStart(13)}${String(l.gzipBytes).padStart(13)}`,
      );
    }
    for (const r of applications)
      console.log(`applications/s (50 clients), ${r.route}: ${r.perSecond}`);
    console.log(`targets: ${JSON.stringify(targets)}`);
    console.log('Wrote bench-results/api.json');
  } finally {
    agent.destroy();
    await instance?.stop();
    await stack.stop();
  }
}

await main();
