/**
 * Starts the local emulator suite through firebase-tools: Google's Cloud Firestore emulator
 * (rules loaded, triggers delivered to the Functions emulator), Auth, Functions and Hosting.
 * Used by `npm start`, `npm test` and the benchmarks. Every stack started here is stopped when
 * this process is interrupted (Ctrl-C) or exits, whatever it was doing at the time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join, relative } from 'node:path';
import { PROJECT_ID, ROOT, STACK_DIR } from './paths';
import { startLocalMail, writeFunctionMailConfig } from './mail';
import { findEmulatorPrerequisites } from './prerequisites';
import { localPolicy } from './local-policy';

interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  firestore: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
  /** The Firestore emulator's websocket for the Emulator UI (unused, but it must not collide). */
  firestoreWebsocket: number;
}

interface StackOptions {
  /** Added to every port of firebase.json, so a test stack can run beside `npm start`. */
  portOffset?: number;
  /** Built web app to serve (default web/dist). */
  webDist?: string;
  /** Built function bundle to load (default functions/dist). */
  functionsDist?: string;
  /** Emulator data (Auth and Firestore) to import at start and export on exit. */
  dataDir?: string;
  /** Where the emulators' output goes: the terminal or a log file. */
  logFile?: string;
  /**
   * Extra environment for the emulators, which the Functions emulator passes on to the `api`
   * function (e.g. RATE_LIMIT_MAX for a test stack, FUNCTIONS_DISCOVERY_TIMEOUT for a bench).
   */
  functionsEnv?: Record<string, string>;
  /**
   * Serve firebase.json's hosting headers verbatim (the production rehearsal: the web build
   * talks to Google's host names, which the browser maps to a local proxy). Otherwise the CSP's
   * connect-src also names this stack's Auth and Firestore emulators (localPolicy), because a
   * local build's SDK talks to them directly.
   */
  productionHeaders?: boolean;
}

export interface Stack {
  ports: StackPorts;
  siteUrl: string;
  /** Where the Firestore emulator came from, for banners. */
  firestore: string;
  /** The Node.js that runs firebase-tools and so the function, for banners. */
  node: string;
  /** The local inbox (MailDev) every e-mail of this stack lands in. */
  mailInboxUrl: string;
  /** Environment for Admin SDK clients (seed, tests) talking to this stack. */
  env: Record<string, string>;
  /** A URL that deletes every Firestore document on DELETE (env FIRESTORE_RESET_URL). */
  resetUrl: string;
  stop(): Promise<void>;
}

const firebaseJson = () =>
  JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { host?: string; port?: number; websocketPort?: number }>;
    hosting: { public: string };
    functions: { source: string; configDir?: string }[];
  };

/**
 * A second name of the local site, standing in for a custom domain where passkeys are made and
 * used (browsers resolve every *.localhost name to this machine, and allow WebAuthn there).
 */
export const SECOND_SITE_NAME = 'custom-domain.localhost';

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
    firestoreWebsocket: (emulators.firestore?.websocketPort ?? 9150) + offset,
  };
  const blocked = Object.entries(ports).filter(([, p]) => BLOCKED_PORTS.has(p));
  if (blocked.length > 0) {
    throw new Error(
      `Port offset ${offset} puts ${blocked.map(([n, p]) => `${n} on ${p}`).join(', ')}, which browsers and fetch refuse. Choose another offset.`,
    );
  }
  return ports;
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

