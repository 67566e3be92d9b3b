/**
 * The lint rules that hold the layers (eslint.config.mjs) fail when they should: ESLint, with
 * the repository's own config, on small files planted in a temporary copy of the tree's shape
 * (the loop rule reads the files it follows from the disk). That the real tree breaks none of
 * them is the lint stage's check (`eslint . --max-warnings 0`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..');
// The first lint loads the config and its plugins.
jest.setTimeout(60_000);
let tree: string;
let eslint: ESLint;

/** Writes the files (path -> text) under the planted tree. */
function plant(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

/** The rule ids ESLint reports for each planted file, by path. */
async function lint(...paths: string[]): Promise<Record<string, string[]>> {
  const results = await eslint.lintFiles(paths.map((path) => join(tree, path)));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(tree.length + 1),
      result.messages.map((message) => message.ruleId ?? message.message),
    ]),
  );
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'layers-'));
  // Patterns of the config are read from `cwd` when the config file is named.
  eslint = new ESLint({ cwd: tree, overrideConfigFile: join(ROOT, 'eslint.config.mjs') });
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('layers/no-import-loop', () => {
  it('reports both files of a two-file loop, where one side imports only a type', async () => {
    plant({
      'functions/src/pairs/loop-a.ts': "import { b } from './loop-b';\nexport const a = b + 1;\n",
      'functions/src/pairs/loop-b.ts':
        "import type { Shape } from './loop-c';\nexport const b = 1;\nexport type Again = Shape;\n",
      'functions/src/pairs/loop-c.ts':
        "import type { a } from './loop-a';\nexport interface Shape { a: typeof a }\n",
    });
    expect(
      await lint(
        'functions/src/pairs/loop-a.ts',
        'functions/src/pairs/loop-b.ts',
        'functions/src/pairs/loop-c.ts',
      ),
    ).toEqual({
      'functions/src/pairs/loop-a.ts': ['layers/no-import-loop'],
      'functions/src/pairs/loop-b.ts': ['layers/no-import-loop'],
      'functions/src/pairs/loop-c.ts': ['layers/no-import-loop'],
    });
  });

  it('follows a loop through a feature entry and names the way round', async () => {
    plant({
      'functions/src/cohorts/index.ts': "export { cohortOfPair } from './pair-cohort';\n",
      'functions/src/cohorts/pair-cohort.ts':
        "import { pairIds } from '../pairs';\nexport const cohortOfPair = () => pairIds[0];\n",
      'functions/src/pairs/index.ts': "export { pairIds } from './ids';\n",
      'functions/src/pairs/ids.ts':
        "import { cohortOfPair } from '../cohorts';\nexport const pairIds = [String(cohortOfPair)];\n",
    });
    const [result] = await eslint.lintFiles([join(tree, 'functions/src/pairs/ids.ts')]);
    expect(result?.messages.map((m) => m.message)).toEqual([
      expect.stringContaining(
        'functions/src/pairs/ids.ts -> functions/src/cohorts/index.ts -> functions/src/cohorts/pair-cohort.ts -> functions/src/pairs/index.ts -> functions/src/pairs/ids.ts',
      ),
    ]);
  });

  it('says nothing of imports that run one way', async () => {
    plant({
      'functions/src/people/one-way-a.ts':
        "import { b } from './one-way-b';\nexport const a = b;\n",
      'functions/src/people/one-way-b.ts': 'export const b = 1;\n',
    });
    expect(
      await lint('functions/src/people/one-way-a.ts', 'functions/src/people/one-way-b.ts'),
    ).toEqual({
      'functions/src/people/one-way-a.ts': [],
      'functions/src/people/one-way-b.ts': [],
    });
  });
});

describe("the function's layers", () => {
  const rulesOf = async (path: string, text: string) => {
    plant({ [path]: text });
    return (await lint(path))[path];
  };

  it('refuses a platform file that imports a feature, a type included', async () => {
    expect(
      await rulesOf(
        'functions/src/email/uses-feature.ts',
        "import type { PairDoc } from '../pairs';\nexport type Doc = PairDoc;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await rulesOf(
        'functions/src/shared/uses-start-up.ts',
        "import { registerFeatures } from '../register-features';\nexport const r = registerFeatures;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it("refuses a feature that reaches past another feature's entry", async () => {
    expect(
      await rulesOf(
        'functions/src/people/deep.ts',
        "import { allPairs } from '../pairs/store';\nexport const all = allPairs;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('lets a feature use the platform, its own files and other entries', async () => {
    plant({ 'functions/src/people/own.ts': 'export const own = 1;\n' });
    expect(
      await rulesOf(
        'functions/src/people/through-entry.ts',
        [
          "import { allPairs } from '../pairs';",
          "import { db } from '../firebase';",
          "import { own } from './own';",
          'export const all = [allPairs, db, own];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("refuses a start-up file that reaches past a feature's entry", async () => {
    expect(
      await rulesOf(
        'functions/src/schedule/deep.ts',
        "import { runPairsDaily } from '../pairs/daily';\nexport const run = runPairsDaily;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });
});

describe("the web's boundaries", () => {
  it('refuses a web feature that imports another, in every feature folder', async () => {
    plant({
      'web/src/features/nomination/uses-applicant.ts':
        "import { applicantRequest } from '../my-application/my-application-api';\nexport const r = applicantRequest;\n",
      'web/src/lib/uses-feature.ts':
        "import { applicantRequest } from '../features/my-application/my-application-api';\nexport const r = applicantRequest;\n",
    });
    expect(
      await lint('web/src/features/nomination/uses-applicant.ts', 'web/src/lib/uses-feature.ts'),
    ).toEqual({
      'web/src/features/nomination/uses-applicant.ts': ['no-restricted-imports'],
      'web/src/lib/uses-feature.ts': ['no-restricted-imports'],
    });
  });
});
