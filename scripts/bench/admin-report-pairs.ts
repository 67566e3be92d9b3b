/**
 * `npm run bench:admin -- --report-pairs [--port-offset N] [--skip-build] [--pairs 1000]
 * [--runs 5]`: the cohort report and the Pairs page, with one cohort and then with
 * the program's history beside it.
 *
 *   1. builds the function and the web app into .stack/bench-admin-pairs, starts a stack (ports
 *      + 90 unless --port-offset) and makes an administrator;
 *   2. seeds straight into Firestore, in the API's shapes, the current cohort (its program
 *      running: started 60 days ago) with N pairs (default 1,000), each with 4 sessions and 2
 *      answered check-ins, and its progress summary;
 *   3. measures, for the report (GET /api/admin/reports, the current cohort beside the earlier
 *      ones) and the Pairs page (GET /api/admin/pairs?cohort=current):
 *      - the Firestore documents each request reads, counted by the code that serves it
 *        (functions/src/program-end/report.ts `reportReads`: every document a get or query returns,
 *        and one per 1,000 index entries an aggregation query goes through, as Firestore bills
 *        it; functions/src/pairs/store.ts `pairReads`), run here in-process on the same emulator;
 *      - time to usable in Chromium, signed in: from navigation to the page's figures on screen
 *        (the report's figure cards; the Pairs page's first pair row), median of --runs;
 *   4. seeds four earlier cohorts of the same size whose programs ended 1-4 years ago, and
 *      measures again: the report's first opening (which counts each cohort that has no kept
 *      tally from its records, once, and keeps it: the seeding wrote around the API, which keeps
 *      the tallies as records change) and the next ones, and the Pairs page.
 *
 * Prints the figures and writes bench-results/admin-report-pairs.json. Targets: with 5 cohorts,
 * within 20% of the figures with 1 (reads and time), and the report at most 100 reads.
 * The emulator is not production Firestore: times are for comparing runs on one machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  isoDayOf,
  listingOfDoc,
  pairStartOf,
  plusDays,
} from '@mentorship/domain';
import { grantAdmin } from '../lib/admin';
import { buildFunctions, buildWeb } from '../lib/build';
import { ROOT } from '../lib/paths';
import { stackPorts, startStack } from '../lib/stack';
import { median } from '../lib/stats';
import { cohortRecord } from '../../tests/factories';

const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-2024' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS = { withinOfOneCohort: 0.2, reportReads: 100 };

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
};

const today = isoDayOf(new Date());

async function seedCohort(
  db: FirebaseFirestore.Firestore,
  id: string,
  startedDaysAgo: number,
  pairs: number,
): Promise<number> {
  const record = cohortRecord(`Cohort ${id}`, plusDays(today, -startedDaysAgo));
  const stamp = Timestamp.now();
  await db
    .collection(COHORTS_COLLECTION)
    .doc(id)
    .set({ ...record, createdAt: stamp, updatedAt: stamp });
  const ended = record.programEnd < today;
  const at = Timestamp.fromDate(new Date(`${plusDays(record.programStart, -3)}T12:00:00Z`));
  let written = 0;
  let batch = db.batch();
  let pending = 0;
  const put = async (ref: FirebaseFirestore.DocumentReference, data: object) => {
    batch.set(ref, data);
    written++;
    if (++pending >= 450) {
      await batch.commit();
      batch = db.batch();
      pending = 0;
    }
  };
  for (let n = 0; n < pairs; n++) {
    const s = `${id}-s-${n}`;
    const m = `${id}-m-${n}`;
    const pairId = `${m}__${s}`;
    const heldOn = [5, 35, 65, 95].map((d) => plusDays(record.programStart, d));
    const lastSessionOn = heldOn.filter((d) => d <= today).at(-1) ?? null;
    const rating = 1 + (n % 5);
    const pairDoc = {
      mentorId: m,
      studentId: s,
      mentorName: `Mentor ${id} ${n}`,
      studentName: `Student ${id} ${n}`,
      cohortId: id,
      isActive: true,
      assignedAt: at,
      createdAt: at,
      updatedAt: at,
      ...(ended && n % 10 !== 0 ? { completedAt: stamp, sessionsHeld: 4 } : {}),
      progress: {
        sessionsHeld: heldOn.filter((d) => d <= today).length,
        lastSessionOn,
        ratings: { student: rating, mentor: rating },
      },
    };
    // Its place in the Pairs page's list, as the API keeps it.
    const listing = listingOfDoc(
      pairDoc,
      { cohortId: id, pairStart: pairStartOf(record.programStart, isoDayOf(at.toDate())) },
      today,
    );
    await put(db.collection('pairs').doc(pairId), { ...pairDoc, listing });
    for (const [month, day] of heldOn.entries()) {
      await put(db.collection('sessions').doc(`${pairId}_${month + 1}`), {
        pairId,
        cohortId: id,
        studentId: s,
        mentorId: m,
        heldOn: day,
        loggedBy: 'student',
        loggedAt: `${day}T12:00:00.000Z`,
        saidBy: ['log:student'],
      });
    }
    for (const role of ['student', 'mentor'] as const) {
      await put(db.collection('checkIns').doc(`${pairId}_${role}_1`), {
        pairId,
        cohortId: id,
        personId: role === 'student' ? s : m,
        role,
        month: 1,
        rating,
        answer: 'met',
      });
    }
  }
  if (pending > 0) await batch.commit();
  return written;
}

interface Measure {
  reads: number;
  serverMs: number;
}

/** Signed in once; each page opened in a new tab of that profile (the code in its cache). */
async function timeToUsable(
  context: BrowserContext,
  url: string,
  selector: string,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(selector).first().waitFor({ timeout: 120_000 });
    const ms = (await page.evaluate('performance.now()')) as number;
    await page.close();
    if (i > 0) times.push(Math.round(ms)); // the first warms the function's instance
  }
  return times;
}

