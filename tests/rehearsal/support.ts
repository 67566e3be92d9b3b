/** The production rehearsal's stack, as scripts/test.ts hands it to tests/rehearsal/. */
import { spawnSync } from 'node:child_process';
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
export function smoke(): { status: number | null; lines: string[]; failures: string[] } {
  const out = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      join(ROOT, 'scripts', 'smoke.ts'),
      '--site',
      stack.site,
      '--project',
      stack.projectId,
      '--functions-emulator',
      stack.functionsOrigin,
    ],
    { cwd: ROOT, encoding: 'utf8', env: process.env, timeout: 90_000 },
  );
  const lines = `${out.stdout}${out.stderr}`.split('\n').filter(Boolean);
  return { status: out.status, lines, failures: lines.filter((l) => l.startsWith('FAIL')) };
}
