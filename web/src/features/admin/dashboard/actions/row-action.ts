/**
 * What a row (or the bulk toolbar) may ask for: one variant per confirmed action, each shown by
 * its component in row-actions.tsx.
 */
import type { AssignmentRecord } from '@mentorship/domain';
import type { PersonKind } from '../../api/set-person-status';

export type RowAction =
  | { type: 'status'; kind: PersonKind; id: string; name: string; activate: boolean }
  | { type: 'review'; kind: PersonKind; id: string; name: string; decision: 'approve' | 'reopen' }
  | { type: 'decline'; kind: PersonKind; id: string; name: string }
  | { type: 'delete-person'; kind: PersonKind; id: string; name: string }
  | { type: 'delete-assignment'; assignment: AssignmentRecord }
  | { type: 'bulk-delete'; assignments: AssignmentRecord[] };
