/**
 * The deploy checks against this repository's real files and firebase-tools' real code, and
 * against the same files broken the ways a deploy would be refused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COLLECTIONS } from '@mentorship/domain';
import {
  checkIndexes,
  checkParams,
  checkRuntime,
  collectionHelpers,
  compositeIndexFor,
  declaredParams,
  queriesIn,
  type IndexSpec,
  type RuntimeInfo,
} from './deploy-check';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/* eslint-disable @typescript-eslint/no-require-imports -- firebase-tools ships CommonJS only */
const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types') as {
  RUNTIMES: Record<string, RuntimeInfo>;
};
const dotenv = require('firebase-tools/lib/functions/env') as {
  parse(data: string): { envs: Record<string, string>; errors: string[] };
};
/* eslint-enable @typescript-eslint/no-require-imports */

const firebaseJson = JSON.parse(read('firebase.json')) as {
  functions: { runtime?: string; configDir?: string }[];
};
const engines = (JSON.parse(read('functions/package.json')) as { engines: { node: string } })
  .engines.node;
const TODAY = new Date('2026-11-23T12:00:00Z');

describe('runtime', () => {
  it("accepts firebase.json's runtime for a year, by firebase-tools' own table", () => {
    const result = checkRuntime(firebaseJson, engines, RUNTIMES, TODAY);
    expect(result.lines.join('\n')).toContain('nodejs24');
    expect(result.ok).toBe(true);
  });

  it('fails when firebase.json names nodejs20 (decommissioned 2026-10-30)', () => {
    const broken = { functions: [{ ...firebaseJson.functions[0], runtime: 'nodejs20' }] };
    const result = checkRuntime(broken, '20', RUNTIMES, TODAY);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toContain('Node.js 20 was decommissioned on 2026-10-30');
  });

  it('fails on nodejs22, deprecated within the year (2027-04-30)', () => {
    const result = checkRuntime({ functions: [{ runtime: 'nodejs22' }] }, '22', RUNTIMES, TODAY);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toContain('deprecated from 2027-04-30');
  });

  it("fails when the functions' engines name another Node", () => {
    const result = checkRuntime(firebaseJson, '20', RUNTIMES, TODAY);
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('functions/package.json engines.node is "20", not "24"');
  });
});

