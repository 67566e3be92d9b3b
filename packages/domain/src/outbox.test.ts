import { MAIL_KIND_LABELS, mailKindLabel } from './email/catalogue';
import { MAIL_KINDS } from './outbox';

describe("the outbox's kinds, as coordinators read them", () => {
  it('labels every kind of message, each differently, and nothing else', () => {
    for (const kind of MAIL_KINDS) {
      expect({ kind, label: MAIL_KIND_LABELS[kind]?.trim() || null }).toEqual({
        kind,
        label: expect.any(String),
      });
      expect(mailKindLabel(kind)).not.toBe(kind);
    }
    expect(Object.keys(MAIL_KIND_LABELS).sort()).toEqual([...MAIL_KINDS].sort());
    expect(new Set(Object.values(MAIL_KIND_LABELS)).size).toBe(MAIL_KINDS.length);
  });

  it('labels the intake moments (nomination, classmate invitation, interview)', () => {
    expect(mailKindLabel('nomination-request')).toBe('Nomination question (to the nominator)');
    expect(mailKindLabel('classmate-invitation')).toBe(
      'Classmate invitation (Recommend a classmate)',
    );
    expect(mailKindLabel('interview-reminder')).toBe('Screening interview reminder');
  });

  it('shows a kind it does not know as it is stored', () => {
    expect(mailKindLabel('retired-kind')).toBe('retired-kind');
    expect(mailKindLabel('toString')).toBe('toString');
  });
});
