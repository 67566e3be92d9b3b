/**
 * `npm run deploy:check`: would `firebase deploy` of this checkout be accepted, and run without
 * asking anything? Offline, from firebase-tools' own code where it has it (runtime table, dotenv
 * parser, firebase.json schema). The checks are in scripts/lib/deploy-check.ts; `npm test` runs
 * this as its `deploy` stage. Exit 1 when one fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import {
  checkIndexes,
  checkParams,
  checkRuntime,
  checkSchema,
  collectionHelpers,
  declaredParams,
  queriesIn,
  type IndexSpec,
  type RuntimeInfo,
} from './lib/deploy-check';
import { COLLECTIONS } from '@mentorship/domain';
import { ROOT } from './lib/paths';

const require = createRequire(import.meta.url);
const tools = (path: string) => require(join(ROOT, 'node_modules', 'firebase-tools', 'lib', path));

const { RUNTIMES } = tools('deploy/functions/runtimes/supported/types.js') as {
  RUNTIMES: Record<string, RuntimeInfo>;
};
const dotenv = tools('functions/env.js') as {
  parse(data: string): { envs: Record<string, string>; errors: string[] };
  validateKey(key: string): void;
};
const schema = tools('firebaseConfigValidate.js') as {
  getValidator(): ((config: unknown) => boolean) & { errors?: unknown[] | null };
  getErrorMessage(error: unknown): string;
};

const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const firebaseJson = readJson<{
  functions: { source: string; configDir?: string; runtime?: string }[];
  firestore: { indexes: string };
}>('firebase.json');

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

const results = [];

// runtime
const enginesNode = readJson<{ engines?: { node?: string } }>('functions/package.json').engines
  ?.node;
results.push(checkRuntime(firebaseJson, enginesNode, RUNTIMES, new Date()));

// params: the tracked configDir's .env, parsed and key-checked as firebase-tools does
const configDir = firebaseJson.functions[0]?.configDir ?? firebaseJson.functions[0]?.source ?? '';
const envFile = join(configDir, '.env');
let env: Record<string, string> = {};
const envErrors: string[] = [];
try {
  const parsed = dotenv.parse(readFileSync(join(ROOT, envFile), 'utf8'));
  env = parsed.envs;
  envErrors.push(...parsed.errors);
  for (const key of Object.keys(env)) {
    try {
      dotenv.validateKey(key);
    } catch (error) {
      envErrors.push((error as Error).message);
    }
  }
} catch (error) {
  envErrors.push(`cannot read it (${(error as Error).message})`);
}
const functionSources = sourceFiles(join(ROOT, 'functions', 'src'));
const params = functionSources.flatMap((file) =>
  declaredParams(relative(ROOT, file), readFileSync(file, 'utf8')),
);
results.push(
  checkParams(
    params,
    env,
    envFile,
    envErrors,
    readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8'),
    'docs/operations.md',
  ),
);

// schema
const validate = schema.getValidator();
const valid = validate(readJson('firebase.json'));
results.push(
  checkSchema(valid ? [] : (validate.errors ?? []).map((e) => schema.getErrorMessage(e))),
);

// indexes: the query code of the function and the web app. Collection names are the registry's
// (the domain package, which loads no SDK); a helper such as `students = () =>
// db.collection(COLLECTIONS.students)` names its collection for the queries that call it.
const helpers = collectionHelpers(
  functionSources.map((file) => readFileSync(file, 'utf8')),
  COLLECTIONS,
);
const queries = [...functionSources, ...sourceFiles(join(ROOT, 'web', 'src'))].flatMap((file) =>
  queriesIn(relative(ROOT, file), readFileSync(file, 'utf8'), helpers),
);
const { indexes } = readJson<{ indexes: IndexSpec[] }>(firebaseJson.firestore.indexes);
results.push(checkIndexes(queries, indexes));

for (const result of results) {
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.check}`);
  for (const line of result.lines) console.log(`       ${line}`);
}
const failed = results.filter((r) => !r.ok);
console.log(
  failed.length
    ? `deploy:check: ${failed.map((r) => r.check).join(', ')} failed`
    : 'deploy:check: a deploy of this checkout would be accepted and needs no prompt',
);
process.exit(failed.length ? 1 : 0);
