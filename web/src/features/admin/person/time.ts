const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 23, 2026, 9:41 AM" in the coordinator's time zone. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
