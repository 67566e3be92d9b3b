/**
 * History: every change a coordinator makes appends an entry in the same transaction as the
 * change (a refused or rolled-back change leaves none). Who made it comes from the verified ID
 * token (requireAdmin runs the rest of the request inside `actors.run`). Public applications are
 * not coordinator changes and write no entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  RETENTION,
  addMonths,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
} from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

export interface Actor {
  uid: string;
  email: string | null;
}

export const actors = new AsyncLocalStorage<Actor>();

export const auditCollection = () => db.collection(COLLECTIONS.audit);

export interface AuditEntryInput {
  action: AuditAction;
  subject: AuditEntry['subject'];
  /** Every person the change concerns (their page shows it; their deletion scrubs it). */
  people: string[];
  changes?: AuditChanges;
  /** A short note, e.g. "3 pairs". */
  detail?: string | null;
}

/** Appends the entry to the transaction's writes (after its reads). */
export function audit(tx: Transaction, entry: AuditEntryInput): void {
  const actor = actors.getStore();
  if (!actor) return;
  const at = Timestamp.now();
  tx.create(auditCollection().doc(), {
    at,
    // The TTL field (firestore.indexes.json); retention/retention.ts applies the same period.
    expireAt: Timestamp.fromDate(addMonths(at.toDate(), RETENTION.historyMonths)),
    actor,
    action: entry.action,
    subject: entry.subject,
    people: [...new Set(entry.people)],
    changes: entry.changes ?? null,
    detail: entry.detail ?? null,
  });
}

/** The fields whose values differ, before and after. */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
    }
  }
  return changes;
}
