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
 * Builds the web app. `authEmulatorUrl` tells the admin area where the Auth emulator of this
 * stack listens (each stack has its own ports).
 */
export function buildWeb(outDir?: string, authEmulatorUrl?: string): void {
  const env: Record<string, string> = {};
  if (outDir) env.WEB_OUT_DIR = outDir;
  if (authEmulatorUrl) env.VITE_AUTH_EMULATOR_URL = authEmulatorUrl;
  runNpm(['run', 'build', '--silent', '-w', 'web', '--', '--logLevel', 'warn'], env);
}
