/**
 * A long action's progress as the server counts it (`workProgress/{id}`, read live). The page
 * chooses the id before the first request leaves and listens from then on, so the first count
 * the server writes is heard; the document does not exist until then.
 */
import { COLLECTIONS, type WorkProgressDoc } from '@mentorship/domain';
import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { firestore } from './firestore';

/** A random id (20 characters of A-Z, a-z, 0-9), as Firestore makes its own. */
export function newProgressId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** The server's last count of the action `id` (undefined before its first, or without an id). */
export function useWorkProgress(id: string | null): WorkProgressDoc | undefined {
  const [progress, setProgress] = useState<{ id: string; doc: WorkProgressDoc }>();
  useEffect(() => {
    if (!id) return undefined;
    return onSnapshot(
      doc(firestore, COLLECTIONS.workProgress, id),
      (snapshot) => {
        if (snapshot.exists()) setProgress({ id, doc: snapshot.data() as WorkProgressDoc });
      },
      // Without the count the action still ends with its toast; nothing to tell the person.
      () => undefined,
    );
  }, [id]);
  return progress && progress.id === id ? progress.doc : undefined;
}
