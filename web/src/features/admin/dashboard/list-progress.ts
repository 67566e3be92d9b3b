/**
 * What the dashboard says while a list is only partly loaded (its newest rows first, the rest
 * on the way): the status line, and the counts in the tab labels, which must never pass off a
 * partial number as the total.
 */
export type ListNoun = 'students' | 'mentors' | 'pairs';

const number = new Intl.NumberFormat('en-US');

/**
 * The status line while only the newest `loaded` rows are in. `total` comes from the stats
 * (left out when unknown); `narrowed` says a search or filter is active, whose results can only
 * come from the loaded rows so far.
 */
export function partialListMessage(
  noun: ListNoun,
  loaded: number,
  total: number | undefined,
  narrowed: boolean,
): string {
  const of = total !== undefined && total >= loaded ? ` of ${number.format(total)}` : '';
  const what = `the newest ${number.format(loaded)}${of} ${noun}`;
  return narrowed
    ? `Showing matches among ${what}. Loading the rest...`
    : `Showing ${what}. Loading the rest...`;
}

export interface TabCountInput {
  /** Rows shown now (after search and filter); undefined before any row has arrived. */
  shown: number | undefined;
  /** Whether the whole list is loaded. */
  complete: boolean;
  /** The list's total from the stats, when known. */
  total: number | undefined;
  /** A search or a status filter is active. */
  narrowed: boolean;
}

/**
 * The count in a tab label ("Students (n)"), or null for no count. Complete list: the rows
 * shown. Partial list: the stats total when nothing narrows it, otherwise "n+" (at least the
 * matches found so far).
 */
export function tabCount({ shown, complete, total, narrowed }: TabCountInput): string | null {
  if (complete && shown !== undefined) return String(shown);
  if (!narrowed && total !== undefined) return String(total);
  return shown === undefined ? null : `${shown}+`;
}

/** "Students (12)", or just "Students" when there is no honest count yet. */
export const tabLabel = (title: string, count: string | null): string =>
  count === null ? title : `${title} (${count})`;
