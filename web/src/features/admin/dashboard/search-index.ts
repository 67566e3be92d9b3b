/**
 * In-memory search for the dashboard lists: each row's searchable text is lower-cased once (when
 * the list changes), so a keystroke is a plain substring scan even over thousands of rows.
 */
/**
 * The spec's All / Active / Inactive (inactive still includes applications awaiting review and
 * declined ones), and Awaiting review beside them.
 */
export type StatusFilter = 'all' | 'active' | 'inactive' | 'awaiting';

export interface Indexed<T> {
  row: T;
  text: string;
}

export function buildIndex<T>(
  rows: readonly T[],
  fields: (row: T) => readonly (string | null | undefined)[],
): Indexed<T>[] {
  return rows.map((row) => ({
    row,
    text: fields(row)
      .filter((value): value is string => Boolean(value))
      .join('\n')
      .toLowerCase(),
  }));
}

/** Case-insensitive substring match on the indexed text, combined with the status filter. */
export function filterIndex<T extends { isActive: boolean; reviewStatus?: string | null }>(
  index: readonly Indexed<T>[],
  query: string,
  status: StatusFilter,
): T[] {
  const needle = query.trim().toLowerCase();
  const result: T[] = [];
  for (const { row, text } of index) {
    if (status === 'active' && !row.isActive) continue;
    if (status === 'inactive' && row.isActive) continue;
    if (status === 'awaiting' && row.reviewStatus !== 'awaiting') continue;
    if (needle && !text.includes(needle)) continue;
    result.push(row);
  }
  return result;
}
