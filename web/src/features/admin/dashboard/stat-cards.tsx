import { Box, SimpleGrid, Stat } from '@chakra-ui/react';
import type { Stats } from '@mentorship/domain';

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
    <SimpleGrid as="ul" columns={{ base: 2, md: 3, lg: 6 }} gap="4" listStyleType="none" p="0">
      {CARDS.map((card) => (
        <Box as="li" key={card.key}>
          <Stat.Root
            borderWidth="1px"
            borderRadius="md"
            p="4"
            bg="bg"
            h="full"
            data-testid={`stat-${card.key}`}
          >
            <Stat.Label color="fg.muted">{card.label}</Stat.Label>
            <Stat.ValueText aria-busy={stats === undefined}>
              {stats ? (stats[card.key]?.toLocaleString('en-US') ?? '—') : '…'}
            </Stat.ValueText>
          </Stat.Root>
        </Box>
      ))}
    </SimpleGrid>
  );
}
