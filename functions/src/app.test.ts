/**
 * The app serves exactly the domain's path table (packages/domain/src/api-paths.ts): every route
 * a router mounts is in the table with that method, and every method of every entry is mounted.
 * A router with a literal path outside the table, or an entry no router serves, fails here.
 */
import { API, API_PREFIX, apiPaths, myApplicationPaths } from '@mentorship/domain';
import { createApp } from './app';
import { RELATED_ORIGINS_PATH } from './passkeys';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function routesOf(stack: Layer[]): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push(`${method.toUpperCase()} ${layer.route.path}`);
      }
    } else if (layer.handle?.stack) {
      out.push(...routesOf(layer.handle.stack));
    }
  }
  return out;
}

describe('the path table', () => {
  it('is what the app serves, method by method', () => {
    const app = createApp({}) as unknown as { router: { stack: Layer[] } };
    // HEAD answers with GET; Express lists it only where a route asks for it.
    const served = new Set(routesOf(app.router.stack).filter((r) => !r.startsWith('HEAD ')));
    const table = new Set(
      Object.values(API).flatMap((route) => route.methods.map((m) => `${m} ${route.path}`)),
    );
    // The applicant's two corrections are mounted one per role (`/api/me/student`, `.../mentor`).
    for (const role of ['student', 'mentor'] as const) {
      table.delete(`PUT ${API.myApplication.path}`);
      table.add(`PUT ${myApplicationPaths.application(role)}`);
    }
    // Mounted but not in the table: only the passkeys' related origins, at the fixed address
    // browsers fetch (passkeys/related-origins.ts).
    expect([...served].filter((r) => !table.has(r)).sort()).toEqual([
      `GET ${RELATED_ORIGINS_PATH}`,
    ]);
    // In the table but not mounted:
    expect([...table].filter((r) => !served.has(r)).sort()).toEqual([]);
  });

  it('fills parameters, encoded, and leaves paths without them as they are', () => {
    expect(apiPaths.admin.student('a/b c')).toBe('/api/admin/students/a%2Fb%20c');
    expect(myApplicationPaths.withdraw('mentor')).toBe('/api/me/mentor/withdraw');
    expect(apiPaths.health).toBe('/api/health');
  });

  it('keeps every path under /api, the coordinators’ under the admin prefix', () => {
    for (const route of Object.values(API)) expect(route.path.startsWith('/api/')).toBe(true);
    const admin = Object.values(API).filter((r) => r.path.startsWith(`${API_PREFIX.admin}/`));
    expect(admin.length).toBeGreaterThan(30);
  });
});
