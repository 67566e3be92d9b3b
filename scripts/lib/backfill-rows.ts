/**
 * Writes the dashboard's list rows (`studentRows`, `mentorRows`) for people stored before rows
 * existed, rewrites rows that differ from their person, and deletes rows whose person is gone.
 * Idempotent. `npm start` runs it on the local data at each start; for a real project with data
 * from before, run `npm run rows:backfill` with credentials (GOOGLE_APPLICATION_CREDENTIALS and
 * GCLOUD_PROJECT) once before deploying the live dashboard.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, rowOf } from '../../functions/src/shared/records';
import { PROJECT_ID } from './paths';

/** The same fields and values give the same text, whatever order the keys come in. */
const canonical = (data: Record<string, unknown>) =>
  JSON.stringify(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));

const KINDS = [
  { kind: 'student', source: COLLECTIONS.students, rows: COLLECTIONS.studentRows },
  { kind: 'mentor', source: COLLECTIONS.mentors, rows: COLLECTIONS.mentorRows },
] as const;

export async function backfillRows(
  db: Firestore = getFirestore(
    getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }),
  ),
): Promise<{ written: number; deleted: number }> {
  let written = 0;
  let deleted = 0;
  for (const { kind, source, rows } of KINDS) {
    const [people, existing] = await Promise.all([
      db.collection(source).get(),
      db.collection(rows).get(),
    ]);
    const current = new Map(existing.docs.map((d) => [d.id, canonical(d.data())]));
    let batch = db.batch();
    let pending = 0;
    const flush = async () => {
      if (pending > 0) await batch.commit();
      batch = db.batch();
      pending = 0;
    };
    for (const person of people.docs) {
      const row = rowOf(kind, person.data());
      if (current.get(person.id) !== canonical(row)) {
        batch.set(db.collection(rows).doc(person.id), row);
        written += 1;
        if (++pending === 400) await flush();
      }
      current.delete(person.id);
    }
    for (const orphan of current.keys()) {
      batch.delete(db.collection(rows).doc(orphan));
      deleted += 1;
      if (++pending === 400) await flush();
    }
    await flush();
  }
  return { written, deleted };
}
