/** The production rehearsal's stack, as scripts/test.ts hands it to tests/rehearsal/. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ID, ROOT } from '../../scripts/lib/paths';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run \`npm test -- --only rehearsal\`.`);
  return value;
};

export const stack = {
  site: need('TEST_SITE_URL'),
  authHost: need('FIREBASE_AUTH_EMULATOR_HOST'),
  firestoreHost: need('FIRESTORE_EMULATOR_HOST'),
  functionsOrigin: need('TEST_FUNCTIONS_ORIGIN'),
  projectId: PROJECT_ID,
};

/** `npm run smoke` as an operator runs it: its exit code and its lines. */
export function smoke(
  extra: string[] = [],
): Promise<{ status: number | null; lines: string[]; failures: string[] }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        join(ROOT, 'scripts', 'smoke.ts'),
        '--site',
        stack.site,
        '--project',
        stack.projectId,
        '--functions-emulator',
        stack.functionsOrigin,
        ...extra,
      ],
      { cwd: ROOT, encoding: 'utf8', env: process.env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const lines = `${stdout}${stderr}`.split('\n').filter(Boolean);
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, lines, failures: lines.filter((l) => l.startsWith('FAIL')) });
      },
    );
  });
}
