/**
 * `npm run bench:api`: the API on its own emulator stack (ports + 70), loopback only.
 *
 *   1. seeds 5,000 students, 2,000 mentors and 2,000 assignments (straight into Firestore), then
 *      times the three list endpoints (median of 5) and measures their payload (JSON and gzip);
 *   2. warm latency per endpoint: p50/p95 over sequential requests after a warm-up;
 *   3. registrations per second with 50 concurrent clients.
 *
 * Prints a table, writes bench-results/api.json and stops the stack.
 * Targets: warm p50 < 20 ms for single-document routes, >= 200 registrations/s, each list
 * < 1 s and < 1.5 MB.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  apiPaths,
  matchScore,
  type AssignmentRecord,
  type CreatedResponse,
  type MentorInput,
  type StudentInput,
} from '@mentorship/domain';
import { grantAdmin, signInWithPassword } from '../lib/admin';
import { buildFunctions } from '../lib/build';
import { PROJECT_ID, ROOT } from '../lib/paths';
import { LARGE_SIZE, type SeedSize } from '../lib/seed';
import { createRandom, makeMentor, makeStudent } from '../lib/seed-data';
import { startStack } from '../lib/stack';

const PORT_OFFSET = 70;
const WARMUP = 10;
const SAMPLES = 60;
const LIST_RUNS = 5;
const REG_CLIENTS = 50;
const REG_TOTAL = 1000;

const work = join(ROOT, '.stack', 'bench-api');
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

/** Writes people and assignments as the API stores them (e-mail locks and counters included). */
async function seedDirect(size: SeedSize) {
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const random = createRandom(2024);
  const base = Date.now() - 86_400_000;
  const students = Array.from({ length: size.students }, (_, i) => makeStudent(random, i + 1));
  const mentors = Array.from({ length: size.mentors }, (_, i) => makeMentor(random, i + 1));
  const studentIds = students.map(() => db.collection('students').doc().id);
  const mentorIds = mentors.map(() => db.collection('mentors').doc().id);

  const counts = mentors.map(() => 0);
  const matched = new Map<number, string>();
  const pairs: { m: number; s: number; id: string }[] = [];
  for (let s = 0; s < students.length && pairs.length < size.assignments; s++) {
    const student = students[s] as StudentInput;
    if (!student.isActive) continue;
    let best = -1;
    let bestScore = 0;
    for (let k = 0; k < Math.min(mentors.length, 60); k++) {
      const m = (s * 7 + k) % mentors.length;
      const mentor = mentors[m] as MentorInput;
      if (!mentor.isActive || (counts[m] ?? 0) >= mentor.capacity) continue;
      const score = matchScore(mentor, student).score;
      if (score > bestScore) [best, bestScore] = [m, score];
    }
    if (best < 0) continue;
    counts[best] = (counts[best] ?? 0) + 1;
    const id = `${mentorIds[best]}__${studentIds[s]}`;
    matched.set(s, id);
    pairs.push({ m: best, s, id });
  }

  type Write = [string, string, Record<string, unknown>];
  const writes: Write[] = [];
  const at = (i: number) => Timestamp.fromMillis(base + i * 10);
  students.forEach((st, i) => {
    const id = studentIds[i] as string;
    const t = at(i);
    writes.push([
      'students',
      id,
      { ...st, activeAssignmentId: matched.get(i) ?? null, createdAt: t, updatedAt: t },
    ]);
    writes.push([
      'emailLocks',
      `student:${encodeURIComponent(st.emailAddress.toLowerCase())}`,
      { role: 'student', email: st.emailAddress.toLowerCase(), recordId: id },
    ]);
  });
  mentors.forEach((mt, i) => {
    const id = mentorIds[i] as string;
    const t = at(i);
    writes.push([
      'mentors',
      id,
      { ...mt, activeStudentCount: counts[i] ?? 0, createdAt: t, updatedAt: t },
    ]);
    if (mt.email)
      writes.push([
        'emailLocks',
        `mentor:${encodeURIComponent(mt.email.toLowerCase())}`,
        { role: 'mentor', email: mt.email.toLowerCase(), recordId: id },
      ]);
  });
  pairs.forEach(({ m, s, id }, i) => {
    const t = at(i);
    writes.push([
      'assignments',
      id,
      {
        mentorId: mentorIds[m],
        studentId: studentIds[s],
        mentorName: (mentors[m] as MentorInput).fullName,
        studentName: (students[s] as StudentInput).fullName,
        isActive: true,
        assignedAt: t,
        createdAt: t,
        updatedAt: t,
      },
    ]);
  });
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const [collection, id, data] of writes.slice(i, i + 400))
      batch.set(db.collection(collection).doc(id), data);
    await batch.commit();
  }
  return { students: students.length, mentors: mentors.length, assignments: pairs.length };
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'web'), { recursive: true });
  // The API bench needs no web app: hosting only has to serve something besides the rewrite.
  writeFileSync(join(work, 'web', 'index.html'), '<!doctype html><title>bench</title>');
  console.log('Building the function...');
  buildFunctions(join(work, 'functions'));
  console.log('Starting the emulator stack (ports + 70)...');
  const stack = await startStack({
    portOffset: PORT_OFFSET,
    webDist: join(work, 'web'),
    functionsDist: join(work, 'functions'),
    logFile: join(work, 'emulators.log'),
    // Registrations here come from one address (loopback) by design: lift the per-client limit
    // (bench:load exercises it). A worker process that takes longer than the emulator's 30 s to
    // load on a busy machine fails its request (that was the 111 failures of the first run).
    functionsEnv: { RATE_LIMIT_MAX: '1000000', FUNCTIONS_DISCOVERY_TIMEOUT: '180' },
  });
  try {
    Object.assign(process.env, stack.env);
    siteUrl = stack.siteUrl;
    const admin = { email: 'bench-admin@example.org', password: 'bench-admin-2024' };
    await grantAdmin(admin.email, admin.password);
    token = await signInWithPassword(
      stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
      admin.email,
      admin.password,
    );

    // 1. Large data set and the lists. Written straight to Firestore in batches, in the shapes
    // and with the counters the API keeps (seeding 9,000 records through the emulated function
    // takes many minutes on a small machine; the demo seed of `npm start` uses the API).
    console.log(
      `Seeding ${LARGE_SIZE.students} students, ${LARGE_SIZE.mentors} mentors, ${LARGE_SIZE.assignments} assignments...`,
    );
    const t0 = performance.now();
    const seeded = await seedDirect(LARGE_SIZE);
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`  seeded ${JSON.stringify(seeded)} in ${seedSeconds.toFixed(1)} s`);

    const lists = [];
    for (const [name, path] of [
      ['GET students', apiPaths.admin.students],
      ['GET mentors', apiPaths.admin.mentors],
      ['GET assignments', apiPaths.admin.assignments],
    ] as const) {
      await expectStatus(send('GET', path), 200, name); // warm
      const runs: Answer[] = [];
      for (let i = 0; i < LIST_RUNS; i++)
        runs.push(await expectStatus(send('GET', path), 200, name));
      const last = runs[runs.length - 1] as Answer;
      const row = {
        endpoint: name,
        items: (last.body as { items: unknown[] }).items.length,
        medianMs: round(
          percentile(
            runs.map((r) => r.ms),
            50,
          ),
        ),
        maxMs: round(Math.max(...runs.map((r) => r.ms))),
        jsonBytes: last.jsonBytes,
        gzipBytes: last.wireBytes,
      };
      lists.push(row);
      console.log(
        `  ${name.padEnd(16)} ${row.items} items  median ${row.medianMs} ms  JSON ${(row.jsonBytes / 1e6).toFixed(2)} MB  gzip ${(row.gzipBytes / 1e6).toFixed(2)} MB`,
      );
    }

    // 2. Warm latency per endpoint.
    console.log('Warm latency (sequential requests):');
    const random = createRandom(7);
    const mentorId = (
      (
        await expectStatus(
          send('POST', apiPaths.admin.mentors, {
            ...makeMentor(random, 900001),
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
          send('POST', apiPaths.admin.students, { ...makeStudent(random, 900001), isActive: true }),
          201,
          'student',
        )
      ).body as CreatedResponse
    ).id;
    const studentBody = { ...makeStudent(random, 900001), isActive: true };
    const spare: string[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      spare.push(
        (
          (
            await expectStatus(
              send('POST', apiPaths.admin.students, {
                ...makeStudent(random, 910000 + i),
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
          ...makeStudent(random, 920000 + i),
          isActive: true,
        }),
      ),
    );
    rows.push(
      await latency('POST /api/student-registration', true, 201, (i) =>
        send('POST', apiPaths.studentRegistration, {
          ...makeStudent(random, 930000 + i),
          isActive: undefined,
          linkedinUrl: `https://www.linkedin.com/in/bench-${i}`,
        }),
      ),
    );
    rows.push(
      await latency('POST /api/mentor-registration', true, 201, (i) =>
        send('POST', apiPaths.mentorRegistration, {
          ...makeMentor(random, 940000 + i),
          isActive: undefined,
        }),
      ),
    );
    const created: string[] = [];
    rows.push(
      await latency('POST /api/admin/assignments', true, 201, async (i) => {
        const a = await send('POST', apiPaths.admin.assignments, { mentorId, studentId: spare[i] });
        if (a.status === 201) {
          const id = (a.body as AssignmentRecord).id;
          created.push(id);
          // Keep the mentor's places free for the next sample (not timed).
          await expectStatus(
            send('PUT', apiPaths.admin.assignmentStatus(id), { isActive: false }),
            200,
            'free',
          );
        }
        return a;
      }),
    );
    rows.push(
      await latency('PUT /api/admin/assignments/:id/status', true, 200, (i) =>
        send('PUT', apiPaths.admin.assignmentStatus(created[0] as string), {
          isActive: i % 2 === 1,
        }),
      ),
    );
    rows.push(
      await latency('DELETE /api/admin/assignments/:id', true, 200, (i) =>
        send('DELETE', apiPaths.admin.assignment(created[i] as string)),
      ),
    );

    // 3. Registrations per second with 50 concurrent clients.
    console.log(`Registrations: ${REG_TOTAL} with ${REG_CLIENTS} concurrent clients...`);
    const reg = (i: number) =>
      send(
        'POST',
        apiPaths.studentRegistration,
        { ...makeStudent(random, 1_000_000 + i), isActive: undefined },
        false,
      );
    // The Functions emulator runs one worker process per concurrent request: start them in steps
    // (a burst of 50 cold starts on a small machine times out), untimed.
    let warm = 0;
    for (const width of [5, 10, 25, REG_CLIENTS, REG_CLIENTS]) {
      await Promise.all(
        Array.from({ length: width }, () => reg(2_000_000 + warm++).catch(() => undefined)),
      );
    }
    let next = 0;
    let failed = 0;
    const regTimes: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: REG_CLIENTS }, async () => {
        while (next < REG_TOTAL) {
          const a = await reg(next++);
          if (a.status === 201) regTimes.push(a.ms);
          else failed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const registrations = {
      clients: REG_CLIENTS,
      total: REG_TOTAL,
      failed,
      seconds: round(seconds, 2),
      perSecond: round(REG_TOTAL / seconds),
      p50: round(percentile(regTimes, 50)),
      p95: round(percentile(regTimes, 95)),
    };
    console.log(
      `  ${registrations.perSecond} registrations/s (p50 ${registrations.p50} ms, p95 ${registrations.p95} ms, ${failed} failed)`,
    );

    const targets = {
      singleDocumentP50Under20ms: rows.filter((r) => r.single).every((r) => r.p50 < 20),
      registrationsAtLeast200PerSecond: registrations.perSecond >= 200 && failed === 0,
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
      registrations,
      targets,
    };
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'api.json'), JSON.stringify(result, null, 2) + '\n');

    console.log('\nendpoint                                      p50 ms   p95 ms');
    for (const r of rows)
      console.log(
        `${r.endpoint.padEnd(46)}${String(r.p50).padStart(6)}${String(r.p95).padStart(9)}`,
      );
    console.log('\nlist               items   median ms   JSON bytes   gzip bytes');
    for (const l of lists) {
      console.log(
        `${l.endpoint.padEnd(18)}${String(l.items).padStart(6)}${String(l.medianMs).padStart(12)}${String(l.jsonBytes).padStart(13)}${String(l.gzipBytes).padStart(13)}`,
      );
    }
    console.log(`\nregistrations/s (50 clients): ${registrations.perSecond}`);
    console.log(`targets: ${JSON.stringify(targets)}`);
    console.log('Wrote bench-results/api.json');
  } finally {
    agent.destroy();
    await stack.stop();
  }
}

await main();