async function assertPortsFree(ports: StackPorts): Promise<void> {
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

const running = new Set<() => Promise<void>>();
let interrupted = false;

/**
 * Stops every stack this process started, then exits with `code`. Called on Ctrl-C (SIGINT),
 * SIGTERM and SIGHUP, so a run interrupted at any moment (start-up, tests, shutdown) leaves no
 * emulator behind. `beforeStop` lets a caller end its own children first (jest, Playwright).
 */
export async function stopAllAndExit(code: number, beforeStop?: () => void): Promise<never> {
  beforeStop?.();
  if (running.size > 0) {
    await Promise.allSettled([...running].map((stop) => stop()));
    console.log('All emulators stopped.');
  }
  process.exit(code);
}

/** True once Ctrl-C (or SIGTERM/SIGHUP) has started the shutdown: start nothing new then. */
export const isInterrupted = (): boolean => interrupted;

let extraCleanup: (() => void) | undefined;
/** Registers what to end before the stacks when this process is interrupted. */
export function onInterrupt(cleanup: () => void): void {
  extraCleanup = cleanup;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping every emulator this run started...`);
    void stopAllAndExit(130, extraCleanup);
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const offset = options.portOffset ?? 0;
  const ports = stackPorts(offset);
  const prerequisites = findEmulatorPrerequisites();
  await assertPortsFree(ports);

  const firestoreHost = `127.0.0.1:${ports.firestore}`;
  const webDist = options.webDist ?? join(ROOT, 'web', 'dist');
  const functionsDist = options.functionsDist ?? join(ROOT, 'functions', 'dist');
  for (const [what, dir] of [
    ['web app', webDist],
    ['function bundle', functionsDist],
  ] as const) {
    if (!existsSync(dir)) throw new Error(`The ${what} is not built: ${dir} is missing.`);
  }

  // The emulators run from a generated copy of firebase.json in .stack/: ports moved by the
  // offset, the build folders of this stack, and (unless productionHeaders) this stack's
  // emulator origins added to the CSP's connect-src (localPolicy).
  const config = firebaseJson() as ReturnType<typeof firebaseJson> & {
    firestore: { rules: string; indexes: string };
    hosting: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
  };
  mkdirSync(STACK_DIR, { recursive: true });
  const configFile = join(STACK_DIR, `firebase.${offset}.json`);
  const fromConfig = (path: string) => relative(dirname(configFile), path);
  for (const [name, port] of Object.entries(ports)) {
    if (name === 'firestoreWebsocket') continue;
    config.emulators[name] = { ...config.emulators[name], port };
  }
  config.emulators.firestore = {
    ...config.emulators.firestore,
    websocketPort: ports.firestoreWebsocket,
  };
  // firebase-tools wants these inside the folder of the config: a copy for this stack.
  for (const key of ['rules', 'indexes'] as const) {
    const copy = join(STACK_DIR, `${offset}.${config.firestore[key]}`);
    writeFileSync(copy, readFileSync(join(ROOT, config.firestore[key])));
    config.firestore[key] = fromConfig(copy);
  }
  config.hosting.public = fromConfig(webDist);
  // The functions' configDir (tracked dotenv files, read by firebase-tools as a deploy reads
  // them) is copied for this stack, which adds its own `.env.local` (emulator only) beside.
  const functionsConfigDir = join(STACK_DIR, `functions-config-${offset}`);
  rmSync(functionsConfigDir, { recursive: true, force: true });
  mkdirSync(functionsConfigDir, { recursive: true });
  const trackedConfigDir = config.functions[0]?.configDir;
  if (trackedConfigDir) {
    for (const file of readdirSync(join(ROOT, trackedConfigDir))) {
      if (/^\.env(\..+)?$/.test(file) && file !== '.env.local') {
        copyFileSync(join(ROOT, trackedConfigDir, file), join(functionsConfigDir, file));
      }
    }
  }
  config.functions = config.functions.map((f) => ({
    ...f,
    source: fromConfig(functionsDist),
    configDir: fromConfig(functionsConfigDir),
  }));
  if (!options.productionHeaders) {
    for (const rule of config.hosting.headers ?? []) {
      for (const header of rule.headers) {
        if (header.key === 'Content-Security-Policy')
          header.value = localPolicy(header.value, ports);
      }
    }
  }
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const args = [
    'emulators:start',
    '--project',
    PROJECT_ID,
    '--only',
    'auth,firestore,functions,hosting',
    '--config',
    configFile,
  ];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    if (existsSync(join(options.dataDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.dataDir);
    }
    args.push('--export-on-exit', options.dataDir);
  }

  // Every e-mail of this stack goes to its own MailDev (scripts/lib/mail.ts).
  const mail = await startLocalMail(offset);
  const siteUrl = `http://127.0.0.1:${ports.hosting}`;
  writeFunctionMailConfig(functionsConfigDir, functionsDist, mail, siteUrl);

  const resetUrl = `http://${firestoreHost}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  const env: Record<string, string> = {
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIRESTORE_RESET_URL: resetUrl,
    GCLOUD_PROJECT: PROJECT_ID,
    GOOGLE_CLOUD_PROJECT: PROJECT_ID,
    // The api function on the Functions emulator, without Hosting in front (tests/support/api.ts).
    API_FUNCTION_URL: `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/us-central1/api`,
    MAILDEV_URL: mail.inboxUrl,
    MAIL_CONTROL_URL: mail.controlUrl,
    // What the function sends to (the relay), for outbox sweeps run in a test or script.
    MAIL_SMTP_URL: mail.smtpUrl,
    // The Admin SDK's credential lookup (google-auth-library) would probe the cloud metadata
    // server, which a local run never has: a warning and a delay for nothing.
    METADATA_SERVER_DETECTION: 'none',
  };

  // firebase-tools runs on the functions' runtime (Node 24), and so does the function: the
  // Functions emulator starts it with the Node that runs firebase-tools.
  const firebaseCli = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  // Run from a folder of this stack's in .stack/: firebase-tools and the Firestore emulator
  // write their debug logs to the working directory, which keeps them out of the repository root
  // and apart from another stack's running at the same time.
  const logsDir = join(STACK_DIR, `logs-${offset}`);
  mkdirSync(logsDir, { recursive: true });
  const child = spawn(prerequisites.node.bin, [firebaseCli, ...args], {
    cwd: logsDir,
    detached: true,
    env: {
      ...process.env,
      // firebase-tools runs `java` from PATH and `java -jar <FIRESTORE_EMULATOR_BINARY_PATH>`.
      PATH: [dirname(prerequisites.node.bin), dirname(prerequisites.java.bin), process.env.PATH]
        .filter(Boolean)
        .join(delimiter),
      JAVA_HOME: dirname(dirname(prerequisites.java.bin)),
      FIRESTORE_EMULATOR_BINARY_PATH: prerequisites.firestore.launcher,
      CI: 'true',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // firebase-tools gives the function's code 10 s to load before it gives up on it for the
      // whole run; a machine under load (shared CI) can need more. A caller may set its own.
      FUNCTIONS_DISCOVERY_TIMEOUT: '120',
      // This stack's own origins, which the function accepts writes from inside the emulator
      // only (origin-guard.ts): its hosting emulator and the Vite dev server of `npm run dev`,
      // and the hosting emulator under a second name (browsers resolve any *.localhost name to
      // this machine), a custom domain's stand-in for passkeys (e2e/passkey-domains.spec.ts).
      // The real custom domains come from the tracked functions/config/.env, as in a deploy.
      API_EMULATOR_ORIGINS: [
        ...[ports.hosting, 5173].flatMap((port) => [
          `http://127.0.0.1:${port}`,
          `http://localhost:${port}`,
        ]),
        `http://${SECOND_SITE_NAME}:${ports.hosting}`,
      ].join(','),
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

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((resolve) => child.once('exit', resolve));
        // SIGINT to firebase-tools alone: it exports the data (--export-on-exit), then stops the
        // emulators it started. The whole process group is killed only if that takes too long.
        try {
          if (child.pid !== undefined) process.kill(child.pid, 'SIGINT');
        } catch {
          // already gone
        }
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 30_000);
        await done;
        clearTimeout(timer);
      }
      // Anything of the group still alive (a Java or a function worker) goes now.
      killGroup(child, 'SIGKILL');
      await mail.stop();
      log?.end();
      running.delete(stop);
    })();
    return stopped;
  };
  running.add(stop);
  // A last resort when this process exits without a signal handler running (an uncaught error).
  process.once('exit', () => killGroup(child, 'SIGKILL'));

  try {
    await waitFor(
      'The emulator stack',
      async () => {
        // A patient probe: the first request loads the function, which takes long on a busy
        // machine; abandoning it after a few seconds made the Functions emulator start another
        // worker for the next probe, and another, loading the machine further.
        const res = await fetch(`${siteUrl}/api/health`, { signal: AbortSignal.timeout(45_000) });
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
    firestore: `Cloud Firestore emulator (${prerequisites.firestore.source}, Java ${prerequisites.java.major})`,
    node: `Node.js ${prerequisites.node.version} (${prerequisites.node.bin})`,
    mailInboxUrl: mail.inboxUrl,
    env,
    resetUrl,
    stop,
  };
}
