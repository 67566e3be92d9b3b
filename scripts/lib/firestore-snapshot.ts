/**
 * Saves and restores the local Firestore data through the Admin SDK, so that `npm start` keeps
 * its data across restarts on the in-memory Node emulator. Timestamps are tagged in the JSON.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { PROJECT_ID } from './paths';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Snapshot = Record<string, Record<string, Json>>;

const db = () => getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));

const encode = (value: unknown): Json => {
  if (value instanceof Timestamp) return { __timestamp: value.toDate().toISOString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value as Json;
};

const decode = (value: Json): unknown => {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if (typeof value.__timestamp === 'string')
      return Timestamp.fromDate(new Date(value.__timestamp));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
};

export async function saveSnapshot(file: string, collections: string[]): Promise<number> {
  const snapshot: Snapshot = {};
  let count = 0;
  for (const name of collections) {
    const docs = await db().collection(name).get();
    snapshot[name] = Object.fromEntries(docs.docs.map((d) => [d.id, encode(d.data())]));
    count += docs.size;
  }
  writeFileSync(file, JSON.stringify(snapshot));
  return count;
}

export async function loadSnapshot(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  let count = 0;
  for (const [name, docs] of Object.entries(snapshot)) {
    const entries = Object.entries(docs);
    for (let i = 0; i < entries.length; i += 400) {
      const batch = db().batch();
      for (const [id, data] of entries.slice(i, i + 400)) {
        batch.set(db().collection(name).doc(id), decode(data) as Record<string, unknown>);
      }
      await batch.commit();
      count += Math.min(400, entries.length - i);
    }
  }
  return count;
}
