import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localPolicy } from './local-policy';

const firebaseJson = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'firebase.json'), 'utf8'),
) as { hosting: { headers: { headers: { key: string; value: string }[] }[] } };
const production = firebaseJson.hosting.headers
  .flatMap((rule) => rule.headers)
  .find((h) => h.key === 'Content-Security-Policy')!.value;

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe('the local stacks’ CSP', () => {
  it("adds exactly this stack's Auth and Firestore emulators to connect-src, nothing else", () => {
    const local = directives(localPolicy(production, { auth: 9109, firestore: 8090 }));
    const prod = directives(production);
    expect(local['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:9109',
      'http://127.0.0.1:8090',
      ...prod['connect-src']!.slice(1),
    ]);
    expect({ ...local, 'connect-src': [] }).toEqual({ ...prod, 'connect-src': [] });
  });

  it("production's connect-src names Firestore, Auth and token hosts only", () => {
    expect(directives(production)['connect-src']).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
  });
});
