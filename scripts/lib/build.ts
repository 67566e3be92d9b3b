import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FirebaseWebConfig } from '../../web/build-config';
import { PROJECT_ID, ROOT } from './paths';

/**
 * Runs an npm script of a workspace and rejects when it fails. Asynchronous, so that a caller
 * running other work at the same time (the test lanes) keeps serving its other children. The
 * output goes to the terminal, or to `log` (appended) when one is given.
 */
function runNpm(args: string[], env: Record<string, string> = {}, log?: string): Promise<void> {
  const child = spawn('npm', args, {
    cwd: ROOT,
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (log) {
    const out = createWriteStream(log, { flags: 'a' });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.once('close', () => out.end());
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm ${args.join(' ')} failed${log ? ` (see ${log})` : ''}`)),
    );
  });
}

export function buildFunctions(outDir?: string, log?: string): Promise<void> {
  return runNpm(
    ['run', 'build', '--silent', '-w', 'functions'],
    outDir ? { FUNCTIONS_OUT_DIR: outDir } : {},
    log,
  );
}

/**
 * Builds the web app for the emulators (vite mode `emulator`: no env file is read, so a
 * web/.env.production never reaches a local build). `ports` tells the admin area where the Auth
 * and Firestore emulators of this stack listen (each stack has its own ports; without it, the
 * defaults of `npm start`).
 */
export function buildWeb(
  outDir?: string,
  ports?: { auth: number; firestore: number },
  log?: string,
): Promise<void> {
  const env: Record<string, string> = {};
  if (outDir) env.WEB_OUT_DIR = outDir;
  if (ports) {
    env.VITE_AUTH_EMULATOR_URL = `http://127.0.0.1:${ports.auth}`;
    env.VITE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
  }
  return runNpm(
    ['run', 'build', '--silent', '-w', 'web', '--', '--mode', 'emulator', '--logLevel', 'warn'],
    env,
    log,
  );
}

/** Where an emulator build's admin area finds its Auth and Firestore emulators. */
const emulatorOrigins = (ports: { auth: number; firestore: number }) => [
  `http://127.0.0.1:${ports.auth}`,
  `127.0.0.1:${ports.firestore}`,
];

/**
 * A copy of the emulator build `from` (made by `buildWeb` for `fromPorts`) that talks to the
 * emulators at `toPorts`: the same app, so the test lanes build it once instead of once each.
 * Only the two addresses the build embedded change; it throws if one of them is not found, so a
 * build that embeds them differently is noticed rather than served with another stack's ports.
 */
export function copyWebBuildFor(
  from: string,
  fromPorts: { auth: number; firestore: number },
  toPorts: { auth: number; firestore: number },
  outDir: string,
): void {
  cpSync(from, outDir, { recursive: true });
  const before = emulatorOrigins(fromPorts);
  const after = emulatorOrigins(toPorts);
  const found = before.map(() => false);
  const scripts = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js'),
  );
  for (const file of scripts) {
    const path = join(outDir, file);
    const text = readFileSync(path, 'utf8');
    let changed = text;
    before.forEach((origin, i) => {
      if (!changed.includes(origin)) return;
      found[i] = true;
      changed = changed.replaceAll(origin, after[i] as string);
    });
    if (changed !== text) writeFileSync(path, changed);
  }
  const missing = before.filter((_, i) => !found[i]);
  if (missing.length > 0) {
    throw new Error(`The web build in ${from} does not embed ${missing.join(' and ')}.`);
  }
}

/**
 * A production build (what a deploy ships) with the given web config, e.g. a test project's for
 * the production rehearsal: values given here win over any web/.env.production.
 */
export function buildWebProduction(
  outDir: string,
  config: FirebaseWebConfig,
  log?: string,
): Promise<void> {
  return runNpm(
    ['run', 'build', '--silent', '-w', 'web', '--', '--mode', 'production', '--logLevel', 'warn'],
    {
      WEB_OUT_DIR: outDir,
      ...config,
    },
    log,
  );
}

/** The production rehearsal's "real" project: the emulators' project id, a web config of its shape. */
const REHEARSAL_WEB_CONFIG = {
  VITE_FIREBASE_API_KEY: 'rehearsal-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
};

/** What a test run builds once, in its work folder. */
export interface RunBuilds {
  functions: string;
  /** The web app for the first lane's emulators: each lane serves a copy with its own ports. */
  web: string;
  /** The production build the rehearsal serves: started with the others, awaited by it alone. */
  production: { dir: string; done: Promise<void> };
}

/**
 * Builds the function and, when `emulators` are given, the web app for them; starts the
 * production build when asked, without waiting for it (the rehearsal comes last and awaits it,
 * so it costs the lanes' start nothing but a share of the machine).
 */
export async function buildForRun(
  work: string,
  options: { emulators: { auth: number; firestore: number } | null; production: boolean },
): Promise<RunBuilds> {
  const production = join(work, 'web-production');
  const builds: RunBuilds = {
    functions: join(work, 'functions'),
    web: join(work, 'web'),
    production: {
      dir: production,
      done: options.production
        ? buildWebProduction(production, REHEARSAL_WEB_CONFIG, join(work, 'build-production.log'))
        : Promise.resolve(),
    },
  };
  // Its failure is the rehearsal's to report, when the rehearsal awaits it.
  builds.production.done.catch(() => undefined);
  await Promise.all([
    buildFunctions(builds.functions, join(work, 'build.log')),
    options.emulators && buildWeb(builds.web, options.emulators, join(work, 'build-web.log')),
  ]);
  return builds;
}
