/**
 * How the admin lists travel: as a table. Column names are sent once, each row is an array of
 * values in column order, and list-of-string columns (disciplines, topics) hold indexes into a
 * per-response dictionary of the distinct values. 5,000 students take about 1 MB of JSON this
 * way instead of 2.2 MB as objects; `decodeTable` gives back the plain row objects.
 *
 * The dictionary is built from the data of each response, so the encoding does not depend on
 * the option lists' order (an old browser tab still decodes a newer server's answer).
 */

/** A GET list response of the admin API (students, mentors, pairs). */
export interface TableResponse<Row> {
  columns: (keyof Row & string)[];
  /** For list-of-string columns: the distinct values, which the rows reference by index. */
  dictionaries: Partial<Record<keyof Row & string, string[]>>;
  rows: unknown[][];
}

/** Most rows `?limit=` may ask a list for (the dashboard's first screen asks for far fewer). */
export const MAX_LIST_LIMIT = 1000;

/** Columns whose values are `string[] | null` and go through a dictionary. */
type ListColumns<Row> = {
  [K in keyof Row & string]: Row[K] extends readonly string[] | null ? K : never;
}[keyof Row & string];

export function encodeTable<Row extends object>(
  items: readonly Row[],
  columns: readonly (keyof Row & string)[],
  dictionaryColumns: readonly ListColumns<Row>[] = [],
): TableResponse<Row> {
  const dictionaries: Partial<Record<keyof Row & string, string[]>> = {};
  const lookups = new Map<string, Map<string, number>>();
  for (const column of dictionaryColumns) {
    dictionaries[column] = [];
    lookups.set(column, new Map());
  }
  const indexOf = (column: string, value: string): number => {
    const lookup = lookups.get(column) as Map<string, number>;
    let index = lookup.get(value);
    if (index === undefined) {
      index = lookup.size;
      lookup.set(value, index);
      (dictionaries[column as keyof Row & string] as string[]).push(value);
    }
    return index;
  };
  const rows = items.map((item) =>
    columns.map((column) => {
      const value: unknown = item[column];
      if (lookups.has(column) && Array.isArray(value)) {
        return value.map((entry: string) => indexOf(column, entry));
      }
      return value === undefined ? null : value;
    }),
  );
  return { columns: [...columns], dictionaries, rows };
}

/** Thrown when a response is not a table this code can read (the server and app disagree). */
export class TableFormatError extends Error {
  constructor(detail: string) {
    super(`Unexpected list format: ${detail}`);
    this.name = 'TableFormatError';
  }
}

export function decodeTable<Row>(table: TableResponse<Row>): Row[] {
  if (!table || !Array.isArray(table.columns) || !Array.isArray(table.rows)) {
    throw new TableFormatError('columns and rows are missing');
  }
  const { columns, rows } = table;
  const dictionaries = (table.dictionaries ?? {}) as Record<string, string[] | undefined>;
  return rows.map((row) => {
    if (!Array.isArray(row) || row.length !== columns.length) {
      throw new TableFormatError('a row does not match the columns');
    }
    const item: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const value: unknown = row[i];
      const dictionary = dictionaries[column];
      item[column] =
        dictionary && Array.isArray(value)
          ? value.map((index: number) => {
              const entry = dictionary[index];
              if (entry === undefined) throw new TableFormatError(`bad index in ${column}`);
              return entry;
            })
          : value;
    });
    return item as Row;
  });
}
