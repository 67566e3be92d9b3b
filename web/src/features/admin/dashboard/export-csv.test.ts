import { csvOf, neutraliseCsvCell as neutralise, type StudentListItem } from '@mentorship/domain';
import Papa from 'papaparse';
import { STUDENT_CSV } from './export-csv';

const toCsv = csvOf;

const student = (fullName: string, extra: Partial<StudentListItem> = {}): StudentListItem => ({
  id: fullName,
  fullName,
  emailAddress: 'a@example.edu',
  universityName: 'Université de Montréal',
  academicProgram: 'B.Sc., "Honours", Informatique\nand more',
  yearOfStudy: '2nd Year Undergraduate',
  isActive: false,
  cohortId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  preferredDisciplines: ['Computer Science', 'Design'],
  mentoringTopics: [],
  activePairId: null,
  reviewStatus: 'awaiting',
  ...extra,
});

describe('CSV export', () => {
  it('round-trips through a CSV parser: UTF-8 BOM, quoting, commas, quotes, newlines, accents', async () => {
    const csv = await toCsv([student('Zoë Ağaoğlu'), student('Li, Wei')], STUDENT_CSV);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(STUDENT_CSV.map((c) => c.header));
    expect(parsed.data[1]).toEqual([
      'Zoë Ağaoğlu',
      'a@example.edu',
      'Université de Montréal',
      'B.Sc., "Honours", Informatique\nand more',
      '2nd Year Undergraduate',
      'Computer Science; Design',
      '',
      'Awaiting review',
      'No',
      '2026-11-23',
    ]);
    expect(parsed.data[2]?.[0]).toBe('Li, Wei');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises a cell that starts like a formula: %j',
    async (danger) => {
      expect(neutralise(danger)).toBe(`'${danger}`);
      const csv = await toCsv([student(danger)], STUDENT_CSV);
      const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
      expect(parsed.data[1]?.[0]).toBe(`'${danger}`);
    },
  );

  it.each([
    ['x;=1+1;y', "x;'=1+1;y"],
    ['x,=1+1', "x,'=1+1"],
    ['x, +1', "x, '+1"],
    ['a|@SUM(A1)', "a|'@SUM(A1)"],
    ['a\t=1', "a\t'=1"],
    ['a\r=1', "a\r'=1"],
    ['a\n-1+2', "a\n'-1+2"],
    ['=1;=2', "'=1;'=2"],
  ])('neutralises a formula after any separator: %j', async (danger, safe) => {
    expect(neutralise(danger)).toBe(safe);
    const csv = await toCsv([student(danger)], STUDENT_CSV);
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1]?.[0]).toBe(safe);
  });

  it('quotes every cell, so a reader splitting on ; or , keeps each cell whole', async () => {
    const csv = await toCsv([student('x;=1+1;y')], STUDENT_CSV);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(STUDENT_CSV.map((c) => `"${c.header}"`).join(','));
    expect(lines[1]?.startsWith(`"x;'=1+1;y","a@example.edu",`)).toBe(true);
    // Parsed with the other locale's separator, the formula stays behind an apostrophe.
    const semicolon = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n', delimiter: ';' });
    for (const cell of semicolon.data[1] ?? []) expect(cell).not.toMatch(/^\s*[=+@-]/);
  });

  it('leaves ordinary text alone', () => {
    for (const safe of ['Ada', '2nd Year', 'a-b', 'x=y', '']) expect(neutralise(safe)).toBe(safe);
  });
});
