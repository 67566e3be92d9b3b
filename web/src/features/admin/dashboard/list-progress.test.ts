import { partialListMessage, tabCount, tabLabel } from './list-progress';

describe('partialListMessage', () => {
  it('names the loaded rows and the total, with thousands separators', () => {
    expect(partialListMessage('students', 50, 5000, false)).toBe(
      'Showing the newest 50 of 5,000 students. Loading the rest...',
    );
  });

  it('leaves the total out while the stats are unknown', () => {
    expect(partialListMessage('mentors', 50, undefined, false)).toBe(
      'Showing the newest 50 mentors. Loading the rest...',
    );
  });

  it('leaves out a total smaller than the loaded rows (stale stats) rather than contradict them', () => {
    expect(partialListMessage('pairs', 50, 40, false)).toBe(
      'Showing the newest 50 pairs. Loading the rest...',
    );
  });

  it('says search or filter results come from the loaded rows only', () => {
    expect(partialListMessage('students', 50, 1200, true)).toBe(
      'Showing matches among the newest 50 of 1,200 students. Loading the rest...',
    );
  });
});

describe('tabCount', () => {
  it('counts the rows shown once the whole list is in, narrowed or not', () => {
    expect(tabCount({ shown: 3, complete: true, total: 5000, narrowed: true })).toBe('3');
    expect(tabCount({ shown: 4999, complete: true, total: 5000, narrowed: false })).toBe('4999');
  });

  it('uses the stats total while partial and nothing narrows the list', () => {
    expect(tabCount({ shown: 50, complete: false, total: 5000, narrowed: false })).toBe('5000');
  });

  it('says "at least" while partial and a search or filter is active', () => {
    expect(tabCount({ shown: 7, complete: false, total: 5000, narrowed: true })).toBe('7+');
    expect(tabCount({ shown: 0, complete: false, total: 5000, narrowed: true })).toBe('0+');
  });

  it('says "at least" while partial and the stats are unknown', () => {
    expect(tabCount({ shown: 50, complete: false, total: undefined, narrowed: false })).toBe('50+');
  });

  it('gives no count before anything is known', () => {
    expect(tabCount({ shown: undefined, complete: false, total: undefined, narrowed: false })).toBe(
      null,
    );
    expect(tabCount({ shown: undefined, complete: false, total: 10, narrowed: true })).toBe(null);
    expect(tabCount({ shown: undefined, complete: false, total: 10, narrowed: false })).toBe('10');
  });
});

describe('tabLabel', () => {
  it('adds the count in brackets, or nothing without one', () => {
    expect(tabLabel('Mentors', '12')).toBe('Mentors (12)');
    expect(tabLabel('Mentors', '12+')).toBe('Mentors (12+)');
    expect(tabLabel('Mentors', null)).toBe('Mentors');
  });
});
