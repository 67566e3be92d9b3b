/**
 * The erasure scan: every document of the database (subcollections included) read back, and the
 * ones that still hold something of an erased person. Used by the integration tests, the browser
 * tests (e2e/applicant-support.ts) and the audience walk (tests/api/audience.test.ts).
 */
import { COLLECTION_PATHS, collectionPatternOf } from '@mentorship/domain';
import { firestore } from './api';

export interface StoredDocument {
  path: string;
  data: Record<string, unknown>;
  /** `data` as JSON, for a search. */
  json: string;
}

/**
 * Every document of the database with its stored values, subcollections at any depth included,
 * in one query: a collection group with no name is Firestore's kindless query over all
 * descendants of the root (what the SDK's recursiveDelete reads). Walking collection by
 * collection asked every document for its subcollections, one request each: 25,538 documents
 * took 246 s that way and 3.7 s in one query, the same documents.
 */
export async function everyDocument(): Promise<StoredDocument[]> {
  const snapshot = await firestore().collectionGroup('').get();
  return snapshot.docs.map((d) => {
    const data = d.data();
    return { path: d.ref.path, data, json: JSON.stringify(data) };
  });
}

/**
 * The documents that still hold any of `needles` (case-insensitive), as `path: needle`, except
 * what docs/data-model.md says stays after an erasure: the person's id (`id`) in history entries
 * (`audit`).
 */
export async function leftoversOf(needles: string[], id: string): Promise<string[]> {
  const found: string[] = [];
  for (const { path, json } of await everyDocument()) {
    const text = path.startsWith('audit/') ? json.split(id).join('') : `${path} ${json}`;
    const lower = text.toLowerCase();
    for (const needle of needles) {
      if (lower.includes(needle.toLowerCase())) found.push(`${path}: ${needle}`);
    }
  }
  return found;
}

/**
 * The documents of these collections (top-level) whose id or stored values name one of `needles`
 * (case-insensitive), as `collection/id`: a narrower, faster scan than `leftoversOf`.
 */
export async function namingIn(
  collections: readonly string[],
  needles: string[],
): Promise<string[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const found: string[] = [];
  for (const collection of collections) {
    for (const d of (await firestore().collection(collection).get()).docs) {
      const json = `${d.id} ${JSON.stringify(d.data())}`.toLowerCase();
      if (lower.some((n) => json.includes(n))) found.push(`${collection}/${d.id}`);
    }
  }
  return found;
}

/**
 * The erasure scan by the registry: every registered collection (domain registry.ts), read
 * whole (a subcollection through its collection group), and the documents whose id or stored
 * values still hold one of `needles` (case-insensitive), as `path: needle`; what
 * docs/data-model.md says stays after an erasure (the person's `id` in history entries) is not
 * counted. `scanned` lists the registered paths read, so a test can show none was left out.
 */
export async function registryLeftoversOf(
  needles: string[],
  id: string,
): Promise<{ found: string[]; scanned: string[] }> {
  const found: string[] = [];
  const scanned: string[] = [];
  for (const path of COLLECTION_PATHS) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const snapshot = path.includes('/')
      ? await firestore().collectionGroup(name).get()
      : await firestore().collection(path).get();
    scanned.push(path);
    for (const d of snapshot.docs) {
      if (collectionPatternOf(d.ref.path) !== path) continue;
      const json = `${d.ref.path} ${JSON.stringify(d.data())}`;
      const text = (path === 'audit' ? json.split(id).join('') : json).toLowerCase();
      for (const needle of needles) {
        if (text.includes(needle.toLowerCase())) found.push(`${d.ref.path}: ${needle}`);
      }
    }
  }
  return { found, scanned };
}
