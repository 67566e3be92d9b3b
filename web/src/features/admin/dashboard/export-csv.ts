/**
 * CSV export of what a tab shows (search and filter applied). papaparse writes the quoting; the
 * file is UTF-8 with a byte-order mark and CRLF lines, so Excel and Google Sheets open it with
 * accents intact. Every cell is quoted. A formula start (=, +, -, @, a tab or a carriage return)
 * at the beginning of a cell, or right after any separator a spreadsheet may split on (, ; | tab,
 * a line break, also with spaces between), gets an apostrophe in front, so no spreadsheet runs it
 * as a formula whichever separator its locale uses (`x;=1+1;y` in a `;` locale: CSV injection):
 * the domain's `neutraliseCsvCell`, which the cohort report's CSV uses too.
 */
import {
  PERSON_STATE_LABELS,
  neutraliseCsvCell,
  personState,
  type AssignmentRecord,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { saveFile } from '../../../lib/save-file';

type Cell = string | number | boolean | null | undefined | readonly string[];

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

const cellText = (value: Cell): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

/** The CSV text (papaparse is loaded on the first export, not with the dashboard). */
export async function toCsv<T>(rows: readonly T[], columns: CsvColumn<T>[]): Promise<string> {
  const papa = await import('papaparse');
  // A CommonJS module: bundlers give its named exports, plain Node only its default.
  const { unparse } = typeof papa.unparse === 'function' ? papa : papa.default;
  return (
    '\uFEFF' +
    unparse(
      {
        fields: columns.map((c) => neutraliseCsvCell(c.header)),
        data: rows.map((row) => columns.map((c) => neutraliseCsvCell(cellText(c.value(row))))),
      },
      { newline: '\r\n', quotes: true },
    )
  );
}

export function downloadCsv(name: string, csv: string): void {
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `${name}-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

const state = (p: Parameters<typeof personState>[0]) => PERSON_STATE_LABELS[personState(p)];

export const STUDENT_CSV: CsvColumn<StudentListItem>[] = [
  { header: 'Full name', value: (s) => s.fullName },
  { header: 'Email', value: (s) => s.emailAddress },
  { header: 'University', value: (s) => s.universityName },
  { header: 'Program', value: (s) => s.academicProgram },
  { header: 'Year of study', value: (s) => s.yearOfStudy },
  { header: 'Preferred disciplines', value: (s) => s.preferredDisciplines },
  { header: 'Mentoring topics', value: (s) => s.mentoringTopics },
  { header: 'Status', value: state },
  { header: 'Matched', value: (s) => (s.activeAssignmentId ? 'Yes' : 'No') },
  { header: 'Applied', value: (s) => s.createdAt.slice(0, 10) },
];

export const MENTOR_CSV: CsvColumn<MentorListItem>[] = [
  { header: 'Full name', value: (m) => m.fullName },
  { header: 'Email', value: (m) => m.email },
  { header: 'Job title', value: (m) => m.currentJobTitle },
  { header: 'Company', value: (m) => m.company },
  { header: 'Preferred disciplines', value: (m) => m.preferredDisciplines },
  { header: 'Mentoring topics', value: (m) => m.mentoringTopics },
  { header: 'Active students', value: (m) => m.activeStudentCount },
  { header: 'Capacity', value: (m) => m.capacity },
  { header: 'Status', value: state },
  { header: 'Applied', value: (m) => m.createdAt.slice(0, 10) },
];

export const ASSIGNMENT_CSV: CsvColumn<AssignmentRecord>[] = [
  { header: 'Mentor', value: (a) => a.mentorName },
  { header: 'Student', value: (a) => a.studentName },
  { header: 'Assigned', value: (a) => a.assignedAt.slice(0, 10) },
  { header: 'Status', value: (a) => (a.isActive ? 'Active' : 'Inactive') },
];
