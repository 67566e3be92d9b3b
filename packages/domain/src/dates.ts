/**
 * Every date the site and the e-mails show, in one locale: US English, as the spec writes dates
 * ("December 30, 2024"). Calendar days (`YYYY-MM-DD`: a cohort's dates, a session, a
 * certificate) are read in UTC like every cohort date; instants (when something was stored) in
 * the reader's own time zone. Add a format here rather than calling toLocaleDateString.
 */
export const DATE_LOCALE = 'en-US';

const longDay = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'long', timeZone: 'UTC' });
const mediumDay = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const longInstant = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'long' });
const mediumInstant = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'medium' });
const mediumInstantTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
/** An appointment: the weekday, the day, the time and the zone's name (dateStyle cannot name it). */
const appointmentParts: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const appointmentHere = new Intl.DateTimeFormat(DATE_LOCALE, appointmentParts);

/** `2027-03-01` (or an ISO instant, its UTC day) as a Date at the start of that day in UTC. */
const dayStart = (day: string): Date => new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
const valid = (date: Date, format: Intl.DateTimeFormat): string =>
  Number.isNaN(date.getTime()) ? '' : format.format(date);

/** "March 1, 2027": a calendar day in words (a cohort's dates, certificates, sessions). */
export const formatDay = (day: string): string => valid(dayStart(day), longDay);

/** "Mar 1, 2027": a calendar day, short (tables). */
export const formatDayShort = (day: string): string => valid(dayStart(day), mediumDay);

/** "March 1, 2027": the day of an instant, in the reader's time zone. */
export const formatDate = (iso: string): string => valid(new Date(iso), longInstant);

/** "Mar 1, 2027": the day of an instant, short, in the reader's time zone (list rows). */
export const formatDateShort = (iso: string): string => valid(new Date(iso), mediumInstant);

/** "Nov 23, 2026, 9:41 AM": an instant in the reader's time zone (history, notes). */
export const formatDateTime = (iso: string): string => valid(new Date(iso), mediumInstantTime);

/**
 * "Tue, Dec 1, 2026, 10:00 AM GMT+1": an appointment (a screening interview or its slot, a
 * planned session, an event) in the reader's own time zone, named, or in `timeZone` (an IANA
 * zone) when given.
 */
export const formatInterviewTime = (iso: string, timeZone?: string): string =>
  valid(
    new Date(iso),
    timeZone
      ? new Intl.DateTimeFormat(DATE_LOCALE, { ...appointmentParts, timeZone })
      : appointmentHere,
  );
