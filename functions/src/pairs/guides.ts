/**
 * Session guides (the defaults and rules: domain session-guides.ts): coordinators edit
 * a month's guide (`sessionGuides/month-{m}`, audited) or put it back to the default; pairs read
 * the four in force on My application and with their check-ins.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  GUIDE_MESSAGES,
  guideDocId,
  guidesInForce,
  type SessionGuide,
  type SessionGuideDoc,
  type SessionGuideInput,
} from '@mentorship/domain';
import { audit } from '../audit/audit';
import { runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { countReads, sessionGuides } from './store';

/** The four guides in force (one read of the few stored edits). */
export async function readGuides(tx?: Transaction): Promise<SessionGuide[]> {
  const snap = tx ? await tx.get(sessionGuides()) : await sessionGuides().get();
  countReads(snap.size);
  return guidesInForce(snap.docs.map((d) => d.data() as SessionGuideDoc));
}

export function monthOf(raw: string): number {
  const month = Number(raw);
  if (!/^[1-4]$/.test(raw) || !Number.isInteger(month)) {
    throw new DomainError('invalid-argument', GUIDE_MESSAGES.badMonth, {
      month: GUIDE_MESSAGES.badMonth,
    });
  }
  return month;
}

/** A coordinator saves a month's guide. */
export async function saveGuide(
  month: number,
  input: SessionGuideInput,
  by: { uid: string },
): Promise<SessionGuide[]> {
  await runTransaction(async (tx) => {
    const ref = sessionGuides().doc(guideDocId(month));
    const doc: SessionGuideDoc = {
      month,
      topics: input.topics as SessionGuideDoc['topics'],
      questions: input.questions.map((q) => q.trim()),
      updatedAt: Timestamp.now().toDate().toISOString(),
      updatedBy: by.uid,
    };
    tx.set(ref, doc);
    audit(tx, {
      action: 'session-guide.update',
      subject: { kind: 'session-guide', id: guideDocId(month), name: `Month ${month}` },
      people: [],
    });
  });
  return readGuides();
}

/** A coordinator puts a month back to the program's default guide. */
export async function resetGuide(month: number): Promise<SessionGuide[]> {
  await runTransaction(async (tx) => {
    tx.delete(sessionGuides().doc(guideDocId(month)));
    audit(tx, {
      action: 'session-guide.reset',
      subject: { kind: 'session-guide', id: guideDocId(month), name: `Month ${month}` },
      people: [],
    });
  });
  return readGuides();
}
