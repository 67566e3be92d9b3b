/** One tab's body: its toolbar, the whole-list error, the progress line, then loading or table. */
import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DashboardList } from './use-dashboard-lists';
import { VirtualTable, type Column } from '../components/virtual-table';
import { ListProgress, Loading, LoadError, Unreachable } from './list-parts';

export function ListTab<T extends { id: string }>({
  what,
  label,
  list,
  rows,
  columns,
  progress,
  toolbar,
}: {
  /** "students", "mentors", "pairs" */
  what: string;
  /** The table's accessible name. */
  label: string;
  list: Pick<DashboardList<T>, 'rows' | 'complete' | 'isError' | 'retry' | 'offline'>;
  /** The rows shown (search and filter applied). */
  rows: T[];
  columns: Column<T>[];
  progress: string | null;
  toolbar: ReactNode;
}) {
  return (
    <Stack gap="3">
      {toolbar}
      {list.isError && (
        <LoadError
          what={what}
          detail={
            list.rows && !list.complete
              ? `Only the newest ${list.rows.length.toLocaleString('en-US')} are shown.`
              : undefined
          }
          onRetry={list.retry}
        />
      )}
      {list.offline && !list.isError && <Unreachable what={what} stale={list.rows !== undefined} />}
      <ListProgress text={progress} />
      {list.rows === undefined ? (
        list.isError || list.offline ? null : (
          <Loading what={what} />
        )
      ) : (
        <VirtualTable
          label={label}
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          emptyText={`No ${what} match.`}
        />
      )}
    </Stack>
  );
}
