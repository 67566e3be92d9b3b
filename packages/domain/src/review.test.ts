import { viewOf } from './audience';
import { historyEntryAbout } from './review';

const entry = (subject: { kind: string; id: string }, people: string[], extra = {}) => ({
  at: '2026-11-01T00:00:00.000Z',
  action: 'person.update',
  subject: { ...subject, name: 'Someone' },
  people,
  detail: null,
  ...extra,
});

describe("a person's own history", () => {
  it('keeps their record and their pairs, not another person\u2019s', () => {
    const own = entry({ kind: 'student', id: 's1' }, ['s1']);
    expect(historyEntryAbout(own, 's1')).toBe(own);
    expect(historyEntryAbout(entry({ kind: 'student', id: 's2' }, ['s2', 's1']), 's1')).toBeNull();
    const pair = entry({ kind: 'pair', id: 'm1__s1' }, ['m1', 's1']);
    expect(historyEntryAbout(pair, 's1')).toBe(pair);
    expect(historyEntryAbout(pair, 'm1')).toBe(pair);
    expect(historyEntryAbout(entry({ kind: 'cohort', id: 'c1' }, ['s1']), 's1')).toBeNull();
  });

  it('keeps a bulk delete about their own pair only, without the other pairs\u2019 ids', () => {
    const bulk = entry({ kind: 'pair', id: 'm9__s9' }, ['m9', 's9', 'm1', 's1'], {
      action: 'pairs.bulk-delete',
      detail: '2 pairs: m9__s9, m1__s1',
    });
    const seen = historyEntryAbout(bulk, 's1');
    expect(seen?.subject).toEqual({ kind: 'pair', id: 'm1__s1', name: null });
    // As the download shows it (the audience's fields): nothing of the other pair.
    const shown = viewOf('audit', 'a1', seen ?? {}, { as: 'person', personId: 's1' });
    expect(shown).toMatchObject({ action: 'pairs.bulk-delete' });
    expect(JSON.stringify(shown)).not.toContain('9');
    expect(historyEntryAbout(bulk, 's2')).toBeNull();
  });

  it('keeps an e-mail of theirs sent again, not a digest naming many', () => {
    const theirs = entry({ kind: 'mail', id: 'x' }, ['s1'], { action: 'mail.resend' });
    expect(historyEntryAbout(theirs, 's1')).toBe(theirs);
    const digest = entry({ kind: 'mail', id: 'd' }, ['s1', 'm1', 's2', 'm2'], {
      action: 'mail.resend',
    });
    expect(historyEntryAbout(digest, 's1')).toBeNull();
  });
});
