/**
 * The admin area's small tables (Cohorts, Pairs, Team): a named region a keyboard user can focus
 * and scroll on a phone (aria-label needs the role), a caption that counts the rows, the column
 * headers and the body. `position: relative` keeps a visually hidden header (e.g. "Actions")
 * scrolling with the table instead of widening the page.
 */
import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColumnHeaders } from '../../../components/ui/column-headers';

export function RegionTable({
  label,
  caption,
  headers,
  children,
}: {
  label: string;
  caption: ReactNode;
  /**
   * The columns' headers; the last column holds each row's actions and has a header only screen
   * readers hear ("Actions").
   */
  headers: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      tabIndex={0}
      role="region"
      aria-label={label}
      position="relative"
    >
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
          {caption}
        </Table.Caption>
        <Table.Header bg="bg.muted">
          <ColumnHeaders names={headers}>
            <Table.ColumnHeader scope="col">
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </ColumnHeaders>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
