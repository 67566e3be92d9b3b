/**
 * Starts the local emulator stack: Firestore (the official emulator when Java 21 and its jar are
 * present, otherwise the Node emulator on loopback), then the Auth, Functions and Hosting
 * emulators through firebase-tools. Used by `npm start`, `npm test` and the benchmarks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  createWriteStream,
} from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { startNodeFirestore, type NodeFirestore } from './firestore-node';
import { PROJECT_ID, ROOT } from './paths';

export interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  firestore: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
}

export interface StackOptions {
  /** Added to every port of firebase.json, so a test stack can run beside `npm start`. */
  portOffset?: number;
  /** Built web app to serve (default web/dist). */
  webDist?: string;
  /** Built function bundle to load (default functions/dist). */
  functionsDist?: string;
  /** Auth emulator data to import at start and export on exit. */
  authDataDir?: string;
  /** Where the emulators' output goes: the terminal or a log file. */
  logFile?: string;
  /** Force the Node Firestore emulator even where the official one could run. */
  forceNodeFirestore?: boolean;
  /**
   * Extra environment for the emulators, which the Functions emulator passes on to the `api`
   * function (e.g. RATE_LIMIT_MAX for a test stack, FUNCTIONS_DISCOVERY_TIMEOUT for a bench).
   */
  functionsEnv?: Record<string, string>;
}

export interface Stack {
  ports: StackPorts;
  siteUrl: string;
  firestore: 'official' | 'node';
  /** Environment for Admin SDK clients (seed, tests) talking to this stack. */
  env: Record<string, string>;
  /** Top-level collections with data (Node emulator only; undefined with the official one). */
  collectionNames?: () => string[];
  /** A URL that deletes every Firestore document on DELETE (env FIRESTORE_RESET_URL). */
  resetUrl: string;
  stop(): Promise<void>;
}

const firebaseJson = () =>
  JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { host?: string; port?: number }>;
    hosting: { public: string };
    functions: { source: string }[];
  };

/** Ports that fetch() and Chromium refuse to connect to (the Fetch standard's "bad ports"). */
const BLOCKED_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
]);

export function stackPorts(offset = 0): StackPorts {
  const emulators = firebaseJson().emulators;
  const port = (name: keyof StackPorts) => {
    const value = emulators[name]?.port;
    if (!value) throw new Error(`firebase.json has no port for the ${name} emulator`);
    return value + offset;
  };
  const ports = {
    hosting: port('hosting'),
    functions: port('functions'),
    auth: port('auth'),
    firestore: port('firestore'),
    hub: port('hub'),
    logging: port('logging'),
    eventarc: port('eventarc'),
    tasks: port('tasks'),
  };
  const blocked = Object.entries(ports).filter(([, p]) => BLOCKED_PORTS.has(p));
  if (blocked.length > 0) {
    throw new Error(
      `Port offset ${offset} puts ${blocked.map(([n, p]) => `${n} on ${p}`).join(', ')}, which browsers and fetch refuse. Choose another offset.`,
    );
  }
  return ports;
}

