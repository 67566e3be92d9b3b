import type { Stats } from '@mentorship/domain';
import { StatCardList } from '../components/stat-card-list';

const CARDS: { key: keyof Stats; label: string }[] = [
  { key: 'totalStudents', label: 'Total Students' },
  { key: 'totalMentors', label: 'Total Mentors' },
  { key: 'activeStudents', label: 'Active Students' },
  { key: 'activeMentors', label: 'Active Mentors' },
  { key: 'totalAssignments', label: 'Assignments' },
  { key: 'awaitingReview', label: 'Awaiting review' },
];

export function StatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <StatCardList
      columns={{ base: 2, md: 3, lg: 6 }}
      testIdPrefix="stat-"
      busy={stats === undefined}
      cards={CARDS.map(({ key, label }) => ({
        key,
        label,
        value: stats ? (stats[key]?.toLocaleString('en-US') ?? '—') : '…',
      }))}
    />
  );
}
