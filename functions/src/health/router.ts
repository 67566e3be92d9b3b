/** GET /api/health: the function answers and Firestore takes a write and a read. */
import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { apiPaths } from '@mentorship/domain';
import { db } from '../firebase';

export const healthRouter = Router();

healthRouter.get(apiPaths.health, async (_req, res) => {
  const ref = db.collection('_health').doc('ping');
  await ref.set({ at: FieldValue.serverTimestamp() });
  const snapshot = await ref.get();
  res.set('Cache-Control', 'no-store').json({ ok: snapshot.exists });
});
