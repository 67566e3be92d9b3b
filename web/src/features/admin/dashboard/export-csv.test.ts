import type { StudentListItem } from '@mentorship/domain';
import Papa from 'papaparse';
import { neutralise, STUDENT_CSV, toCsv } from './export-csv';

const student = (fullName: string, extra: Partial<StudentListItem> = {}): StudentListItem => ({
  id: fullName,
  fullName,
  emailAddress: 'a@example.edu',
  universityName: 'Université de Montréal',
  academicProgram: 'B.Sc., "Honours", Informatique\nand more',
  yearOfStudy: '2nd Year Undergraduate',
  isActive: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  preferredDisciplines: ['Computer Science', 'Design'],
  mentoringTopics: [],
  activeAssignmentId: null,
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

  it('leaves ordinary text alone', () => {
    for (const safe of ['Ada', '2nd Year', 'a-b', 'x=y', '']) expect(neutralise(safe)).toBe(safe);
  });
});
