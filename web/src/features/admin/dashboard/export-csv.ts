/**
 * CSV export of what a tab shows (search and filter applied), written by the domain's one CSV
 * writer (`csvOf`: BOM, CRLF, every cell quoted and guarded against formulas), which the cohort
 * report's file uses too.
 */
import {
  PERSON_STATE_LABELS,
  personState,
  type PairRecord,
  type CsvColumn,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { saveFile } from '../../../lib/save-file';

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
  { header: 'Matched', value: (s) => (s.activePairId ? 'Yes' : 'No') },
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

export const PAIR_CSV: CsvColumn<PairRecord>[] = [
  { header: 'Mentor', value: (a) => a.mentorName },
  { header: 'Student', value: (a) => a.studentName },
  { header: 'Assigned', value: (a) => a.assignedAt.slice(0, 10) },
  { header: 'Status', value: (a) => (a.isActive ? 'Active' : 'Inactive') },
];
