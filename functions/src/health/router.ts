/**
 * GET /api/health: the function answers and Firestore answers a read. Read-only: an anonymous
 * caller costs one document lookup (of a document that need not exist) and writes nothing.
 */
import { Router } from 'express';
import { API, COLLECTIONS } from '@mentorship/domain';
import { db } from '../firebase';

export const healthRouter = Router();

healthRouter.get(API.health.path, async (_req, res) => {
  // Resolves (exists or not) only when Firestore answered; an error goes to the error handler.
  await db.collection(COLLECTIONS._health).doc('ping').get();
  res.json({ ok: true });
});
