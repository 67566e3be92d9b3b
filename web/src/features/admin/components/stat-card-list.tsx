import { Box, SimpleGrid, Stat, type SimpleGridProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCard {
  key: string;
  label: string;
  value: ReactNode;
}

/**
 * A row of figures as a list of cards (the dashboard's totals, the pairs' counts); each card's
 * test id is `testIdPrefix` and its key. `busy` marks the values as still loading.
 */
export function StatCardList({
  cards,
  columns,
  testIdPrefix,
  busy,
}: {
  cards: readonly StatCard[];
  columns: SimpleGridProps['columns'];
  testIdPrefix: string;
  busy?: boolean;
}) {
  return (
    <SimpleGrid as="ul" columns={columns} gap="4" listStyleType="none" p="0">
      {cards.map((card) => (
        <Box as="li" key={card.key}>
          <Stat.Root
            borderWidth="1px"
            borderRadius="md"
            p="4"
            bg="bg"
            h="full"
            data-testid={`${testIdPrefix}${card.key}`}
          >
            <Stat.Label color="fg.muted">{card.label}</Stat.Label>
            <Stat.ValueText aria-busy={busy}>{card.value}</Stat.ValueText>
          </Stat.Root>
        </Box>
      ))}
    </SimpleGrid>
  );
}
