/**
 * The docs a test can keep true: docs/data-model.md has one "### `path`" heading for every
 * collection of the registry (packages/domain/src/registry.ts) and docs/email.md one
 * "### `kind`" heading for every kind of the e-mail catalogue (packages/domain/src/email/
 * catalogue.ts), and neither names one that no longer exists. A new collection or e-mail kind
 * fails here until its page says what it is, who reads it and how a person's data leaves it (or
 * who gets it, when and with what link). Each kind's section opens with the catalogue's audience
 * and links as `describeMailKind` words them, and docs/email.md's budget table states each kind's
 * entry of `MAIL_BUDGETS` as `describeMailBudget` words it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COLLECTION_PATHS,
  COLLECTION_REGISTRY,
  MAIL_BUDGETS,
  MAIL_CATALOGUE,
  MAIL_KINDS,
  describeErasure,
  describeMailBudget,
  describeMailKind,
  type MailKind,
} from '@mentorship/domain';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The names of a page's "### `name`" headings, in order. */
const codeHeadings = (markdown: string): string[] =>
  [...markdown.matchAll(/^### `([^`\n]+)`[ \t]*$/gm)].map((m) => m[1] as string);

/** The text under a "### `name`" heading, up to the next heading of any level. */
function sectionOf(markdown: string, name: string): string {
  const start = markdown.indexOf(`### \`${name}\``);
  if (start < 0) return '';
  const next = markdown.slice(start + 4).search(/^#/m);
  return next < 0 ? markdown.slice(start) : markdown.slice(start, start + 4 + next);
}

/** The first line of text under a heading. */
const firstLineOf = (section: string): string =>
  section
    .split('\n')
    .slice(1)
    .find((line) => line.trim() !== '') ?? '';

/** The kinds whose section does not open with the catalogue's audience and links. */
const kindsMisdescribed = (markdown: string, kinds: readonly MailKind[]) =>
  kinds
    .map((kind) => ({ kind, says: firstLineOf(sectionOf(markdown, kind)) }))
    .filter(({ kind, says }) => says !== describeMailKind(kind))
    .map(({ kind, says }) => ({ kind, says, catalogue: describeMailKind(kind) }));

/** What a page's headings lack, what they name that is not expected, and what they repeat. */
function compareHeadings(expected: readonly string[], markdown: string) {
  const found = codeHeadings(markdown);
  return {
    missing: expected.filter((name) => !found.includes(name)),
    noLongerExist: [...new Set(found.filter((name) => !expected.includes(name)))],
    repeated: [...new Set(found.filter((name, i) => found.indexOf(name) !== i))],
  };
}

const NOTHING_WRONG = { missing: [], noLongerExist: [], repeated: [] };

describe('the check itself', () => {
  const page = '# Page\n\n### `a`\n\ntext\n\n### `b` \n\n## Other\n\n### not code\n';

  it('reads only "### `name`" headings', () => {
    expect(codeHeadings(page)).toEqual(['a', 'b']);
  });

  it('fails on a missing heading, a heading for something gone and a repeated one', () => {
    expect(compareHeadings(['a', 'b'], page)).toEqual(NOTHING_WRONG);
    expect(compareHeadings(['a', 'b', 'c'], page).missing).toEqual(['c']);
    expect(compareHeadings(['a'], page).noLongerExist).toEqual(['b']);
    expect(compareHeadings(['a', 'b'], `${page}\n### \`a\`\n`).repeated).toEqual(['a']);
  });
});

describe('docs/data-model.md', () => {
  it('has a heading for every registered collection, and none for a collection that is gone', () => {
    expect(COLLECTION_PATHS.length).toBeGreaterThan(0);
    expect(compareHeadings(COLLECTION_PATHS, read('docs/data-model.md'))).toEqual(NOTHING_WRONG);
  });

  it("states under each collection's heading its erasure rule as the registry has it", () => {
    const page = read('docs/data-model.md');
    const stale = COLLECTION_PATHS.filter(
      (path) =>
        !sectionOf(page, path).includes(
          `**Erasure:** ${describeErasure(COLLECTION_REGISTRY[path].erasure)}.`,
        ),
    );
    expect(stale).toEqual([]);
  });
});

describe('docs/email.md', () => {
  it('has a heading for every kind of the catalogue, and none for a kind that is gone', () => {
    const kinds = Object.keys(MAIL_CATALOGUE);
    expect(kinds.sort()).toEqual([...MAIL_KINDS].sort());
    expect(compareHeadings(kinds, read('docs/email.md'))).toEqual(NOTHING_WRONG);
  });

  it("opens each kind's section with the catalogue's audience and links", () => {
    expect(kindsMisdescribed(read('docs/email.md'), MAIL_KINDS)).toEqual([]);
  });

  it('catches a section whose audience differs from the catalogue, or a missing one', () => {
    const page = `### \`declined\`\n\n${describeMailKind('declined')}\n\n### \`approved\`\n\n**To:** the coordinators (\`COORDINATOR_EMAILS\`). **Links:** a page of the site.\n`;
    expect(kindsMisdescribed(page, ['declined'])).toEqual([]);
    expect(kindsMisdescribed(page, ['approved']).map((m) => m.kind)).toEqual(['approved']);
    expect(kindsMisdescribed(page, ['pair-ended']).map((m) => m.kind)).toEqual(['pair-ended']);
  });
});

describe("docs/email.md's budget table", () => {
  it("states every kind's budget as MAIL_BUDGETS holds it, and no other kind", () => {
    const rows = new Map(
      [...read('docs/email.md').matchAll(/^\| `([a-z-]+)` +\| (.+?) +\|$/gm)].map((m) => [
        m[1] as string,
        m[2] as string,
      ]),
    );
    const expected = new Map(MAIL_KINDS.map((k) => [k, describeMailBudget(MAIL_BUDGETS[k])]));
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});
