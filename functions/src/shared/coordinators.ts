/**
 * Who may use the admin area: a `coordinators/{uid}` document per coordinator, kept by the team
 * (team/service.ts) and read on every admin request (http/authenticate.ts) and by the rules.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { COLLECTIONS } from './records';

export interface CoordinatorDoc {
  email: string;
  addedAt: Timestamp;
  addedBy: { uid: string; email: string | null } | null;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    coordinators: CoordinatorDoc;
  }
}

export const coordinators = () => db.collection(COLLECTIONS.coordinators);

/** The coordinators document of `uid`, if any (requireAdmin reads it on every admin request). */
export async function isCoordinator(uid: string): Promise<boolean> {
  return (await coordinators().doc(uid).get()).exists;
}
