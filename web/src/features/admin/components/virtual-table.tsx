import { Box, Table, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, type ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  /** CSS width of the column (the table uses a fixed layout so rows never jump). */
  width: string;
  cell: (row: T) => ReactNode;
}

interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  rowHeight?: number;
}

interface RowProps<T> {
  row: T;
  columns: readonly Column<T>[];
  rowIndex: number;
  height: number;
}

function TableRow<T>({ row, columns, rowIndex, height }: RowProps<T>) {
  return (
    <Table.Row aria-rowindex={rowIndex} style={{ height }} data-testid="table-row">
      {columns.map((column, i) => (
        <Table.Cell key={i} overflow="hidden" textOverflow="ellipsis">
          {column.cell(row)}
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

/** Re-renders a row only when its record, its position or the columns change. */
const MemoRow = memo(TableRow) as typeof TableRow;

/**
 * A real <table> whose body renders only the rows in view (plus a margin), with spacer rows
 * above and below: thousands of records scroll and filter without thousands of DOM nodes.
 */
export function VirtualTable<T>({
  label,
  rows,
  columns,
  rowKey,
  emptyText,
  rowHeight = 57,
}: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be used this way
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    getItemKey: (index) => rowKey(rows[index] as T),
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  if (rows.length === 0) {
    return (
      <Text py="8" textAlign="center" color="fg.muted" role="status">
        {emptyText}
      </Text>
    );
  }

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      maxH="65vh"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      data-testid="virtual-table"
    >
      <Table.Root size="sm" tableLayout="fixed" aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((column, i) => (
            <col key={i} style={{ width: column.width }} />
          ))}
        </colgroup>
        <Table.Header position="sticky" top="0" zIndex="1" bg="bg.muted">
          <Table.Row aria-rowindex={1}>
            {columns.map((column, i) => (
              <Table.ColumnHeader key={i} scope="col">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => (
            <MemoRow
              key={item.key}
              row={rows[item.index] as T}
              columns={columns}
              rowIndex={item.index + 2}
              height={rowHeight}
            />
          ))}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
