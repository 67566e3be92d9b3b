/**
 * `npm install` on Node 20 (Debian's, many CI images'): npm skips a package the lock marks
 * `optional` when its engines exclude the installing Node. firebase-admin 14 lists
 * @google-cloud/firestore as optional with engines >= 22, so a Node 20 install used to end without
 * it and `npm start` in `Cannot find module '@google-cloud/firestore'`. The repository now depends
 * on it directly: nothing firebase-admin's Firestore loads may be optional-only in the lock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

interface LockPackage {
  version?: string;
  optional?: boolean;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

/** Node's lookup in the lock: `<from>/node_modules/<name>`, then each parent folder's. */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at >= 0 ? dir.slice(0, at) : '';
  }
}

/** The package and everything it requires (not its optional dependencies), by lock path. */
function closure(start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const name of Object.keys(lock.packages[path]?.dependencies ?? {})) {
      const found = resolve(path, name);
      if (found) queue.push(found);
    }
  }
  return [...seen];
}

test('firebase-admin needs @google-cloud/firestore and npm on Node 20 would skip it as optional', () => {
  const admin = lock.packages['node_modules/firebase-admin'];
  expect(admin?.engines?.node).toBe('>=22');
  const firestore = lock.packages['node_modules/@google-cloud/firestore'];
  expect(firestore?.engines?.node).toBe('>=22');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  expect(manifest.devDependencies['@google-cloud/firestore']).toBeDefined();
});

test('nothing the Firestore client loads is optional-only in the lock (so Node 20 installs it)', () => {
  const paths = closure('node_modules/@google-cloud/firestore');
  expect(paths.length).toBeGreaterThan(20);
  expect(paths.filter((p) => lock.packages[p]?.optional === true)).toEqual([]);
});
