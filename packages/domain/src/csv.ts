/**
 * The one CSV writer, for every file the site lets a coordinator download (the dashboard's lists,
 * the cohort report). UTF-8 with a byte-order mark and CRLF lines, so Excel and Google Sheets
 * open it with accents intact; every cell quoted, so a reader splitting on `;` or `,` keeps each
 * cell whole; and every cell neutralised: a formula start (=, +, -, @, a tab or a carriage
 * return) at the beginning of a cell, or right after any separator a spreadsheet may split on
 * (, ; | tab, a line break, also with spaces between), gets an apostrophe in front, so no
 * spreadsheet runs it as a formula whichever separator its locale uses (`x;=1+1;y` in a `;`
 * locale: CSV injection).
 */

/** A formula start (= + - @, tab, CR) at the beginning of a cell or after a separator. */
const FORMULA_AFTER_SEPARATOR = /(^|[,;|\t\r\n])([ ]*)(?=[=+\-@\t\r])/g;

/** The guard against formula injection, one cell's text at a time. */
export const neutraliseCsvCell = (text: string): string =>
  text.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");

/** What a cell may hold: lists are joined with `; `, nothing is an empty cell. */
export type CsvCell = string | number | boolean | null | undefined | readonly string[];

/** One column of a file: its heading and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

const cellText = (value: CsvCell): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

/** The file's text from its rows of cells, the first row being the headings. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell) => `"${neutraliseCsvCell(cellText(value)).replace(/"/g, '""')}"`;
  return '\uFEFF' + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The file's text from records and the columns that present them. */
export const csvOf = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string =>
  csvText([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))]);
