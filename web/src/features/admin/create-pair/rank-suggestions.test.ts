import type { StudentListItem } from '@mentorship/domain';
import { mentorListItem, studentListItem } from '../../../../../tests/factories';
import { rankMentors, rankStudents } from './rank-suggestions';

const mentor = mentorListItem;
/** Fay and the other students choose Design and Finance, and Leadership, unless a test says. */
const student = (id: string, extra: Partial<StudentListItem> = {}) =>
  studentListItem(id, {
    preferredDisciplines: ['Design', 'Finance'],
    mentoringTopics: ['Leadership'],
    ...extra,
  });

describe('ranked mentor suggestions', () => {
  const fay = student('fay');

  it('orders by score, then by free places, with the shared items as reasons', () => {
    const ranked = rankMentors(fay, [
      mentor('low', { preferredDisciplines: ['Design'] }),
      mentor('best', {
        preferredDisciplines: ['Design', 'Finance'],
        mentoringTopics: ['Leadership'],
      }),
      mentor('roomy', { preferredDisciplines: ['Finance'], capacity: 3, activeStudentCount: 1 }),
      mentor('none'),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['best', 'roomy', 'low', 'none']);
    expect(ranked[0]?.match).toMatchObject({
      score: 3,
      band: 'Good match',
      sharedDisciplines: ['Design', 'Finance'],
      sharedTopics: ['Leadership'],
    });
  });

  it('never offers full or inactive mentors', () => {
    const ranked = rankMentors(fay, [
      mentor('full', { preferredDisciplines: ['Design'], capacity: 2, activeStudentCount: 2 }),
      mentor('inactive', { preferredDisciplines: ['Design'], isActive: false }),
      mentor('ok'),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['ok']);
  });
});

describe('ranked student suggestions', () => {
  it('orders by score, then the longest-waiting application, and skips matched or inactive students', () => {
    const m = mentor('m', { preferredDisciplines: ['Design'], mentoringTopics: ['Leadership'] });
    const ranked = rankStudents(m, [
      student('late', { createdAt: '2024-03-01T00:00:00.000Z', mentoringTopics: null }),
      student('early', { createdAt: '2024-02-01T00:00:00.000Z', mentoringTopics: null }),
      student('top'),
      student('matched', { activePairId: 'a1' }),
      student('inactive', { isActive: false }),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['top', 'early', 'late']);
  });
});
