import { formatDate, formatDateShort, formatDateTime, formatDay, formatDayShort } from './dates';

describe('dates, in the one locale the spec writes them in', () => {
  it('writes calendar days in UTC, whatever the time of day of an instant', () => {
    expect(formatDay('2024-12-30')).toBe('December 30, 2024');
    expect(formatDay('2024-12-30T23:59:00.000Z')).toBe('December 30, 2024');
    expect(formatDayShort('2027-03-01')).toBe('Mar 1, 2027');
  });

  it('writes instants as days and times, and nothing for an invalid one', () => {
    const noon = '2026-11-23T12:00:00.000Z';
    expect(formatDate(noon)).toMatch(/^November 2[2-4], 2026$/);
    expect(formatDateShort(noon)).toMatch(/^Nov 2[2-4], 2026$/);
    expect(formatDateTime(noon)).toMatch(/^Nov 2[2-4], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDateShort('not a date')).toBe('');
    expect(formatDay('2026-13-45')).toBe('');
  });
});
