import { buildIndex, filterIndex } from './search-index';

interface Row {
  id: string;
  fullName: string;
  email: string | null;
  company: string | null;
  isActive: boolean;
}

const rows: Row[] = [
  {
    id: '1',
    fullName: 'Ada Lovelace',
    email: 'ada@calc.org',
    company: 'Analytical',
    isActive: true,
  },
  { id: '2', fullName: 'Grace Hopper', email: null, company: 'Navy', isActive: false },
  { id: '3', fullName: 'Alan Turing', email: 'alan@bletchley.uk', company: null, isActive: true },
];
const index = buildIndex(rows, (r) => [r.fullName, r.email, r.company]);
const ids = (found: Row[]) => found.map((r) => r.id);

describe('dashboard search', () => {
  it('matches a case-insensitive substring of any indexed field', () => {
    expect(ids(filterIndex(index, 'LOVE', 'all'))).toEqual(['1']);
    expect(ids(filterIndex(index, 'bletchley', 'all'))).toEqual(['3']);
    expect(ids(filterIndex(index, 'navy', 'all'))).toEqual(['2']);
    expect(ids(filterIndex(index, '  a  ', 'all'))).toEqual(['1', '2', '3']);
  });

  it('does not match across field boundaries', () => {
    expect(filterIndex(index, 'lovelaceada', 'all')).toEqual([]);
  });

  it('combines the search with the active / inactive filter', () => {
    expect(ids(filterIndex(index, '', 'active'))).toEqual(['1', '3']);
    expect(ids(filterIndex(index, '', 'inactive'))).toEqual(['2']);
    expect(ids(filterIndex(index, 'alan', 'inactive'))).toEqual([]);
    expect(ids(filterIndex(index, 'grace', 'inactive'))).toEqual(['2']);
  });
});
