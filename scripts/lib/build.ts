import { spawnSync } from 'node:child_process';
import { ROOT } from './paths';

/** Runs an npm script of a workspace and throws when it fails. */
export function runNpm(args: string[], env: Record<string, string> = {}): void {
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
 * Builds the web app. `ports` tells the admin area where the Auth and Firestore emulators of
 * this stack listen (each stack has its own ports; without it, the defaults of `npm start`).
 */
export function buildWeb(outDir?: string, ports?: { auth: number; firestore: number }): void {
  const env: Record<string, string> = {};
  if (outDir) env.WEB_OUT_DIR = outDir;
  if (ports) {
    env.VITE_AUTH_EMULATOR_URL = `http://127.0.0.1:${ports.auth}`;
    env.VITE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
  }
  runNpm(['run', 'build', '--silent', '-w', 'web', '--', '--logLevel', 'warn'], env);
}
