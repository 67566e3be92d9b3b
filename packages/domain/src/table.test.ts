import { decodeTable, encodeTable, TableFormatError, type TableResponse } from './table';

interface Row {
  id: string;
  name: string;
  tags: string[] | null;
  topics: string[];
  active: boolean;
  note: string | null;
}

const rows: Row[] = [
  { id: 'a', name: 'Ana', tags: ['x', 'y'], topics: ['t1'], active: true, note: null },
  { id: 'b', name: 'Ben', tags: null, topics: [], active: false, note: 'hi' },
  { id: 'c', name: 'Cy', tags: ['y', 'z', 'x'], topics: ['t1', 't2'], active: true, note: '' },
];
const columns = ['id', 'name', 'tags', 'topics', 'active', 'note'] as const;

describe('list tables', () => {
  it('round-trips rows, nulls, empty lists and order', () => {
    const table = encodeTable(rows, columns, ['tags', 'topics']);
    expect(decodeTable(table)).toEqual(rows);
  });

  it('sends each column name once and each distinct list value once', () => {
    const table = encodeTable(rows, columns, ['tags', 'topics']);
    expect(table.columns).toEqual([...columns]);
    expect(table.dictionaries).toEqual({ tags: ['x', 'y', 'z'], topics: ['t1', 't2'] });
    expect(table.rows[2]).toEqual(['c', 'Cy', [1, 2, 0], [0, 1], true, '']);
    // Survives JSON, which is how it travels.
    expect(decodeTable(JSON.parse(JSON.stringify(table)) as TableResponse<Row>)).toEqual(rows);
  });

  it('keeps only the named columns and turns missing values into null', () => {
    const partial = [{ id: 'a', name: 'Ana' } as unknown as Row];
    const table = encodeTable(partial, ['id', 'note']);
    expect(table.rows).toEqual([['a', null]]);
    expect(decodeTable(table)).toEqual([{ id: 'a', note: null }]);
  });

  it('is smaller than the same rows as objects', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...rows[i % 3], id: `id${i}` }) as Row);
    const asTable = JSON.stringify(encodeTable(many, columns, ['tags', 'topics'])).length;
    const asObjects = JSON.stringify({ items: many }).length;
    expect(asTable).toBeLessThan(asObjects * 0.6);
  });

  it('refuses a body that is not a table, or a row of the wrong width, or a bad index', () => {
    expect(() => decodeTable({ items: [] } as unknown as TableResponse<Row>)).toThrow(
      TableFormatError,
    );
    expect(() =>
      decodeTable({
        columns: ['id', 'name'],
        dictionaries: {},
        rows: [['a']],
      } as TableResponse<Row>),
    ).toThrow('a row does not match the columns');
    expect(() =>
      decodeTable({
        columns: ['tags'],
        dictionaries: { tags: ['x'] },
        rows: [[[0, 3]]],
      } as TableResponse<Row>),
    ).toThrow('bad index in tags');
  });
});
