import {
  formatDate,
  formatDateShort,
  formatDateTime,
  formatDay,
  formatDayShort,
  formatInterviewTime,
} from './dates';

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

  it("writes an interview time with its weekday and its zone, in the reader's zone or the one given", () => {
    const at = '2026-12-01T09:00:00.000Z';
    // ICU versions differ in the space before AM/PM (U+202F or U+0020): compared as one space.
    const time = (iso: string, zone?: string) => formatInterviewTime(iso, zone).replace(/\s/g, ' ');
    expect(time(at, 'UTC')).toBe('Tue, Dec 1, 2026, 9:00 AM UTC');
    expect(time(at, 'Asia/Tokyo')).toBe('Tue, Dec 1, 2026, 6:00 PM GMT+9');
    expect(time(at, 'America/New_York')).toBe('Tue, Dec 1, 2026, 4:00 AM EST');
    // No zone given: the reader's own, named.
    expect(time(at)).toMatch(/^\w{3}, \w{3} \d{1,2}, 2026, \d{1,2}:\d{2} [AP]M \S+$/);
    expect(formatInterviewTime('not a date')).toBe('');
  });
});
