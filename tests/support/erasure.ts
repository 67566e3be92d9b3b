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
 * Every document of the database with its stored values: each collection read in one query, and
 * every document (a missing parent included) asked for its subcollections, a few at a time.
 */
export async function everyDocument(): Promise<StoredDocument[]> {
  const out: StoredDocument[] = [];
  type Parent = { listCollections(): Promise<FirebaseFirestore.CollectionReference[]> };
  const walk = async (parent: Parent): Promise<void> => {
    for (const collection of await parent.listCollections()) {
      const [snapshot, refs] = await Promise.all([collection.get(), collection.listDocuments()]);
      for (const d of snapshot.docs) {
        const data = d.data();
        out.push({ path: d.ref.path, data, json: JSON.stringify(data) });
      }
      for (let i = 0; i < refs.length; i += 20) await Promise.all(refs.slice(i, i + 20).map(walk));
    }
  };
  await walk(firestore());
  return out;
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
