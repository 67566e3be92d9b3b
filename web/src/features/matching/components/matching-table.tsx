import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColumnHeaders } from '../../../components/ui/column-headers';

/** A table of the matching screen: a caption above, the column headers, scrolling sideways on a phone. */
export function MatchingTable({
  caption,
  headers,
  children,
}: {
  caption: ReactNode;
  headers: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
          {caption}
        </Table.Caption>
        <Table.Header>
          <ColumnHeaders names={headers} />
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Box>
  );
}
