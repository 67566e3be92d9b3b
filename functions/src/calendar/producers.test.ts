/**
 * Every calendar file the program sends is made by the one lifecycle (lifecycle.ts). This walks
 * every source file of the functions outside this folder and fails on one that makes a calendar
 * file another way: importing a calendar library, importing ics.ts past the lifecycle, or writing
 * iCalendar text (a METHOD or BEGIN:VCALENDAR line, a text/calendar attachment) itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');

const RULES: { name: string; pattern: RegExp }[] = [
  {
    name: 'imports a calendar library',
    pattern: /from\s+['"](ics|ical-generator|ical\.js|node-ical|ical|icalendar)['"]/,
  },
  { name: 'imports ics.ts past the lifecycle', pattern: /from\s+['"][./]*calendar\/ics['"]/ },
  { name: 'writes iCalendar text', pattern: /BEGIN:VCALENDAR|BEGIN:VEVENT|\bMETHOD:|DTSTART[:;]/ },
  { name: 'attaches a calendar file itself', pattern: /text\/calendar/ },
];

/** The code without its comments: a comment may speak of METHOD:CANCEL. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Each rule a file's text breaks, as "path: rule". */
const violations = (files: { path: string; text: string }[]): string[] =>
  files.flatMap(({ path, text }) =>
    RULES.filter((r) => r.pattern.test(code(text))).map((r) => `${path}: ${r.name}`),
  );

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'calendar' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('every producer of a calendar file goes through the lifecycle', () => {
  it('finds no file outside calendar/ that makes a calendar file itself', () => {
    const files = sources(SRC).map((path) => ({
      path: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('would catch each way of making one (planted files)', () => {
    const planted = [
      { path: 'a.ts', text: "import { createEvent } from 'ics';" },
      { path: 'b.ts', text: "import { eventIcs } from '../calendar/ics';" },
      { path: 'c.ts', text: "const file = ['BEGIN:VCALENDAR', 'METHOD:CANCEL'].join('\\r\\n');" },
      { path: 'd.ts', text: "const type = 'text/calendar; method=REQUEST';" },
      {
        path: 'e.ts',
        text: "// METHOD:CANCEL in a comment\nimport { calendarFiles } from '../calendar/lifecycle';",
      },
    ];
    expect(violations(planted)).toEqual([
      'a.ts: imports a calendar library',
      'b.ts: imports ics.ts past the lifecycle',
      'c.ts: writes iCalendar text',
      'd.ts: attaches a calendar file itself',
    ]);
  });
});
