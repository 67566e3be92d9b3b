import { Router } from 'express';
import { handle } from '../http/handler';
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase';

/** GET /api/health: ok only after a real write and read round trip to Firestore. */
export const healthRouter = Router();

healthRouter.get(
  '/health',
  handle(async (_req, res) => {
    const ref = db.collection('_health').doc('ping');
    await ref.set({ at: FieldValue.serverTimestamp() });
    const snapshot = await ref.get();
    res.set('Cache-Control', 'no-store').json({ ok: snapshot.exists });
  }),
);
