/**
 * `npm run bench:csv`: how long the dashboard's CSV export takes for 5,000 students (the rows
 * made as the large seed makes them), median of 7 runs, in Node (the same code the browser runs).
 */
import { csvOf, type StudentListItem } from '@mentorship/domain';
import { STUDENT_CSV } from '../../web/src/features/admin/dashboard/export-csv';
import { createRandom, makeStudent } from '../lib/seed-data';

const random = createRandom(7);
const rows: StudentListItem[] = Array.from({ length: 5000 }, (_, i) => {
  const s = makeStudent(random, i);
  return {
    id: `s${i}`,
    fullName: s.fullName,
    emailAddress: s.emailAddress,
    universityName: s.universityName ?? null,
    academicProgram: s.academicProgram ?? null,
    yearOfStudy: s.yearOfStudy ?? null,
    isActive: i % 3 !== 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    preferredDisciplines: s.preferredDisciplines ?? [],
    mentoringTopics: s.mentoringTopics ?? [],
    activePairId: i % 4 === 0 ? `m__s${i}` : null,
    reviewStatus: i % 5 === 0 ? 'awaiting' : null,
    cohortId: 'founding',
  };
});

csvOf(rows.slice(0, 10), STUDENT_CSV); // warms the code up, as a first click would
const times: number[] = [];
let bytes = 0;
for (let run = 0; run < 7; run++) {
  const started = performance.now();
  const csv = csvOf(rows, STUDENT_CSV);
  times.push(performance.now() - started);
  bytes = Buffer.byteLength(csv);
}
times.sort((a, b) => a - b);
console.log(
  `CSV export of 5,000 students: median ${times[3]?.toFixed(1)} ms (min ${times[0]?.toFixed(1)}, max ${times[6]?.toFixed(1)}), ${(bytes / 1e6).toFixed(2)} MB`,
);
