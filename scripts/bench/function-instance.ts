/**
 * Runs the BUILT `api` function (functionsDist/index.js) the way one Cloud Functions v2 instance
 * serves it: one Node process, one HTTP server, many requests at once (index.ts sets
 * concurrency 80). The Functions emulator instead starts a worker process per concurrent
 * request behind a proxy, so its figures say little about an instance's throughput or CPU.
 *
 * The child process wraps the function as the Functions Framework does in production: an
 * Express 4 app that parses the body (JSON, text, URL-encoded, raw, keeping `req.rawBody`),
 * trusts the proxy, and hands every path to the exported handler. No TypeScript loader in the
 * child (source-map support would make every stack trace dearer than in production).
 *
 * Environment: the caller's `env` (the stack's FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST, RATE_LIMIT_MAX, ...) over production-like defaults. The
 * deployment guard (functions/src/http/deployment-guard.ts) refuses emulator variables unless
 * FUNCTIONS_EMULATOR is 'true'; this is an emulator run, so the harness says so. Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ID, ROOT } from '../lib/paths';
import { killGroup, waitFor } from '../lib/stack';

interface FunctionInstanceOptions {
  /** Folder of the built bundle (scripts/lib/build.ts buildFunctions). */
  functionsDist: string;
  port: number;
  /** Added to the child's environment (e.g. the stack's `env`, RATE_LIMIT_MAX). */
  env?: Record<string, string>;
}

export interface FunctionInstance {
  /** Base URL: `${url}/api/health` reaches the function's /api/health route. */
  url: string;
  /** The child's process id (for CPU accounting). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The child program (CommonJS, run by `node -e`): argv = [bundle, port, root]. Mirrors the
 * Functions Framework's server.ts (body parsers with a 1024mb limit and rawBody, trust proxy,
 * no x-powered-by, every method and path to the function).
 */
const CHILD_PROGRAM = `
const http = require('node:http');
const { createRequire } = require('node:module');
const [bundle, port, root] = process.argv.slice(1);
const fromRoot = createRequire(root + '/package.json');
const express = fromRoot('express');
const bodyParser = fromRoot('body-parser');
const { api } = require(bundle);
const verify = (req, _res, buf) => { req.rawBody = buf; };
const limit = '1024mb';
const app = express();
app.use(bodyParser.json({ type: 'application/cloudevents+json', limit, verify }));
app.use(bodyParser.json({ limit, verify }));
app.use(bodyParser.text({ limit, verify }));
app.use(bodyParser.urlencoded({ limit, verify, extended: true }));
app.use(bodyParser.raw({ type: '*/*', limit, verify }));
app.enable('trust proxy');
app.disable('x-powered-by');
app.all('/*', (req, res) => api(req, res));
http.createServer(app).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;

export async function startFunctionInstance(
  options: FunctionInstanceOptions,
): Promise<FunctionInstance> {
  const bundle = join(options.functionsDist, 'index.js');
  if (!existsSync(bundle)) throw new Error(`The function is not built: ${bundle} is missing.`);
  const url = `http://127.0.0.1:${options.port}`;

  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', CHILD_PROGRAM, bundle, String(options.port), ROOT],
    {
      cwd: options.functionsDist,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        GCLOUD_PROJECT: PROJECT_ID,
        GOOGLE_CLOUD_PROJECT: PROJECT_ID,
        FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID }),
        K_SERVICE: 'api',
        FUNCTION_TARGET: 'api',
        FUNCTION_SIGNATURE_TYPE: 'http',
        PORT: String(options.port),
        FUNCTIONS_EMULATOR: 'true',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Keep the last lines for an error message; the function's logs are not needed otherwise.
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `the instance exited (${signal ?? `code ${code}`}): ${output.join('').slice(-2000)}`;
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await done;
    clearTimeout(timer);
  };

  try {
    await waitFor(
      `The function instance on port ${options.port}`,
      async () => {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
        return res.ok && ((await res.json()) as { ok?: boolean }).ok === true;
      },
      60_000,
      () => exited,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('The function instance has no process id.');
  return { url, pid: child.pid, stop };
}
