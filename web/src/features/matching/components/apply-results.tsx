import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { ApplyMatchesResponse, ProposalPairView } from '@mentorship/domain';
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
    <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
          Outcome of each applied pair
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Mentor</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Student</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Outcome</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
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
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
