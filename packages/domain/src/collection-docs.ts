/**
 * The type of each registered collection's documents (registry.ts lists the collections). Kept
 * apart from the registry: the registry is a table of names that every module may import, and the
 * document types import the modules that define them.
 */
import type { CertificateDoc, CheckInDoc, ProblemReportDoc, SessionDoc, SurveyDoc } from './pairs';
import type { PlannedSessionDoc } from './planned-sessions';
import type { SessionGuideDoc } from './session-guides';
import type { WorkProgressDoc } from './work-progress';

/**
 * The type of each collection's documents, as stored. Domain-owned types are here; the functions
 * add those holding Firestore Timestamps (students, mentors, pairs, mail, ...) by
 * augmenting this interface, each in the module that owns the collection
 * (functions/src/shared/records.ts, email/outbox.ts, ...). Writers check with
 * `satisfies DocOf<'x'>`.
 */
export interface CollectionDocs {
  sessions: SessionDoc;
  checkIns: CheckInDoc;
  certificates: CertificateDoc;
  surveys: SurveyDoc;
  plannedSessions: PlannedSessionDoc;
  problemReports: ProblemReportDoc;
  sessionGuides: SessionGuideDoc;
  workProgress: WorkProgressDoc;
}

/** The stored document type of a registered collection (its id or its path). */
export type DocOf<N extends keyof CollectionDocs> = CollectionDocs[N];
