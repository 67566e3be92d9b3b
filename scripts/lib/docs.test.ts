/**
 * The docs a test can keep true: docs/data-model.md has one "### `path`" heading for every
 * collection of the registry (packages/domain/src/registry.ts) and docs/email.md one
 * "### `kind`" heading for every e-mail kind (packages/domain/src/outbox.ts `MAIL_KINDS`), and
 * neither names one that no longer exists. A new collection or e-mail kind fails here until its
 * page says what it is, who reads it and how a person's data leaves it (or who gets it, when and
 * with what link). docs/email.md's budget table states each kind's entry of `MAIL_BUDGETS` as
 * `describeMailBudget` words it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTION_PATHS, MAIL_BUDGETS, MAIL_KINDS, describeMailBudget } from '@mentorship/domain';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The names of a page's "### `name`" headings, in order. */
const codeHeadings = (markdown: string): string[] =>
  [...markdown.matchAll(/^### `([^`\n]+)`[ \t]*$/gm)].map((m) => m[1] as string);

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
});

describe('docs/email.md', () => {
  it('has a heading for every e-mail kind, and none for a kind that is gone', () => {
    expect(MAIL_KINDS.length).toBeGreaterThan(0);
    expect(compareHeadings(MAIL_KINDS, read('docs/email.md'))).toEqual(NOTHING_WRONG);
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
