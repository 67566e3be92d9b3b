/**
 * The day and time a clock in `zone` shows at an instant: what a person there types into a date
 * and a time field (YYYY-MM-DD, HH:MM on a 24-hour clock). Shared by the integration and browser
 * tests of planned sessions.
 */
export function wallClock(at: Date, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}
