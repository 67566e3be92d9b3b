/**
 * A person's erasure, walked from the collection registry (domain registry.ts): every
 * collection states how a person's documents are found (`erasure.by`) and what happens to them
 * (deleted, scrubbed or released), or why it holds nothing of a person. This file reads what
 * each rule finds inside the erasure's transaction and returns the writes, so a collection added
 * with a rule is erased without anyone remembering to add it here; one without a rule does not
 * compile (and fails registry.test.ts). The pairs the person had (`{ pair: field }` keys) are
 * erased by the pair module (pairs/transitions.ts `erasePairsOf`), which reads the same rules.
 */
import type {
  DocumentReference,
  DocumentSnapshot,
  Query,
  Transaction,
  UpdateData,
} from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import {
  COLLECTION_PATHS,
  COLLECTION_REGISTRY,
  rowsPath,
  type CollectionPath,
  type ErasureKey,
  type PersonKind,
} from '@mentorship/domain';
import { recipientKey } from '../abuse/recipient';
import { db } from '../firebase';
import { applicationLockId, normaliseEmail } from '../shared/ids';

/** Who is erased, as their record was read in the transaction. */
export interface ErasedPerson {
  kind: PersonKind;
  id: string;
  email: string | null;
  cohortId: string | null;
  /**
   * Someone asked for this erasure: the person ("Delete my data") or a coordinator (Delete);
   * rules with `only: 'on-request'` apply. False for the retention job.
   */
  onRequest: boolean;
}

/** What one key finds: documents by reference, or the documents a query returns. */
type Found = { refs: DocumentReference[] } | { query: Query };

const parentPath = (path: string, parentId: string) => path.replace('*', parentId);

/** The document references or the query a key gives for this person (null: none applies). */
function findBy(path: CollectionPath, key: ErasureKey, person: ErasedPerson): Found | null {
  const top = path.includes('/') ? null : db.collection(path);
  const addresses = person.email ? [...new Set([person.email, normaliseEmail(person.email)])] : [];
  if ('pair' in key) return null; // the pair module's (erasePairsOf)
  if ('under' in key) {
    if (key.under === 'record') {
      // `students/*/notes`: the subcollection of the person's record, of their kind only.
      const [parent] = path.split('/');
      const own = person.kind === 'student' ? 'students' : 'mentors';
      return parent === own ? { query: db.collection(parentPath(path, person.id)) } : null;
    }
    // `cohorts/*/studentRows`: their row, under the cohort their record was filed in.
    const rows = rowsPath(person.kind, person.cohortId);
    const [, , name] = rows.split('/');
    return path.endsWith(`/${name}`) ? { refs: [db.collection(rows).doc(person.id)] } : null;
  }
  if (!top) throw new Error(`Erasure of ${path}: only 'under' keys apply to a subcollection`);
  if ('id' in key) {
    switch (key.id) {
      case 'person':
        return { refs: [top.doc(person.id)] };
      case 'email-lock':
        return person.email
          ? { refs: [top.doc(applicationLockId(person.kind, person.email))] }
          : null;
      case 'address-hash': {
        if (!person.email) return null;
        const hash = createHash('sha256').update(recipientKey(person.email)).digest('hex');
        return { refs: [top.doc(hash.slice(0, key.digits))] };
      }
    }
  }
  switch (key.holds) {
    case 'id':
      return { query: top.where(key.field, '==', person.id) };
    case 'ids':
      return { query: top.where(key.field, 'array-contains', person.id) };
    case 'address':
    case 'addresses': {
      if (addresses.length === 0) return null;
      const op = key.holds === 'address' ? 'in' : 'array-contains-any';
      return { query: top.where(key.field, op, addresses) };
    }
  }
}

export interface ErasurePlan {
  /** Every document the rules delete (by path): the pair module leaves these to the plan. */
  deletes: Map<string, DocumentReference>;
  /** Writes the deletes, scrubs and releases (after the transaction's other reads). */
  write: () => void;
  /** The collections each rule was applied to (what the walk covered). */
  walked: CollectionPath[];
}

/**
 * Reads, in `tx`, every document the registry's rules find for the person; the returned plan
 * writes. Documents of their pairs are the pair module's (`{ pair }` keys, erasePairsOf).
 */
export async function planErasure(tx: Transaction, person: ErasedPerson): Promise<ErasurePlan> {
  const deletes = new Map<string, DocumentReference>();
  const updates = new Map<string, { ref: DocumentReference; data: UpdateData<object> }>();
  const walked: CollectionPath[] = [];
  const reads: Promise<void>[] = [];
  for (const path of COLLECTION_PATHS) {
    const rule = COLLECTION_REGISTRY[path].erasure;
    if (!('by' in rule)) continue; // holds nothing of a person (`nothingPersonal` says why)
    if ('only' in rule && rule.only === 'on-request' && !person.onRequest) continue;
    walked.push(path);
    const then = 'then' in rule ? rule.then : undefined;
    const take = (snap: DocumentSnapshot) => {
      if (!snap.exists) return;
      if (!then) deletes.set(snap.ref.path, snap.ref);
      else if ('scrub' in then) {
        const data: Record<string, unknown> = { scrubbed: true };
        for (const field of then.scrub) data[field] = null;
        updates.set(snap.ref.path, { ref: snap.ref, data });
      } else {
        const data: Record<string, unknown> = {};
        for (const field of then.release) data[field] = null;
        updates.set(snap.ref.path, { ref: snap.ref, data });
      }
    };
    for (const key of rule.by) {
      const found = findBy(path, key, person);
      if (!found) continue;
      reads.push(
        'refs' in found
          ? tx.getAll(...found.refs).then((snaps) => snaps.forEach(take))
          : tx.get(found.query).then((snap) => snap.docs.forEach(take)),
      );
    }
  }
  await Promise.all(reads);
  return {
    deletes,
    walked,
    write: () => {
      for (const ref of deletes.values()) tx.delete(ref);
      for (const [path, { ref, data }] of updates) if (!deletes.has(path)) tx.update(ref, data);
    },
  };
}