export async function runReportAndPairsBench(portOffset: number): Promise<number> {
  const pairs = arg('pairs', 1000);
  const runs = arg('runs', 5);
  const work = join(ROOT, '.stack', 'bench-admin-pairs');
  const ports = stackPorts(portOffset);
  if (!process.argv.includes('--skip-build')) {
    console.log('Building the function and the web app...');
    await buildFunctions(join(work, 'functions'));
    await buildWeb(join(work, 'web'), ports);
  }
  console.log('Starting the emulator stack...');
  const stack = await startStack({
    portOffset,
    webDist: join(work, 'web'),
    functionsDist: join(work, 'functions'),
    logFile: join(work, 'emulators.log'),
    // Its coordinator signs in without a passkey: the local-only shortcut (local-demo.ts).
    functionsEnv: { LOCAL_DEMO_ADMIN: ADMIN.email },
  });
  Object.assign(process.env, stack.env);
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    await grantAdmin(ADMIN.email, ADMIN.password);
    const { db } = await import('../../functions/src/firebase');
    const { buildReport, reportReads } = await import('../../functions/src/program-end/report');
    const { listPairHealth } = await import('../../functions/src/pairs/admin');
    const { pairReads } = await import('../../functions/src/pairs/store');

    browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto(`${stack.siteUrl}/admin/login`);
    await login.getByLabel('Email').fill(ADMIN.email);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.waitForURL(/\/admin\/dashboard/);
    await login.close();

    const report = async (): Promise<Measure> => {
      reportReads.reset();
      const t0 = performance.now();
      const answer = await buildReport('current');
      if (!answer.report || answer.report.cohort.pairsMade !== pairs)
        throw new Error('the report does not show the seeded cohort');
      return { reads: reportReads.get(), serverMs: Math.round(performance.now() - t0) };
    };
    const pairsList = async (): Promise<Measure> => {
      pairReads.reset();
      const t0 = performance.now();
      const answer = await listPairHealth(new Date(), { cohortId: 'current' });
      if (answer.total !== pairs) throw new Error('the Pairs page misses pairs');
      return { reads: pairReads.get(), serverMs: Math.round(performance.now() - t0) };
    };
    const measureAll = async (label: string) => {
      const reportFirst = await report();
      const reportNext = await report();
      const pairsServer = await pairsList();
      const reportUsable = await timeToUsable(
        context,
        `${stack.siteUrl}/admin/reports`,
        '[data-testid="report-figures"] dd',
        runs,
      );
      const pairsUsable = await timeToUsable(
        context,
        `${stack.siteUrl}/admin/pairs?cohort=current`,
        '[data-testid="pair-row"]',
        runs,
      );
      const row = {
        label,
        reportReadsFirstOpening: reportFirst.reads,
        reportReads: reportNext.reads,
        reportServerMs: reportNext.serverMs,
        reportUsableMs: median(reportUsable),
        reportUsableRuns: reportUsable.join('/'),
        pairsReads: pairsServer.reads,
        pairsServerMs: pairsServer.serverMs,
        pairsUsableMs: median(pairsUsable),
        pairsUsableRuns: pairsUsable.join('/'),
        loadAverage: loadavg()
          .map((n) => n.toFixed(1))
          .join(' '),
      };
      console.log(row);
      return row;
    };

    let t0 = Date.now();
    const seeded = { current: await seedCohort(db, 'current', 60, pairs) };
    console.log(`Seeded the current cohort (${seeded.current} documents) in ${Date.now() - t0} ms`);
    const one = await measureAll('1 cohort');

    t0 = Date.now();
    for (const [k, startedDaysAgo] of [1500, 1100, 800, 400].entries()) {
      seeded[`past-${k + 1}` as 'current'] = await seedCohort(
        db,
        `past-${k + 1}`,
        startedDaysAgo,
        pairs,
      );
    }
    console.log(`Seeded 4 earlier cohorts in ${Date.now() - t0} ms`);
    const five = await measureAll('5 cohorts');

    const within = (a: number, b: number) => a <= b * (1 + TARGETS.withinOfOneCohort);
    const checks = {
      reportReadsAtMost100: five.reportReads <= TARGETS.reportReads,
      reportReadsWithin20Percent: within(five.reportReads, one.reportReads),
      reportUsableWithin20Percent: within(five.reportUsableMs, one.reportUsableMs),
      pairsReadsWithin20Percent: within(five.pairsReads, one.pairsReads),
      pairsUsableWithin20Percent: within(five.pairsUsableMs, one.pairsUsableMs),
    };
    console.log(`\nReport and Pairs page, ${pairs} pairs a cohort (4 sessions, 2 check-ins each)`);
    console.table([one, five]);
    console.log('Targets:', checks);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results', 'admin-report-pairs.json'),
      `${JSON.stringify({ date: new Date().toISOString(), pairs, runs, seeded, results: [one, five], targets: TARGETS, checks }, null, 2)}\n`,
    );
    console.log('Wrote bench-results/admin-report-pairs.json');
    return 0;
  } catch (error) {
    console.error(`bench:admin --report-pairs failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    await browser?.close();
    await stack.stop();
  }
}
