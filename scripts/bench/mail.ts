/**
 * `npm run bench:mail -- [--port-offset P]`: from a committed application to its e-mails in the
 * local inbox, on its own emulator stack (ports + P, default 80) with MailDev.
 *
 * 100 student applications, one every 250 ms (an open loop, 4 a second, busier than any real
 * day; `--count N --gap-ms M` to change it). Each sends one message when it is submitted: the
 * applicant's confirmation with its sign-in link (the coordinators' note follows the address's
 * confirmation, docs/email.md). Latency per message: from the moment the
 * request was sent (submit) and from the record's commit time (`createdAt`, set in the
 * transaction) to `delivery.endTime` (written when MailDev accepted the message), all from this
 * machine's clock. Then the CPU the stack spent per delivered message, by process.
 *
 * Prints a summary and writes bench-results/mail.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Timestamp } from 'firebase-admin/firestore';
import { apiPaths } from '@mentorship/domain';
import { ROOT } from '../lib/paths';
import { createRandom, makeStudent } from '../lib/seed-data';
import { benchOption, startBenchStack } from '../lib/bench-stack';
import { studentApplication } from '../../tests/factories';
import { BENCH_CAPS, benchClient, cpuByRole, processes, type Proc } from './applications';
import { percentile } from '../lib/stats';

const PORT_OFFSET = benchOption('port-offset', 80);
const APPLICATIONS = benchOption('count', 100);
const GAP_MS = benchOption('gap-ms', 250);

const round = (n: number) => Math.round(n * 10) / 10;

// An open application window (the public applications below need one).
const { stack, db } = await startBenchStack({
  name: 'mail',
  portOffset: PORT_OFFSET,
  functionsEnv: { RATE_LIMIT_MAX: '1000', ...BENCH_CAPS },
});
try {
  const random = createRandom(4242);
  const run = Date.now().toString(36);

  // Warm-up: the first trigger starts the function worker.
  const post = (i: number) => {
    const student = makeStudent(random, i);
    const application = studentApplication(`${run}.${i}`, {
      fullName: student.fullName,
      emailAddress: `mail.${run}.${i}@student.example.edu`,
      ...(student.universityName ? { universityName: student.universityName } : {}),
      ...(student.academicProgram ? { academicProgram: student.academicProgram } : {}),
      ...(student.yearOfStudy ? { yearOfStudy: student.yearOfStudy } : {}),
      ...(student.preferredDisciplines
        ? { preferredDisciplines: student.preferredDisciplines }
        : {}),
      ...(student.mentoringTopics ? { mentoringTopics: student.mentoringTopics } : {}),
    });
    return fetch(`${stack.siteUrl}${apiPaths.studentApplication}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': benchClient((i % 50) + 50),
      },
      body: JSON.stringify(application),
    });
  };
  await post(-1);
  await new Promise((r) => setTimeout(r, 3000));

  const before = processes();
  const ids: string[] = [];
  const submitted = new Map<string, number>();
  for (let i = 0; i < APPLICATIONS; i++) {
    const started = Date.now();
    const res = await post(i);
    if (res.status !== 201) throw new Error(`application ${i} answered ${res.status}`);
    const { id } = (await res.json()) as { id: string };
    ids.push(id);
    submitted.set(id, started);
    await new Promise((r) => setTimeout(r, Math.max(0, GAP_MS - (Date.now() - started))));
  }

  // Wait until every message of these applications is delivered (or 2 minutes pass).
  const deadline = Date.now() + 120_000;
  let messages: {
    submittedAt: number;
    createdAt: number;
    sentAt: number | null;
    state: string;
  }[] = [];
  for (;;) {
    messages = [];
    for (let i = 0; i < ids.length; i += 30) {
      const chunk = ids.slice(i, i + 30);
      const [records, mail] = await Promise.all([
        db.getAll(...chunk.map((id) => db.collection('students').doc(id))),
        db.collection('mail').where('subjectId', 'in', chunk).get(),
      ]);
      const committed = new Map(
        records.map((r) => [r.id, (r.get('createdAt') as Timestamp).toMillis()]),
      );
      for (const m of mail.docs) {
        const end = m.get('delivery.endTime') as Timestamp | undefined;
        messages.push({
          submittedAt: submitted.get(m.get('subjectId') as string) ?? NaN,
          createdAt: committed.get(m.get('subjectId') as string) ?? NaN,
          sentAt: m.get('delivery.state') === 'SUCCESS' && end ? end.toMillis() : null,
          state: m.get('delivery.state') as string,
        });
      }
    }
    if (messages.length === ids.length && messages.every((m) => m.sentAt !== null)) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const after = processes();
  const cliPid = [...after].find(([, p]) => p.ppid === process.pid && /firebase/.test(p.cmd))?.[0];
  const role = (pid: number, p: Proc) => {
    if (pid === process.pid) return 'bench process (MailDev, SMTP relay, requests)';
    if (/\bjava\b/.test(p.cmd) && /firestore/i.test(p.cmd))
      return 'Cloud Firestore emulator (Java)';
    if (pid === cliPid) return 'firebase-tools (hosting and functions proxies, Auth)';
    if (p.ppid === cliPid) return 'Functions emulator workers (api and deliverMail)';
    return 'other';
  };
  const delivered = messages.filter((m) => m.sentAt !== null);
  const latencies = delivered.map((m) => (m.sentAt as number) - m.createdAt);
  const fromSubmit = delivered.map((m) => (m.sentAt as number) - m.submittedAt);
  const cpu = cpuByRole(before, after, role, Math.max(1, delivered.length));
  const result = {
    date: new Date().toISOString(),
    firestore: stack.firestore,
    applications: APPLICATIONS,
    gapMs: GAP_MS,
    messages: messages.length,
    delivered: delivered.length,
    notDelivered: messages.filter((m) => m.sentAt === null).map((m) => m.state),
    submitToInboxMs: {
      p50: round(percentile(fromSubmit, 50)),
      p95: round(percentile(fromSubmit, 95)),
      max: round(Math.max(...fromSubmit)),
    },
    commitToInboxMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(Math.max(...latencies)),
    },
    cpuPerMessage: cpu,
  };
  console.log(
    `${result.delivered}/${result.messages} confirmations delivered; submit to inbox p50 ${result.submitToInboxMs.p50} ms, p95 ${result.submitToInboxMs.p95} ms; commit to inbox p50 ${result.commitToInboxMs.p50} ms, p95 ${result.commitToInboxMs.p95} ms, max ${result.commitToInboxMs.max} ms`,
  );
  console.log('CPU per delivered message (includes the application requests that caused them):');
  for (const r of cpu)
    console.log(
      `  ${String(r.msPerRequest).padStart(7)} ms  ${r.role}${r.processes > 1 ? ` (${r.processes} processes)` : ''}`,
    );
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  const file = `mail-${GAP_MS}ms.json`;
  writeFileSync(join(ROOT, 'bench-results', file), JSON.stringify(result, null, 2) + '\n');
  console.log(`Wrote bench-results/${file}`);
} finally {
  await stack.stop();
}
process.exit(0);
