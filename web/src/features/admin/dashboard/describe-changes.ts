/** How a history entry's changes read: field labels and values as a coordinator knows them. */
import { MENTOR_LABELS, STUDENT_LABELS, type AuditEntry } from '@mentorship/domain';

const FIELD_LABELS: Record<string, string> = {
  ...STUDENT_LABELS,
  ...MENTOR_LABELS,
  agreedToCommitment: 'Commitment',
  consentToContact: 'Consent to contact',
  capacity: 'Capacity',
  isActive: 'Status',
  reviewStatus: 'Review',
};

const REVIEW_VALUES: Record<string, string> = {
  awaiting: 'Awaiting review',
  approved: 'Approved',
  declined: 'Declined',
};

function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'isActive') return value ? 'Active' : 'Inactive';
  if (field === 'reviewStatus') return REVIEW_VALUES[String(value)] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

/** "Status: Active → Inactive; Full Name: Ana → Ana B." or the entry's own detail. */
export const describeChanges = (entry: AuditEntry): string => {
  if (entry.detail) return entry.detail;
  if (!entry.changes) return '';
  return Object.entries(entry.changes)
    .map(
      ([field, { before, after }]) =>
        `${FIELD_LABELS[field] ?? field}: ${formatValue(field, before)} → ${formatValue(field, after)}`,
    )
    .join('; ');
};