function functionSources(dir = join(ROOT, 'functions', 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return functionSources(path);
    return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('params', () => {
  const envFile = `${firebaseJson.functions[0]!.configDir}/.env`;
  const tracked = read(envFile);
  const params = functionSources().flatMap((file) =>
    declaredParams(relative(ROOT, file), readFileSync(file, 'utf8')),
  );
  const operations = read('docs/operations.md');
  const check = (envText: string, docs = operations) => {
    const { envs, errors } = dotenv.parse(envText);
    return checkParams(params, envs, envFile, errors, docs, 'docs/operations.md');
  };

  it("finds the function's params and secret", () => {
    expect(params.map((p) => `${p.kind} ${p.name}`).sort()).toEqual([
      'param COORDINATOR_EMAILS',
      'param MAIL_FROM',
      'param SITE_URL',
      'secret SMTP_URL',
    ]);
  });

  it('passes with the tracked values and the documented secret command', () => {
    expect(check(tracked)).toMatchObject({ ok: true });
  });

  it('fails when a param loses its value', () => {
    const result = check(tracked.replace(/^MAIL_FROM=.*$/m, 'MAIL_FROM='));
    expect(result.ok).toBe(false);
    expect(result.lines).toContain(
      `param MAIL_FROM (functions/src/email/config.ts): no value in ${envFile}; a non-interactive deploy stops on it`,
    );
  });

  it('fails when a param is missing from the file altogether', () => {
    const result = check(tracked.replace(/^SITE_URL=.*$/m, ''));
    expect(result.ok).toBe(false);
    expect(result.lines.some((l) => l.startsWith('param SITE_URL ('))).toBe(true);
  });

  it('fails when the secret has no documented command', () => {
    const result = check(tracked, operations.replaceAll('functions:secrets:set SMTP_URL', ''));
    expect(result.ok).toBe(false);
  });

  it('takes a default as a value', () => {
    const declared = declaredParams('x.ts', "defineInt('MAX', { default: 3 })");
    expect(declared).toEqual([{ name: 'MAX', kind: 'param', hasDefault: true, file: 'x.ts' }]);
    expect(checkParams(declared, {}, '.env', [], '', 'docs/operations.md').ok).toBe(true);
  });
});

describe('indexes', () => {
  const indexes = (JSON.parse(read('firestore.indexes.json')) as { indexes: IndexSpec[] }).indexes;
  const helpers = { auditCollection: 'audit', studentsCollection: 'students' };

  it('knows which queries need a composite index', () => {
    const [q] = queriesIn(
      'a.ts',
      "const x = auditCollection().where('people', 'array-contains', id).orderBy('at', 'desc');",
      helpers,
    );
    expect(q).toMatchObject({ collection: 'audit' });
    expect(compositeIndexFor(q!)).toEqual({
      equality: [],
      rest: [
        { fieldPath: 'people', arrayConfig: 'CONTAINS' },
        { fieldPath: 'at', order: 'DESCENDING' },
      ],
    });
    const single = queriesIn(
      'b.ts',
      "query(collection(db, 'x'), orderBy('createdAt', 'desc'));",
      {},
    );
    expect(compositeIndexFor(single[0]!)).toBeUndefined();
    const equalities = queriesIn('c.ts', "s.where('a', '==', 1).where('b', '==', 2).get();", {});
    expect(compositeIndexFor(equalities[0]!)).toBeUndefined();
  });

  it("passes on the repository's own index file for the audit query", () => {
    const queries = queriesIn(
      'router.ts',
      "query = auditCollection().where('people', 'array-contains', person).orderBy('at', 'desc');",
      helpers,
    );
    expect(checkIndexes(queries, indexes).ok).toBe(true);
  });

  it('fails when a query combines a filter and an order that no index covers', () => {
    const queries = queriesIn(
      'stats.ts',
      "const q = studentsCollection().where('isActive', '==', true).orderBy('createdAt', 'desc');",
      helpers,
    );
    const result = checkIndexes(queries, indexes);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toBe(
      'MISSING composite index students [isActive ASCENDING, createdAt DESCENDING] for stats.ts:1',
    );
    const withIndex: IndexSpec = {
      collectionGroup: 'students',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'isActive', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    };
    expect(checkIndexes(queries, [...indexes, withIndex]).ok).toBe(true);
    // An index of another collection does not count.
    expect(
      checkIndexes(queries, [...indexes, { ...withIndex, collectionGroup: 'mentors' }]).ok,
    ).toBe(false);
  });

  it('fails a query whose collection it cannot tell, rather than matching any collection', () => {
    const queries = queriesIn(
      'x.ts',
      "const q = someRef.where('cohortId', '==', id).where('rating', '!=', null);",
      helpers,
    );
    // firestore.indexes.json has [cohortId, rating] for checkIns: it must not pass this query.
    const result = checkIndexes(queries, indexes);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(
      /^UNKNOWN collection for composite index \[cohortId ASCENDING, rating ASCENDING\] at x\.ts:1/,
    );
  });

  it('reads a collection named by the registry inline, and one the code declares in a comment', () => {
    const [inline] = queriesIn(
      'y.ts',
      "db.collection(COLLECTIONS.mail).where('delivery.state', '==', 'x').orderBy('createdAt');",
      {},
    );
    expect(inline).toMatchObject({ collection: 'mail' });
    const [declared] = queriesIn(
      'z.ts',
      "// deploy:check collections students, mentors\nconst q = c.where('confirmed', '==', false).where('createdAt', '<', t);",
      {},
    );
    expect(declared).toMatchObject({ collection: 'students|mentors' });
    expect(checkIndexes([declared!], indexes).ok).toBe(true);
    // Both collections need the index.
    const studentsOnly = indexes.filter(
      (index) =>
        !(index.collectionGroup === 'mentors' && index.fields[0]?.fieldPath === 'confirmed'),
    );
    expect(checkIndexes([declared!], studentsOnly).ok).toBe(false);
  });

  it("tells the collection of every query of the function's own code that needs an index", () => {
    const files = (dir: string): string[] =>
      readdirSync(join(ROOT, dir)).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(join(ROOT, path)).isDirectory()) return files(path);
        return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
      });
    const sources = files('functions/src').map((file) => ({ file, text: read(file) }));
    const found = collectionHelpers(
      sources.map((s) => s.text),
      COLLECTIONS,
    );
    expect(found).toMatchObject({ studentsCollection: 'students', checkIns: 'checkIns' });
    const queries = sources.flatMap((s) => queriesIn(s.file, s.text, found));
    const result = checkIndexes(queries, indexes);
    expect(result.lines.filter((line) => /UNKNOWN|MISSING/.test(line))).toEqual([]);
    expect(
      result.lines.filter((line) => line.startsWith('has composite index')).length,
    ).toBeGreaterThan(5);
  });
});
