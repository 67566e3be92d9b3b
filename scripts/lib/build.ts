import { spawnSync } from 'node:child_process';
import type { FirebaseWebConfig } from '../../web/build-config';
import { ROOT } from './paths';

/** Runs an npm script of a workspace and throws when it fails. */
function runNpm(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync('npm', args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}

export function buildFunctions(outDir?: string): void {
  runNpm(
    ['run', 'build', '--silent', '-w', 'functions'],
    outDir ? { FUNCTIONS_OUT_DIR: outDir } : {},
  );
}

/**
 * Builds the web app for the emulators (vite mode `emulator`: no env file is read, so a
 * web/.env.production never reaches a local build). `ports` tells the admin area where the Auth
 * and Firestore emulators of this stack listen (each stack has its own ports; without it, the
 * defaults of `npm start`).
 */
export function buildWeb(outDir?: string, ports?: { auth: number; firestore: number }): void {
  const env: Record<string, string> = {};
  if (outDir) env.WEB_OUT_DIR = outDir;
  if (ports) {
    env.VITE_AUTH_EMULATOR_URL = `http://127.0.0.1:${ports.auth}`;
    env.VITE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
  }
  runNpm(
    ['run', 'build', '--silent', '-w', 'web', '--', '--mode', 'emulator', '--logLevel', 'warn'],
    env,
  );
}

/**
 * A production build (what a deploy ships) with the given web config, e.g. a test project's for
 * the production rehearsal: values given here win over any web/.env.production.
 */
export function buildWebProduction(outDir: string, config: FirebaseWebConfig): void {
  runNpm(
    ['run', 'build', '--silent', '-w', 'web', '--', '--mode', 'production', '--logLevel', 'warn'],
    {
      WEB_OUT_DIR: outDir,
      ...config,
    },
  );
}
