/**
 * `npm run bench:load`: load and race checks on their own emulator stack (ports + 75), loopback
 * only, bounded (per-request and overall deadlines), and it stops the stack by itself.
 *
 *   1. 1,000 student applications from 50 concurrent clients. Each client has its own address
 *      (X-Forwarded-For as Google's front end writes it) and sends 20 applications, exactly the production allowance (20 per
 *      10 minutes), so the rate limiter runs on every request without tripping. Then it counts
 *      what was stored: all 1,000, no duplicates, no 5xx; throughput and p50/p95 latency.
 *   2. 20 concurrent attempts to assign one student to 20 different mentors with free places.
 *      Exactly one may succeed (each transaction reads the student, and a concurrent commit on
 *      that document makes the others retry and see it matched); it reports what happened.
 *
 * Prints a summary and writes bench-results/load.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { apiPaths, type CreatedResponse, type StudentApplication } from '@mentorship/domain';
import { grantAdmin, signInLocalDemo } from '../lib/admin';
import { PROJECT_ID, ROOT } from '../lib/paths';
import { startBenchStack } from '../lib/bench-stack';
import type { Stack } from '../lib/stack';
import { studentApplication } from '../../tests/factories';
import { BENCH_CAPS, benchClient } from './applications';

const PORT_OFFSET = 75;
const CLIENTS = 50;
const PER_CLIENT = 20;
const TOTAL = CLIENTS * PER_CLIENT;
const RACE = 20;
const REQUEST_TIMEOUT_MS = 120_000;
/** The whole bench gives up after this long (the stack is stopped either way). */
const DEADLINE_MS = 30 * 60_000;

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });
let siteUrl = '';

interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

function send(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const all: Record<string, string> = { ...headers };
  if (payload) {
    all['Content-Type'] = 'application/json';
    all['Content-Length'] = String(payload.length);
  }
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request(
      new URL(path, siteUrl),
      { method, headers: all, agent, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // A transport failure is a result too (status 0), not a crash of the bench.
    req.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - t0, body: { transport: error.message } }),
    );
    req.end(payload);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

const application = (run: string, client: number, i: number): StudentApplication =>
  studentApplication(`${client}-${i}`, {
    fullName: `Load Student ${client}-${i}`,
    emailAddress: `load.${run}.${client}.${i}@bench.example.org`,
    careerInterests: 'Distributed systems.',
  });

/** Groups failures by status and error code, with one example body each. */
function summariseFailures(answers: Answer[]) {
  const groups = new Map<string, { count: number; example: unknown }>();
  for (const a of answers) {
    const code =
      (a.body as { error?: { code?: string } } | undefined)?.error?.code ??
      (a.body as { transport?: string } | undefined)?.transport ??
      String(a.body).slice(0, 80);
    const key = `${a.status} ${code}`;
    const group = groups.get(key) ?? { count: 0, example: a.body };
    group.count++;
    groups.set(key, group);
  }
  return Object.fromEntries(groups);
}

