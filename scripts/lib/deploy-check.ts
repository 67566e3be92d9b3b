/**
 * The checks of `npm run deploy:check` (scripts/deploy-check.ts), offline, each a pure function of
 * what it reads so that the unit tests can feed it a broken project (deploy-check.test.ts):
 *
 *   runtime   firebase-tools' own runtime table accepts firebase.json's runtime for at least a
 *             year (neither deprecated nor decommissioned before then), and the functions'
 *             engines name the same Node major
 *   params    every param the functions declare (defineString & co. without a default) has a
 *             value in the tracked configDir's `.env` (parsed and key-checked by firebase-tools'
 *             own dotenv code), and every secret has a documented `functions:secrets:set` command
 *   schema    firebase.json validates against firebase-tools' schema (its own validator)
 *   indexes   every Firestore query in the code that needs a composite index has it in
 *             firestore.indexes.json (a static scan of the query code: see queriesNeedingIndexes)
 */

interface CheckResult {
  check: string;
  ok: boolean;
  /** One line per finding, good or bad. */
  lines: string[];
}

export interface RuntimeInfo {
  friendly: string;
  status: string;
  deprecationDate: string;
  decommissionDate: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** firebase.json's runtime against firebase-tools' runtime table, a year ahead of `today`. */
export function checkRuntime(
  firebaseJson: { functions?: { runtime?: string }[] },
  enginesNode: string | undefined,
  table: Readonly<Record<string, RuntimeInfo>>,
  today: Date,
): CheckResult {
  const lines: string[] = [];
  let ok = true;
  const horizon = new Date(today.getTime() + 365 * DAY);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  for (const [i, fn] of (firebaseJson.functions ?? []).entries()) {
    const runtime = fn.runtime ?? '(none)';
    const info = table[runtime];
    if (!info) {
      ok = false;
      lines.push(`functions[${i}].runtime ${runtime}: not in firebase-tools' runtime table`);
      continue;
    }
    const deprecated = new Date(info.deprecationDate);
    const decommissioned = new Date(info.decommissionDate);
    if (decommissioned <= today) {
      ok = false;
      lines.push(
        `functions[${i}].runtime ${runtime}: ${info.friendly} was decommissioned on ${info.decommissionDate}; a deploy throws`,
      );
    } else if (deprecated <= horizon || decommissioned <= horizon) {
      ok = false;
      lines.push(
        `functions[${i}].runtime ${runtime}: ${info.friendly} is deprecated from ${info.deprecationDate} (decommissioned ${info.decommissionDate}), before ${day(horizon)}`,
      );
    } else {
      lines.push(
        `functions[${i}].runtime ${runtime}: ${info.friendly} ${info.status}, deprecated from ${info.deprecationDate}, decommissioned ${info.decommissionDate} (after ${day(horizon)})`,
      );
    }
    const major = /^nodejs(\d+)$/.exec(runtime)?.[1];
    if (major && enginesNode !== major) {
      ok = false;
      lines.push(`functions/package.json engines.node is "${enginesNode}", not "${major}"`);
    }
  }
  if (lines.length === 0) {
    ok = false;
    lines.push('firebase.json declares no functions');
  }
  return { check: 'runtime', ok, lines };
}

interface DeclaredParam {
  name: string;
  kind: 'param' | 'secret';
  hasDefault: boolean;
  file: string;
}

const DEFINE =
  /\bdefine(String|Int|Float|Boolean|List|Secret|JsonSecret)\(\s*['"]([A-Z0-9_]+)['"]([^)]*)\)/g;

/** The params and secrets declared in one source file (firebase-functions/params). */
export function declaredParams(file: string, source: string): DeclaredParam[] {
  const found: DeclaredParam[] = [];
  for (const match of source.matchAll(DEFINE)) {
    const [, type, name, rest] = match;
    found.push({
      name: name!,
      kind: type === 'Secret' || type === 'JsonSecret' ? 'secret' : 'param',
      hasDefault: /\bdefault\s*:/.test(rest ?? ''),
      file,
    });
  }
  return found;
}

/**
 * Every param without a default has a value in the tracked dotenv (what a non-interactive deploy
 * needs: it refuses to prompt); every secret has its `functions:secrets:set` command documented.
 */
export function checkParams(
  params: readonly DeclaredParam[],
  trackedEnv: Readonly<Record<string, string>>,
  envFile: string,
  envErrors: readonly string[],
  docs: string,
  docsFile: string,
): CheckResult {
  const lines: string[] = [];
  let ok = envErrors.length === 0;
  for (const error of envErrors) lines.push(`${envFile}: ${error}`);
  if (params.length === 0) {
    ok = false;
    lines.push('no params found in the functions (is the scan looking at the right folder?)');
  }
  for (const p of params) {
    if (p.kind === 'secret') {
      const documented = docs.includes(`functions:secrets:set ${p.name}`);
      if (!documented) ok = false;
      lines.push(
        documented
          ? `secret ${p.name}: created by \`npx firebase functions:secrets:set ${p.name}\` (${docsFile})`
          : `secret ${p.name} (${p.file}): no \`functions:secrets:set ${p.name}\` in ${docsFile}`,
      );
      continue;
    }
    const value = trackedEnv[p.name];
    if (value !== undefined && value.trim() !== '') {
      lines.push(`param ${p.name}: ${envFile}`);
    } else if (p.hasDefault) {
      lines.push(`param ${p.name}: its default (${p.file})`);
    } else {
      ok = false;
      lines.push(
        `param ${p.name} (${p.file}): no value in ${envFile}; a non-interactive deploy stops on it`,
      );
    }
  }
  return { check: 'params', ok, lines };
}

/** firebase.json against firebase-tools' schema, with firebase-tools' own messages. */
export function checkSchema(errors: readonly string[]): CheckResult {
  return {
    check: 'schema',
    ok: errors.length === 0,
    lines: errors.length ? [...errors] : ["firebase.json validates against firebase-tools' schema"],
  };
}

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface IndexSpec {
  collectionGroup: string;
  queryScope?: string;
  fields: IndexField[];
}

interface QueryShape {
  file: string;
  line: number;
  /** The collection, when the scan could tell (undefined: matched on fields only). */
  collection: string | undefined;
  /** Filters in order: equality first in the index, then array-contains, then ranges. */
  filters: { field: string; op: string }[];
  orderBy: { field: string; direction: 'ASCENDING' | 'DESCENDING' }[];
}

const EQUALITY = new Set(['==', 'in']);
const ARRAY = new Set(['array-contains', 'array-contains-any']);

/**
 * The function's collection helpers (`students = () => db.collection(COLLECTIONS.students)`, also
 * through a feature's own constants such as PAIR_COLLECTIONS), each to the registry's name of its
 * collection: the queries that call a helper run on that collection.
 */
export function collectionHelpers(
  sources: readonly string[],
  collections: Readonly<Record<string, string>>,
): Record<string, string> {
  const helpers: Record<string, string> = {};
  for (const source of sources) {
    for (const m of source.matchAll(
      /(\w+)\s*=\s*\(\)\s*=>\s*db\.collection\((?:\w+_)?COLLECTIONS\.(\w+)\)/g,
    )) {
      const name = collections[m[2]!];
      if (name) helpers[m[1]!] = name;
    }
  }
  return helpers;
}

/**
 * The queries of one file, found statement by statement (text between semicolons): the
 * `where(field, op, ...)` and `orderBy(field, dir)` calls with literal field names, for both the
 * Admin SDK's chains and the web SDK's `query(...)`. A filter on a field named by a variable is
 * counted as an equality on an unknown field (it never needs a composite index on its own).
 * `collections` maps helper calls (e.g. `auditCollection()`) and `collection('x')` to names.
 */
export function queriesIn(
  file: string,
  source: string,
  collections: Readonly<Record<string, string>>,
): QueryShape[] {
  const shapes: QueryShape[] = [];
  let offset = 0;
  for (const statement of source.split(';')) {
    const start = offset;
    offset += statement.length + 1;
    const filters = [
      ...statement.matchAll(/\bwhere\(\s*(?:'([^']+)'|"([^"]+)"|(\w+))\s*,\s*'([^']+)'/g),
    ].map((m) => ({ field: m[1] ?? m[2] ?? `<${m[3]}>`, op: m[4]! }));
    const orderBy = [
      ...statement.matchAll(/\borderBy\(\s*['"]([^'"]+)['"](?:\s*,\s*['"](asc|desc)['"])?/g),
    ].map((m) => ({
      field: m[1]!,
      direction: m[2] === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const),
    }));
    if (filters.length === 0 && orderBy.length === 0) continue;
    // Two collections in one statement (e.g. queries side by side in Promise.all) cannot be told
    // apart here: the shape names both, so a composite index it needs is reported missing.
    const named = Object.entries(collections)
      .filter(([helper]) => statement.includes(`${helper}(`))
      .map(([, name]) => name);
    let collection: string | undefined =
      named.length > 0 ? [...new Set(named)].join('|') : undefined;
    const literal = /\bcollection\(\s*(?:\w+\s*,\s*)?['"](\w+)['"]/.exec(statement);
    if (literal) collection = literal[1];
    // The registry's constants name themselves (COLLECTIONS.mail is 'mail').
    const constant = /\bcollection\(\s*(?:\w+\s*,\s*)?(?:\w+_)?COLLECTIONS\.(\w+)\s*\)/.exec(
      statement,
    );
    if (constant) collection = constant[1];
    // A query on a collection chosen at run time says which it may be, in a comment before it:
    // `// deploy:check collections students, mentors`.
    const declared = /deploy:check collections ([\w, ]+)/.exec(statement);
    if (declared)
      collection = declared[1]!
        .split(/[,\s]+/)
        .filter(Boolean)
        .join('|');
    const line = source.slice(0, start + statement.search(/\S|$/)).split('\n').length;
    shapes.push({ file, line, collection, filters, orderBy });
  }
  return shapes;
}

/** A composite index's fields: equality fields (any order among them), then the rest in order. */
interface NeededIndex {
  equality: IndexField[];
  rest: IndexField[];
}

/**
 * The composite index a query needs, or undefined when Firestore's automatic single-field
 * indexes serve it: equality filters only (merged), or one field filtered/ordered alone.
 */
export function compositeIndexFor(q: QueryShape): NeededIndex | undefined {
  const equalities = q.filters.filter((f) => EQUALITY.has(f.op));
  const arrays = q.filters.filter((f) => ARRAY.has(f.op));
  const ranges = q.filters.filter((f) => !EQUALITY.has(f.op) && !ARRAY.has(f.op));
  const rangeFields = new Set(ranges.map((f) => f.field));
  const orderFields = q.orderBy.map((o) => o.field);
  const sortedFields = new Set([...rangeFields, ...orderFields]);
  const needs =
    sortedFields.size > 1 ||
    ((equalities.length > 0 || arrays.length > 0) && sortedFields.size > 0) ||
    arrays.length > 1;
  if (!needs) return undefined;
  const rest: IndexField[] = [];
  for (const f of arrays) rest.push({ fieldPath: f.field, arrayConfig: 'CONTAINS' });
  for (const field of rangeFields) {
    if (!orderFields.includes(field)) rest.push({ fieldPath: field, order: 'ASCENDING' });
  }
  for (const o of q.orderBy) rest.push({ fieldPath: o.field, order: o.direction });
  return {
    equality: equalities.map((f) => ({ fieldPath: f.field, order: 'ASCENDING' })),
    rest,
  };
}

const sameField = (a: IndexField, b: IndexField) =>
  a.fieldPath === b.fieldPath &&
  (a.arrayConfig ? a.arrayConfig === b.arrayConfig : !b.arrayConfig && a.order === b.order);

/** Whether `index` serves a query needing `need`. */
function serves(index: IndexSpec, need: NeededIndex, collection: string): boolean {
  if (index.collectionGroup !== collection) return false;
  if (index.fields.length !== need.equality.length + need.rest.length) return false;
  const head = index.fields.slice(0, need.equality.length);
  const tail = index.fields.slice(need.equality.length);
  return (
    need.equality.every((f) => head.some((h) => sameField(h, f))) &&
    need.rest.every((f, i) => sameField(tail[i]!, f))
  );
}

export function checkIndexes(
  queries: readonly QueryShape[],
  indexes: readonly IndexSpec[],
): CheckResult {
  const lines: string[] = [];
  let ok = true;
  let automatic = 0;
  for (const q of queries) {
    const need = compositeIndexFor(q);
    if (!need) {
      automatic += 1;
      continue;
    }
    const where = `${q.file}:${q.line}`;
    const shape = [...need.equality, ...need.rest]
      .map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`)
      .join(', ');
    // A query whose collection this reading cannot tell fails: an index on some other
    // collection with the same fields would otherwise pass it.
    if (q.collection === undefined) {
      ok = false;
      lines.push(
        `UNKNOWN collection for composite index [${shape}] at ${where}: use a collection helper, or say which in a comment before the query (// deploy:check collections a, b)`,
      );
      continue;
    }
    // Every collection the query may run on (a|b) needs its own index.
    const found = q.collection
      .split('|')
      .every((name) => indexes.some((index) => serves(index, need, name)));
    if (!found) ok = false;
    lines.push(
      `${found ? 'has' : 'MISSING'} composite index ${q.collection} [${shape}] for ${where}`,
    );
  }
  lines.push(`${automatic} more queries use single-field indexes only (automatic)`);
  return { check: 'indexes', ok, lines };
}
