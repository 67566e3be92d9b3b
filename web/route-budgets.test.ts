/**
 * The route budgets (route-budgets.ts): a route's first JavaScript is the closure of its modules'
 * static imports, measured as gzip; a planted import of a large library into a wizard's first
 * step fails the build with the route and its figure.
 */
import { randomBytes } from 'node:crypto';
import { weighRoutes, type BudgetFile, type ChunkInfo } from './route-budgets';

const chunk = (code: string, imports: string[] = []): ChunkInfo => ({ code, imports });
// Random base64 text: gzip keeps its 6 bits of every 8, so it weighs about 3/4 of its length.
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

const budgets: BudgetFile = {
  routes: {
    '/register-student at the first interaction': {
      modules: ['src/app/start.tsx', 'src/features/applications/student-wizard-page.tsx'],
      gzipKb: 30,
    },
  },
};

const chunkOf = new Map([
  ['src/app/start.tsx', 'start.js'],
  ['src/features/applications/student-wizard-page.tsx', 'wizard.js'],
]);

function bundle(wizardImports: string[], extra: [string, ChunkInfo][] = []) {
  return new Map<string, ChunkInfo>([
    ['start.js', chunk(incompressible(10_000), ['react.js'])],
    ['react.js', chunk(incompressible(8_000))],
    ['wizard.js', chunk(incompressible(5_000), wizardImports)],
    // Loaded later (a dynamic import): never part of the first JavaScript.
    ['step-two.js', chunk(incompressible(50_000))],
    ...extra,
  ]);
}

it('weighs the closure of static imports, each shared chunk once', () => {
  const { weights, errors } = weighRoutes(budgets, bundle(['react.js']), chunkOf);
  expect(errors).toEqual([]);
  expect(weights).toHaveLength(1);
  expect(weights[0]).toMatchObject({ files: 3, budgetKb: 30 });
  // 3/4 of 23,000 characters, plus gzip's few bytes of framing per file; step-two.js not counted.
  expect(weights[0]?.gzipKb).toBeGreaterThanOrEqual(17.2);
  expect(weights[0]?.gzipKb).toBeLessThan(18);
});

it('fails a wizard whose first step imports a large library, naming the route and the figure', () => {
  const planted = bundle(['react.js', 'charts.js'], [['charts.js', chunk(incompressible(40_000))]]);
  const { errors } = weighRoutes(budgets, planted, chunkOf);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(
    /^\/register-student at the first interaction: its first JavaScript is 4[78](\.\d)? kB gzip in 4 files, over its budget of 30 kB/,
  );
});

it('refuses a budget whose module starts no chunk (it would measure nothing)', () => {
  const { errors } = weighRoutes(
    { routes: { '/gone': { modules: ['src/features/gone-page.tsx'], gzipKb: 10 } } },
    bundle([]),
    chunkOf,
  );
  expect(errors).toEqual(['/gone: no chunk starts at src/features/gone-page.tsx']);
});