async function loadPhase(run: string) {
  // The Functions emulator runs one worker process per concurrent request: grow the pool in
  // steps (untimed; the LinkedIn endpoint stores nothing) so 50 cold starts do not pile up.
  for (const width of [5, 10, 25, CLIENTS]) {
    await Promise.all(
      Array.from({ length: width }, (_, i) =>
        send(
          'POST',
          apiPaths.linkedinAutofill,
          { linkedinUrl: 'https://www.linkedin.com/in/warm' },
          { 'X-Forwarded-For': benchClient(1000 + width * 100 + i) },
        ),
      ),
    );
  }

  const answers: { client: number; i: number; answer: Answer }[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const headers = { 'X-Forwarded-For': benchClient(client) };
      for (let i = 0; i < PER_CLIENT; i++) {
        const answer = await send(
          'POST',
          apiPaths.studentApplication,
          application(run, client, i),
          headers,
        );
        answers.push({ client, i, answer });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = answers.filter((a) => a.answer.status === 201);
  const failed = answers.filter((a) => a.answer.status !== 201);
  const times = answers.map((a) => a.answer.ms);

  // Count what was stored (the stack is fresh: every student here is one of ours).
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const stored = await db.collection('students').get();
  const byEmail = new Map<string, number>();
  for (const d of stored.docs) {
    const email = String(d.get('emailAddress'));
    if (email.startsWith(`load.${run}.`)) byEmail.set(email, (byEmail.get(email) ?? 0) + 1);
  }
  const expected = new Set(
    answers.map((a) => application(run, a.client, a.i).emailAddress.toLowerCase()),
  );
  const missing = [...expected].filter((e) => !byEmail.has(e)).length;
  const duplicates = [...byEmail.values()].filter((n) => n > 1).length;
  const returnedIds = new Set(ok.map((a) => (a.answer.body as CreatedResponse).id));
  const storedIds = new Set(stored.docs.map((d) => d.id));
  const idsNotStored = [...returnedIds].filter((id) => !storedIds.has(id)).length;

  return {
    clients: CLIENTS,
    perClient: PER_CLIENT,
    total: TOTAL,
    seconds: round(seconds, 2),
    perSecond: round(TOTAL / seconds),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    created: ok.length,
    stored: [...byEmail.values()].reduce((a, b) => a + b, 0),
    missing,
    duplicates,
    idsNotStored,
    errors: failed.length,
    serverErrors: failed.filter((a) => a.answer.status >= 500 || a.answer.status === 0).length,
    rateLimited: failed.filter((a) => a.answer.status === 429).length,
    failures: summariseFailures(failed.map((a) => a.answer)),
  };
}

async function racePhase(stack: Stack) {
  const admin = { email: 'load-admin@example.org', password: 'load-admin-2024' };
  await grantAdmin(admin.email, admin.password);
  const token = await signInLocalDemo(
    stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
    stack.siteUrl,
    admin.email,
    admin.password,
  );
  const auth = { Authorization: `Bearer ${token}` };
  const created = async (path: string, body: unknown) => {
    const a = await send('POST', path, body, auth);
    if (a.status !== 201) throw new Error(`${path}: ${a.status} ${JSON.stringify(a.body)}`);
    return (a.body as CreatedResponse).id;
  };
  const studentId = await created(apiPaths.admin.students, {
    fullName: 'Race Student',
    emailAddress: 'race.student@bench.example.org',
    isActive: true,
  });
  const mentorIds: string[] = [];
  for (let i = 0; i < RACE; i++) {
    mentorIds.push(
      await created(apiPaths.admin.mentors, {
        fullName: `Race Mentor ${i}`,
        email: `race.mentor.${i}@bench.example.org`,
        capacity: 2,
        isActive: true,
      }),
    );
  }
  const attempts = await Promise.all(
    mentorIds.map((mentorId) => send('POST', apiPaths.admin.pairs, { mentorId, studentId }, auth)),
  );
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const pairs = await db.collection('pairs').where('studentId', '==', studentId).get();
  const student = await db.collection('students').doc(studentId).get();
  const mentors = await db.getAll(...mentorIds.map((id) => db.collection('mentors').doc(id)));
  return {
    attempts: RACE,
    succeeded: attempts.filter((a) => a.status === 201).length,
    refused: summariseFailures(attempts.filter((a) => a.status !== 201)),
    pairsStored: pairs.size,
    studentActivePairId: (student.get('activePairId') as string | null) ?? null,
    mentorsCountingTheStudent: mentors.filter((m) => Number(m.get('activeStudentCount')) > 0)
      .length,
  };
}

async function main() {
  // An open application window (the public applications below need one).
  const { stack } = await startBenchStack({
    name: 'load',
    portOffset: PORT_OFFSET,
    // Production's limit (20 per 10 minutes) on purpose. A worker process that takes longer
    // than the emulator's 30 s to load on a busy machine fails its request; give it longer.
    // The program-wide caps are lifted: this bench counts 1,000 applications in a few seconds.
    functionsEnv: {
      // Its coordinator signs in without a passkey: the local-only shortcut (local-demo.ts).
      LOCAL_DEMO_ADMIN: 'load-admin@example.org',
      RATE_LIMIT_MAX: '20',
      FUNCTIONS_DISCOVERY_TIMEOUT: '180',
      ...BENCH_CAPS,
    },
  });
  const deadline = setTimeout(() => {
    console.error(`bench:load: over ${DEADLINE_MS / 60_000} minutes, stopping.`);
    void stack.stop().then(() => process.exit(1));
  }, DEADLINE_MS);
  const interrupt = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    siteUrl = stack.siteUrl;
    const run = Date.now().toString(36);

    console.log(`Load: ${TOTAL} applications from ${CLIENTS} concurrent clients...`);
    const load = await loadPhase(run);
    console.log(
      `  ${load.perSecond} applications/s, p50 ${load.p50} ms, p95 ${load.p95} ms; ` +
        `stored ${load.stored}/${TOTAL}, missing ${load.missing}, duplicates ${load.duplicates}, ` +
        `errors ${load.errors} (5xx or transport: ${load.serverErrors}, 429: ${load.rateLimited})`,
    );
    if (load.errors) console.log(`  failures: ${JSON.stringify(load.failures, null, 2)}`);

    console.log(`Race: ${RACE} concurrent pairs of one student...`);
    const race = await racePhase(stack);
    console.log(
      `  ${race.succeeded} of ${race.attempts} succeeded; ${race.pairsStored} pair(s) ` +
        `stored; ${race.mentorsCountingTheStudent} mentor(s) count the student; refused: ` +
        JSON.stringify(race.refused),
    );

    const result = {
      date: new Date().toISOString(),
      firestore: stack.firestore,
      load,
      race,
      targets: {
        allStored: load.stored === TOTAL && load.missing === 0,
        noDuplicates: load.duplicates === 0,
        no5xx: load.serverErrors === 0,
        exactlyOnePair: race.succeeded === 1 && race.pairsStored === 1,
      },
    };
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'load.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(`targets: ${JSON.stringify(result.targets)}`);
    console.log('Wrote bench-results/load.json');
  } finally {
    clearTimeout(deadline);
    process.removeListener('SIGINT', interrupt);
    agent.destroy();
    await stack.stop();
  }
}

await main();