/** True when Java 21+ and the official Firestore emulator jar are on this machine. */
export function officialFirestoreAvailable(): boolean {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`);
  if (!match || Number(match[1]) < 21) return false;
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  return (
    existsSync(dir) && readdirSync(dir).some((f) => /^cloud-firestore-emulator.*\.jar$/.test(f))
  );
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

export async function assertPortsFree(ports: StackPorts): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portFree(port))) busy.push(`${name} (${port})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `These ports are in use: ${busy.join(', ')}. Stop the other emulator stack (Ctrl-C in its terminal) and try again.`,
    );
  }
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  failed?: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = failed?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/** Kills a detached child and everything it started (its process group). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const offset = options.portOffset ?? 0;
  const ports = stackPorts(offset);
  await assertPortsFree(ports);

  const useOfficial = !options.forceNodeFirestore && officialFirestoreAvailable();
  let nodeFirestore: NodeFirestore | undefined;
  if (!useOfficial) nodeFirestore = await startNodeFirestore(ports.firestore);

  const firestoreHost = `127.0.0.1:${ports.firestore}`;
  const webDist = options.webDist ?? join(ROOT, 'web', 'dist');
  const functionsDist = options.functionsDist ?? join(ROOT, 'functions', 'dist');
  for (const [what, dir] of [
    ['web app', webDist],
    ['function bundle', functionsDist],
  ] as const) {
    if (!existsSync(dir)) throw new Error(`The ${what} is not built: ${dir} is missing.`);
  }

  // The emulators always run from a generated copy of firebase.json: ports moved by the offset,
  // the build folders of this stack, and the Auth emulator's origin added to the CSP's
  // connect-src (production's policy in firebase.json stays strict).
  const config = firebaseJson() as ReturnType<typeof firebaseJson> & {
    hosting: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
  };
  for (const [name, port] of Object.entries(ports)) {
    config.emulators[name] = { ...config.emulators[name], port };
  }
  config.hosting.public = relative(ROOT, webDist);
  config.functions = config.functions.map((f) => ({ ...f, source: relative(ROOT, functionsDist) }));
  for (const rule of config.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key === 'Content-Security-Policy') {
        header.value = header.value.replace(
          "connect-src 'self'",
          `connect-src 'self' http://127.0.0.1:${ports.auth}`,
        );
      }
    }
  }
  const configFile = join(ROOT, `.firebase.stack-${offset}.json`);
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const configArgs = ['--config', configFile];

  const only = ['auth', 'functions', 'hosting', ...(useOfficial ? ['firestore'] : [])].join(',');
  const args = ['emulators:start', '--project', PROJECT_ID, '--only', only, ...configArgs];
  if (options.authDataDir) {
    mkdirSync(options.authDataDir, { recursive: true });
    if (existsSync(join(options.authDataDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.authDataDir);
    }
    args.push('--export-on-exit', options.authDataDir);
  }

  // Tests reset Firestore between spec files with DELETE on this URL: the official emulator's
  // own endpoint, or a loopback endpoint that clears the in-process Node emulator.
  let resetServer: HttpServer | undefined;
  let resetUrl = `http://${firestoreHost}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  if (nodeFirestore) {
    const target = nodeFirestore;
    resetServer = createHttpServer((req, res) => {
      if (req.method !== 'DELETE') {
        res.writeHead(405).end();
        return;
      }
      target.clear();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => resetServer?.listen(0, '127.0.0.1', resolve));
    const address = resetServer.address();
    if (address && typeof address === 'object') resetUrl = `http://127.0.0.1:${address.port}/reset`;
  }

  const env: Record<string, string> = {
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIRESTORE_RESET_URL: resetUrl,
    GCLOUD_PROJECT: PROJECT_ID,
    GOOGLE_CLOUD_PROJECT: PROJECT_ID,
  };

  const firebaseBin = join(ROOT, 'node_modules', '.bin', 'firebase');
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const child = spawn(firebaseBin, args, {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      CI: 'true',
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // The site's own origins, which the function accepts writes from (origin-guard.ts):
      // this stack's hosting emulator and the Vite dev server of `npm run dev`.
      API_ALLOWED_ORIGINS: [ports.hosting, 5173]
        .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
        .join(','),
      ...options.functionsEnv,
    },
    stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit'],
  });
  if (log) {
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `the emulators exited early (${signal ?? `code ${code}`})`;
  });

  const siteUrl = `http://127.0.0.1:${ports.hosting}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child, 'SIGINT');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    }
    nodeFirestore?.stop();
    resetServer?.close();
    log?.end();
  };

  try {
    await waitFor(
      'The emulator stack',
      async () => {
        const res = await fetch(`${siteUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
        return res.ok && ((await res.json()) as { ok?: boolean }).ok === true;
      },
      180_000,
      () => exited,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ports,
    siteUrl,
    firestore: useOfficial ? 'official' : 'node',
    env,
    collectionNames: nodeFirestore?.collectionNames,
    resetUrl,
    stop,
  };
}
