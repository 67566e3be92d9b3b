import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A table's row of column headers, one a name (`scope="col"`); `children` adds more after them. */
export function ColumnHeaders({
  names,
  children,
}: {
  names: readonly string[];
  children?: ReactNode;
}) {
  return (
    <Table.Row>
      {names.map((name) => (
        <Table.ColumnHeader key={name} scope="col">
          {name}
        </Table.ColumnHeader>
      ))}
      {children}
    </Table.Row>
  );
}
