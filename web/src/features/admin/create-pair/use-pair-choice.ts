/**
 * Create Assignment's selection: the chosen mentor and student, which side was chosen first (the
 * other side is then ranked against it), the dropdown options and the match of the pair.
 */
import {
  matchScore,
  type MentorListItem,
  type PersonKind,
  type StudentListItem,
} from '@mentorship/domain';
import { useMemo, useState } from 'react';
import type { PersonOption } from './person-select';
import {
  mentorIsAvailable,
  rankMentors,
  rankStudents,
  studentIsAvailable,
} from './rank-suggestions';

const byName = (a: { fullName: string }, b: { fullName: string }) =>
  a.fullName.localeCompare(b.fullName);

export const mentorLabel = (m: MentorListItem) =>
  [m.fullName, [m.currentJobTitle, m.company].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' — ');
export const studentLabel = (s: StudentListItem) =>
  [s.fullName, [s.academicProgram, s.universityName].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' — ');

/**
 * Dropdown order: ranked when the other side is chosen; people who cannot take a new pair
 * stay listed at the end, disabled, with the reason, so the coordinator sees why.
 */
function options<T extends { id: string }>(
  open: { person: T; score?: number }[],
  closed: T[],
  label: (person: T) => string,
  closedLabel: (person: T) => string,
): PersonOption[] {
  return [
    ...open.map(({ person, score }) => ({
      value: person.id,
      label: `${label(person)}${score === undefined ? '' : ` · score ${score}`}`,
      disabled: false,
    })),
    ...closed.map((person) => ({ value: person.id, label: closedLabel(person), disabled: true })),
  ];
}

export function usePairChoice(
  mentors: readonly MentorListItem[],
  students: readonly StudentListItem[],
) {
  const [mentorId, setMentorId] = useState('');
  const [studentId, setStudentId] = useState('');
  // The side chosen first: the other side is ranked against it.
  const [anchor, setAnchor] = useState<PersonKind | null>(null);

  const activeMentors = useMemo(() => mentors.filter((m) => m.isActive).sort(byName), [mentors]);
  const activeStudents = useMemo(() => students.filter((s) => s.isActive).sort(byName), [students]);
  const mentor = activeMentors.find((m) => m.id === mentorId);
  const student = activeStudents.find((s) => s.id === studentId);

  const rankedMentors = useMemo(
    () => (student ? rankMentors(student, activeMentors) : null),
    [student, activeMentors],
  );
  const rankedStudents = useMemo(
    () => (mentor ? rankStudents(mentor, activeStudents) : null),
    [mentor, activeStudents],
  );

  const mentorOptions = useMemo(
    () =>
      options(
        rankedMentors?.map((s) => ({ person: s.person, score: s.match.score })) ??
          activeMentors.filter(mentorIsAvailable).map((person) => ({ person })),
        activeMentors.filter((m) => !mentorIsAvailable(m)),
        (m) => `${mentorLabel(m)} (${m.activeStudentCount}/${m.capacity})`,
        (m) => `${mentorLabel(m)} (full, ${m.activeStudentCount}/${m.capacity})`,
      ),
    [rankedMentors, activeMentors],
  );
  const studentOptions = useMemo(
    () =>
      options(
        rankedStudents?.map((s) => ({ person: s.person, score: s.match.score })) ??
          activeStudents.filter(studentIsAvailable).map((person) => ({ person })),
        activeStudents.filter((s) => !studentIsAvailable(s)),
        studentLabel,
        (s) => `${studentLabel(s)} (already matched)`,
      ),
    [rankedStudents, activeStudents],
  );

  const chooseMentor = (id: string) => {
    setMentorId(id);
    if (!id) setAnchor(anchor === 'mentor' ? (studentId ? 'student' : null) : anchor);
    else if (!anchor) setAnchor('mentor');
  };
  const chooseStudent = (id: string) => {
    setStudentId(id);
    if (!id) setAnchor(anchor === 'student' ? (mentorId ? 'mentor' : null) : anchor);
    else if (!anchor) setAnchor('student');
  };

  return {
    mentorId,
    studentId,
    mentor,
    student,
    anchor,
    activeMentors,
    activeStudents,
    rankedMentors,
    rankedStudents,
    mentorOptions,
    studentOptions,
    chooseMentor,
    chooseStudent,
    match: mentor && student ? matchScore(mentor, student) : null,
  };
}
