/**
 * The first JavaScript each route needs, held to a budget by every build (vite.config.ts calls
 * this once the bundle is made, so `npm start`, `npm test` and a deploy all refuse a route that
 * grew past its figure). A route's first JavaScript is the closure of static imports from the
 * modules its first screen runs (route-budgets.json names them), measured as gzip, which is what
 * a phone downloads and close to what it parses.
 *
 * A budget is a ceiling to notice growth the day it happens, not a goal: when a change needs more,
 * raise the figure in the same commit and say why; when a change saves weight, lower it.
 */
import { gzipSync } from 'node:zlib';

export interface RouteBudget {
  /** Modules (paths from web/, e.g. src/app/start.tsx) whose chunks the first screen runs. */
  modules: string[];
  /** The most gzip kilobytes (1,000 bytes) the closure of those chunks may weigh. */
  gzipKb: number;
}

export interface BudgetFile {
  routes: Record<string, RouteBudget>;
}

/** One chunk of the client bundle: its static imports and its code. */
export interface ChunkInfo {
  imports: readonly string[];
  code: string;
}

export interface RouteWeight {
  route: string;
  files: number;
  gzipKb: number;
  budgetKb: number;
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * Weighs every route of the budget file. `chunkOf` maps a module path (from web/) to the chunk
 * it starts; a module with no chunk of its own is an error (a budget that measures nothing).
 */
export function weighRoutes(
  budgets: BudgetFile,
  chunks: ReadonlyMap<string, ChunkInfo>,
  chunkOf: ReadonlyMap<string, string>,
): { weights: RouteWeight[]; errors: string[] } {
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const weights: RouteWeight[] = [];
  const errors: string[] = [];
  for (const [route, budget] of Object.entries(budgets.routes)) {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    for (const module of budget.modules) {
      const file = chunkOf.get(module);
      if (file === undefined) errors.push(`${route}: no chunk starts at ${module}`);
      else visit(file);
    }
    const gzipKb = kb([...seen].reduce((sum, file) => sum + sizeOf(file), 0));
    weights.push({ route, files: seen.size, gzipKb, budgetKb: budget.gzipKb });
    if (gzipKb > budget.gzipKb) {
      errors.push(
        `${route}: its first JavaScript is ${gzipKb} kB gzip in ${seen.size} files, over its budget of ${budget.gzipKb} kB (web/route-budgets.json)`,
      );
    }
  }
  return { weights, errors };
}
