import { Box, List, Table, Text } from '@chakra-ui/react';
import {
  UNMATCHED_REASONS,
  UNMATCHED_REASON_TEXT,
  type ProposalResponse,
} from '@mentorship/domain';
import { countOf } from '../../../lib/count-of';

/**
 * Mentors the proposal left out before matching (the cohort requires the orientation and they
 * have not attended it), named with the reason, so a coordinator sees why they are
 * missing from the proposal.
 */
function MentorsLeftOut({ proposal }: { proposal: ProposalResponse }) {
  const leftOut = proposal.mentorsLeftOut ?? [];
  if (leftOut.length === 0) return null;
  return (
    <Box mt="2" data-testid="mentors-left-out">
      <Text>{countOf(leftOut.length, 'mentor')} not in this proposal:</Text>
      <List.Root ps="5" mt="1">
        {leftOut.map((m) => (
          <List.Item key={m.mentorId}>
            {m.mentorName} – {m.reason}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/**
 * How many students the proposal leaves unmatched, why, and (on demand) who; and the mentors it
 * left out, with why.
 */
export function UnmatchedSummary({ proposal }: { proposal: ProposalResponse }) {
  const { unmatched, summary } = proposal;
  if (unmatched.length === 0) {
    return (
      <Box>
        <Text>Every student waiting for a mentor has a proposed match.</Text>
        <MentorsLeftOut proposal={proposal} />
      </Box>
    );
  }
  const reasons = UNMATCHED_REASONS.filter((r) => summary.unmatchedByReason[r] > 0);
  return (
    <Box>
      <Text>{countOf(unmatched.length, 'student')} would remain unmatched:</Text>
      <List.Root ps="5" mt="1">
        {reasons.map((reason) => (
          <List.Item key={reason}>
            {countOf(summary.unmatchedByReason[reason], 'student')}: {UNMATCHED_REASON_TEXT[reason]}
          </List.Item>
        ))}
      </List.Root>
      <Box as="details" mt="2">
        <Box as="summary" cursor="pointer" fontWeight="medium" py="1">
          Show the unmatched students
        </Box>
        <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg" mt="2">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Student</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Why not matched</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {unmatched.map((u) => (
                <Table.Row key={u.studentId}>
                  <Table.Cell>{u.studentName}</Table.Cell>
                  <Table.Cell>{UNMATCHED_REASON_TEXT[u.reason]}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
      <MentorsLeftOut proposal={proposal} />
    </Box>
  );
}
