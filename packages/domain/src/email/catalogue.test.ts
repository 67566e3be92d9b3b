import { MAIL_KINDS } from '../outbox';
import { MAIL_BUDGETS, MAIL_CATALOGUE, describeMailKind, type MailTemplate } from './catalogue';
import * as templates from './templates';

describe('the e-mail catalogue', () => {
  it('has one entry for every kind, each with a label, an audience, a moment, a text and a budget', () => {
    expect(Object.keys(MAIL_CATALOGUE).sort()).toEqual([...MAIL_KINDS].sort());
    for (const kind of MAIL_KINDS) {
      const entry = MAIL_CATALOGUE[kind];
      expect({
        kind,
        label: entry.label.trim() !== '',
        moment: entry.moment.trim() !== '',
      }).toEqual({ kind, label: true, moment: true });
      expect({ kind, to: entry.to.length > 0, text: entry.text.length > 0 }).toEqual({
        kind,
        to: true,
        text: true,
      });
      expect(entry.budget).toBe(MAIL_BUDGETS[kind]);
    }
  });

  it('names every template, so no text is written that no kind sends', () => {
    const named = new Set<MailTemplate>(MAIL_KINDS.flatMap((kind) => MAIL_CATALOGUE[kind].text));
    const unnamed = Object.entries(templates)
      .filter(([, value]) => typeof value === 'function')
      .filter(([, value]) => !named.has(value as MailTemplate))
      .map(([name]) => name);
    expect(unnamed).toEqual([]);
  });

  it('words a kind for docs/email.md from its audience and links', () => {
    expect(describeMailKind('application-received')).toBe(
      '**To:** the applicant. **Links:** one-click sign-in; a page of the site.',
    );
    expect(describeMailKind('pair-ended')).toBe(
      '**To:** both participants of a pair. **Links:** none.',
    );
    expect(describeMailKind('interview-invitation')).toBe(
      '**To:** the mentor; the interview host. **Links:** calendar file (`.ics`); a page of the site.',
    );
  });
});
