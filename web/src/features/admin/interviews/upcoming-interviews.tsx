/**
 * The dashboard's line of screening interviews in the coming days: soonest first,
 * each with the mentor's page. Nothing is shown when none is booked.
 */
import { Box, Heading, List, Text } from '@chakra-ui/react';
import { INTERVIEW_PLACE_LABELS, INTERVIEW_RULES, formatInterviewTime } from '@mentorship/domain';
import { PersonLink } from '../components/person-link';
import { useUpcomingInterviews } from './interviews-api';

export function UpcomingInterviews() {
  const query = useUpcomingInterviews();
  const interviews = query.data?.interviews ?? [];
  if (interviews.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="upcoming-interviews" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md" id="upcoming-interviews">
        Screening interviews in the next {INTERVIEW_RULES.dashboardDays} days
      </Heading>
      <List.Root as="ul" mt="2" gap="1" ps="5">
        {interviews.map((i) => (
          <List.Item key={`${i.mentorId}-${i.startsAt}`} data-testid="upcoming-interview">
            <Text as="span">
              {formatInterviewTime(i.startsAt)}, {i.minutes} minutes,{' '}
              {INTERVIEW_PLACE_LABELS[i.place].toLowerCase()}:{' '}
            </Text>
            <PersonLink kind="mentor" id={i.mentorId} name={i.fullName} />
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
