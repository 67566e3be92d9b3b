import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, Loading } from '../dashboard/list-parts';

/**
 * A request's result in place: "Loading {what}...", the load error with Try again (and, with
 * `detail`, what went wrong), or what `children` makes of the data once it is in.
 */
export function QueryResult<T>({
  query,
  what,
  detail,
  children,
}: {
  query: UseQueryResult<T>;
  /** The list's name in the messages: "session guides", "interview slots". */
  what: string;
  detail?: (error: Error) => string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) {
    return (
      <LoadError what={what} detail={detail?.(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  return children(query.data);
}
