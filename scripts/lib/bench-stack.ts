/**
 * The one way a bench (scripts/bench/*.ts) starts its own emulator stack: a work folder
 * `.stack/bench-<name>`, the function built into it, a web app (a one-line stub page, or the
 * real app built for this stack's ports), the stack on its port offset with the bench's function
 * settings, an open application window unless told otherwise, and this process's environment
 * pointed at the stack (the emulator hosts, the function's SITE_URL and COORDINATOR_EMAILS) so
 * the bench can call the function's code in-process and read the stack's Firestore (`db`). The
 * caller stops `stack` when done.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { buildFunctions, buildWeb } from './build';
import { ensureFoundingCohortOn } from './founding-cohort';
import { PROJECT_ID, ROOT } from './paths';
import { stackPorts, startStack, type Stack } from './stack';

interface BenchStackOptions {
  /** The work folder is `.stack/bench-<name>`. */
  name: string;
  portOffset: number;
  /** 'stub' (default): hosting serves one page besides the rewrite; 'app': the built web app. */
  web?: 'stub' | 'app';
  /** Reuse the work folder's builds from an earlier run (when they are there). */
  skipBuild?: boolean;
  /** Settings for the Functions emulator (scripts/lib/stack.ts `functionsEnv`). */
  functionsEnv?: Record<string, string>;
  /** Store the founding cohort (an open application window) once the stack is up; default true. */
  foundingCohort?: boolean;
}

interface BenchStack {
  stack: Stack;
  /** The work folder (.stack/bench-<name>): builds and emulators.log. */
  work: string;
  /** The stack's Firestore through the Admin SDK. */
  db: Firestore;
}

export async function startBenchStack(options: BenchStackOptions): Promise<BenchStack> {
  const work = join(ROOT, '.stack', `bench-${options.name}`);
  const webDir = join(work, 'web');
  const functionsDir = join(work, 'functions');
  const reuse = options.skipBuild && existsSync(webDir) && existsSync(functionsDir);
  if (!reuse) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    if (options.web === 'app') {
      console.log('Building the web app...');
      await buildWeb(webDir, stackPorts(options.portOffset));
    } else {
      mkdirSync(webDir, { recursive: true });
      writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
    }
    console.log('Building the function...');
    await buildFunctions(functionsDir);
  }
  console.log(`Starting the emulator stack (ports + ${options.portOffset})...`);
  const stack = await startStack({
    portOffset: options.portOffset,
    webDist: webDir,
    functionsDist: functionsDir,
    logFile: join(work, 'emulators.log'),
    functionsEnv: options.functionsEnv,
  });
  Object.assign(process.env, stack.env);
  process.env.SITE_URL ??= stack.siteUrl;
  process.env.COORDINATOR_EMAILS ??= 'coordinators@bridgementorship.org';
  if (options.foundingCohort ?? true) {
    await ensureFoundingCohortOn(stack.env.FIRESTORE_EMULATOR_HOST as string);
  }
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  return { stack, work, db };
}

/** A bench's whole-number option `--<name> N` (the fallback when absent). */
export function benchOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}
