import { Badge, Table, Text } from '@chakra-ui/react';
import type { ApplyMatchesResponse, ProposalPairView } from '@mentorship/domain';
import { MatchingTable } from './matching-table';
import { pairKeyOf } from './pair-key';

/** What happened to each applied pair: created, or refused with the server's reason. */
export function ApplyResults({
  result,
  pairs,
}: {
  result: ApplyMatchesResponse;
  pairs: ReadonlyMap<string, ProposalPairView>;
}) {
  return (
    <MatchingTable
      caption="Outcome of each applied pair"
      headers={['Mentor', 'Student', 'Outcome']}
    >
      {result.results.map((r) => {
        const view = pairs.get(pairKeyOf(r));
        return (
          <Table.Row key={pairKeyOf(r)} data-outcome={r.status}>
            <Table.Cell>{view?.mentorName ?? r.mentorId}</Table.Cell>
            <Table.Cell>{view?.studentName ?? r.studentId}</Table.Cell>
            <Table.Cell>
              {r.status === 'created' ? (
                <Badge colorPalette="green" variant="outline">
                  Created
                </Badge>
              ) : (
                <>
                  <Badge colorPalette="red" variant="outline">
                    Refused
                  </Badge>
                  <Text fontSize="sm" mt="1">
                    {r.message}
                  </Text>
                </>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </MatchingTable>
  );
}
