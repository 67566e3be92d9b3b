/**
 * The preview once both people are chosen: each person's card (items the student shares with the
 * mentor are marked) and the Match Score panel.
 */
import {
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import type { MatchResult, MentorListItem, StudentListItem } from '@mentorship/domain';
import type { ReactNode } from 'react';
import { CardSection } from '../components/card-section';

/** A list of items as tags; items in `shared` are marked with a check and the word "shared". */
function ItemTags({
  items,
  shared,
  empty,
}: {
  items: readonly string[] | null | undefined;
  shared?: readonly string[];
  empty: string;
}) {
  if (!items || items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {empty}
      </Text>
    );
  }
  return (
    <Wrap as="ul" gap="1.5" listStyleType="none">
      {items.map((item) => {
        const isShared = shared?.includes(item) ?? false;
        return (
          <Box as="li" key={item}>
            <Badge
              variant={isShared ? 'solid' : 'outline'}
              colorPalette="gray"
              bg={isShared ? 'green.700' : undefined}
              color={isShared ? 'white' : undefined}
              fontWeight={isShared ? 'bold' : 'normal'}
              data-shared={isShared || undefined}
            >
              {isShared ? <span aria-hidden="true">✓ </span> : null}
              {item}
              {isShared ? <VisuallyHidden> (shared)</VisuallyHidden> : null}
            </Badge>
          </Box>
        );
      })}
    </Wrap>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {label}
      </Text>
      {children}
    </Box>
  );
}

function MatchScorePanel({ match }: { match: MatchResult }) {
  return (
    <Card.Root as="section" aria-label="Match Score" bg="blue.50" borderColor="blue.200">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="4">
          <Box>
            <Heading as="h2" size="md">
              Match Score
            </Heading>
            <Text fontSize="sm">Based on shared disciplines and mentoring topics</Text>
          </Box>
          <HStack gap="3" data-testid="match-score">
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
              {match.score}
            </Text>
            <Badge
              size="lg"
              variant="solid"
              bg={match.score >= 3 ? 'green.700' : 'gray.700'}
              color="white"
            >
              {match.band}
            </Badge>
          </HStack>
        </HStack>
        <Text mt="2" fontSize="sm">
          {match.score === 0
            ? 'They share no disciplines or topics.'
            : `Shared disciplines: ${match.sharedDisciplines.join(', ') || 'none'}. Shared topics: ${match.sharedTopics.join(', ') || 'none'}.`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** One side of the pair: who, their first detail, and their disciplines and topics. */
function PreviewCard({
  label,
  name,
  subtitle,
  detail,
  disciplines,
  topics,
  match,
}: {
  label: string;
  name: string;
  subtitle: string;
  detail: { label: string; text: string };
  disciplines: readonly string[] | null;
  topics: readonly string[] | null;
  /** The student's side marks what they share with the mentor. */
  match?: MatchResult;
}) {
  return (
    <CardSection label={label} heading={name} size="md" subtitle={subtitle}>
      <Stack gap="3">
        <Detail label={detail.label}>
          <Text>{detail.text}</Text>
        </Detail>
        <Detail label="Disciplines">
          <ItemTags items={disciplines} shared={match?.sharedDisciplines} empty="None chosen" />
        </Detail>
        <Detail label="Topics">
          <ItemTags items={topics} shared={match?.sharedTopics} empty="None chosen" />
        </Detail>
      </Stack>
    </CardSection>
  );
}

export function PairPreview({
  mentor,
  student,
  match,
}: {
  mentor: MentorListItem;
  student: StudentListItem;
  match: MatchResult;
}) {
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <PreviewCard
          label="Mentor preview"
          name={mentor.fullName}
          subtitle={`Mentor · ${mentor.activeStudentCount}/${mentor.capacity} students`}
          detail={{
            label: 'Position',
            text:
              [mentor.currentJobTitle, mentor.company].filter(Boolean).join(' at ') || 'Not given',
          }}
          disciplines={mentor.preferredDisciplines}
          topics={mentor.mentoringTopics}
        />
        <PreviewCard
          label="Student preview"
          name={student.fullName}
          subtitle="Student · ✓ marks what they share with the mentor"
          detail={{
            label: 'Program',
            text:
              [student.academicProgram, student.universityName, student.yearOfStudy]
                .filter(Boolean)
                .join(', ') || 'Not given',
          }}
          disciplines={student.preferredDisciplines}
          topics={student.mentoringTopics}
          match={match}
        />
      </SimpleGrid>
      <MatchScorePanel match={match} />
    </Stack>
  );
}
