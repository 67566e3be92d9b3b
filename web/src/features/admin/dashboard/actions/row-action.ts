/**
 * What a row (or the bulk toolbar) may ask for: one variant per confirmed action, each shown by
 * its component in row-actions.tsx.
 */
import type { PairRecord } from '@mentorship/domain';
import type { PersonKind } from '../../api/set-person-status';

export type RowAction =
  | { type: 'status'; kind: PersonKind; id: string; name: string; activate: boolean }
  | { type: 'review'; kind: PersonKind; id: string; name: string; decision: 'approve' | 'reopen' }
  | { type: 'decline'; kind: PersonKind; id: string; name: string }
  | { type: 'delete-person'; kind: PersonKind; id: string; name: string }
  | { type: 'delete-pair'; pair: PairRecord }
  | { type: 'bulk-delete'; pairs: PairRecord[] };
