/**
 * Files the dashboard's list rows where they belong: one per confirmed person, at
 * `cohorts/{cohortId}/studentRows/{id}` or `.../mentorRows/{id}` (`rowsPath`). Writes the rows of
 * people stored before rows existed, rewrites rows that differ from their person, moves rows that
 * are filed elsewhere (under another cohort, or in the top-level `studentRows`/`mentorRows` of
 * before rows were filed by cohort), and deletes every other row (its person gone, or not
 * confirmed: an application gets its row when its address is confirmed). Idempotent. `npm start`
 * runs it on the local data at each start; for a real project with data from before, run
 * `npm run rows:backfill` with credentials (GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT)
 * once before deploying this version of the dashboard.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { ROW_COLLECTIONS, rowsPath } from '@mentorship/domain';
import { COLLECTIONS, isConfirmed, rowOf } from '../../functions/src/shared/records';
import { PROJECT_ID } from './paths';

/** The same fields and values give the same text, whatever order the keys come in. */
const canonical = (data: Record<string, unknown>) =>
  JSON.stringify(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));

const KINDS = [
  { kind: 'student', source: COLLECTIONS.students },
  { kind: 'mentor', source: COLLECTIONS.mentors },
] as const;

export async function backfillRows(
  db: Firestore = getFirestore(
    getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }),
  ),
): Promise<{ written: number; deleted: number }> {
  let written = 0;
  let deleted = 0;
  for (const { kind, source } of KINDS) {
    const [people, existing] = await Promise.all([
      db.collection(source).get(),
      // Every row of this kind, wherever it is filed (top-level ones included).
      db.collectionGroup(ROW_COLLECTIONS[kind]).get(),
    ]);
    const current = new Map(existing.docs.map((d) => [d.ref.path, canonical(d.data())]));
    let batch = db.batch();
    let pending = 0;
    const flush = async () => {
      if (pending > 0) await batch.commit();
      batch = db.batch();
      pending = 0;
    };
    for (const person of people.docs) {
      const data = person.data();
      if (!isConfirmed(data)) continue;
      const row = rowOf(kind, data);
      const path = `${rowsPath(kind, (data.cohortId as string | undefined) ?? null)}/${person.id}`;
      if (current.get(path) !== canonical(row)) {
        batch.set(db.doc(path), row);
        written += 1;
        if (++pending === 400) await flush();
      }
      current.delete(path);
    }
    for (const stray of current.keys()) {
      batch.delete(db.doc(stray));
      deleted += 1;
      if (++pending === 400) await flush();
    }
    await flush();
  }
  return { written, deleted };
}
