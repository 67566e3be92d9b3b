/** GET /api/admin/activity: the history, newest first; `?person=<id>` for one person's. */
import { Router } from 'express';
import type { Timestamp } from 'firebase-admin/firestore';
import { isDocumentId, API, FIELDS_MESSAGE, type AuditEntry } from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { DomainError } from '../shared/errors';
import { auditCollection } from './audit';

export const activityRouter = Router();

const DEFAULT_LIMIT = 200;

activityRouter.get(API.activity.path, async (req, res) => {
  const person = req.query.person;
  if (person !== undefined && !isDocumentId(person)) {
    throw new DomainError('invalid-argument', FIELDS_MESSAGE, {
      person: 'Give the id of a student or mentor.',
    });
  }
  let query = auditCollection().orderBy('at', 'desc');
  if (typeof person === 'string') {
    query = auditCollection().where('people', 'array-contains', person).orderBy('at', 'desc');
  }
  const snapshot = await query.limit(readListLimit(req) ?? DEFAULT_LIMIT).get();
  const entries: AuditEntry[] = snapshot.docs.map((d) => {
    const data = d.data();
    return {
      id: d.id,
      at: (data.at as Timestamp).toDate().toISOString(),
      actor: data.actor as AuditEntry['actor'],
      action: data.action as AuditEntry['action'],
      subject: data.subject as AuditEntry['subject'],
      people: data.people as string[],
      changes: (data.changes as AuditEntry['changes']) ?? null,
      detail: (data.detail as string | null) ?? null,
    };
  });
  res.json({ entries });
});
