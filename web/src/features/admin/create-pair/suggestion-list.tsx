/** The ranked people for the side not yet chosen, best match first, each with a Choose button. */
import { Badge, Box, Button, HStack, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  overlapReason,
  TIME_ZONE_RULE_TEXT,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { CardSection } from '../components/card-section';
import type { Suggestion } from './rank-suggestions';

export function SuggestionList<T extends MentorListItem | StudentListItem>({
  title,
  suggestions,
  describe,
  onChoose,
  chosenId,
}: {
  title: string;
  suggestions: Suggestion<T>[];
  describe: (person: T) => string;
  onChoose: (person: T) => void;
  chosenId: string;
}) {
  return (
    <CardSection
      label={title}
      size="md"
      subtitle={
        <>Best match first, by shared disciplines and mentoring topics. {TIME_ZONE_RULE_TEXT}</>
      }
    >
      {suggestions.length === 0 ? (
        <Text>No one with free places to suggest.</Text>
      ) : (
        <List.Root as="ol" gap="3" listStyleType="none" ps="0">
          {suggestions.map(({ person, match, overlapHours }) => (
            <List.Item key={person.id} borderWidth="1px" borderRadius="md" p="3">
              <Stack gap="1.5" w="full">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Box>
                    <Text fontWeight="semibold">{person.fullName}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {describe(person)}
                    </Text>
                  </Box>
                  <HStack gap="2">
                    <Badge colorPalette={match.score > 0 ? 'blue' : 'gray'}>
                      Score {match.score} · {match.band}
                    </Badge>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={chosenId === person.id}
                      onClick={() => onChoose(person)}
                    >
                      {chosenId === person.id ? 'Chosen' : 'Choose'}
                      <VisuallyHidden> {person.fullName}</VisuallyHidden>
                    </Button>
                  </HStack>
                </HStack>
                <Text fontSize="sm">
                  {match.score === 0
                    ? 'Nothing in common yet.'
                    : `Shared: ${[...match.sharedDisciplines, ...match.sharedTopics].join(', ')}`}
                </Text>
                <Text fontSize="sm">{overlapReason(overlapHours)}</Text>
              </Stack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </CardSection>
  );
}
