/**
 * Time zones: the list a student
 * chooses their zone from (IANA names, web and functions share it), reading a mentor's free-text
 * `timeZone` (the spec's field), and each zone's UTC offset on the matching rule's reference
 * dates (matching/working-hours.ts). Offsets come from the runtime's own time-zone data (Intl),
 * never from a table kept here.
 */

/**
 * The zones a student can choose from: the commonly used IANA zone of each region, west to east
 * once sorted by offset (TIME_ZONE_OPTIONS). A student whose browser reports a zone not listed
 * chooses the listed zone with the same clock.
 */
export const TIME_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Vancouver',
  'America/Tijuana',
  'America/Denver',
  'America/Phoenix',
  'America/Edmonton',
  'America/Chicago',
  'America/Mexico_City',
  'America/Winnipeg',
  'America/Guatemala',
  'America/Bogota',
  'America/Lima',
  'America/New_York',
  'America/Toronto',
  'America/Halifax',
  'America/Caracas',
  'America/Santiago',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Africa/Casablanca',
  'Africa/Lagos',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Europe/Athens',
  'Europe/Helsinki',
  'Europe/Kyiv',
  'Asia/Jerusalem',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Africa/Nairobi',
  'Asia/Riyadh',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Tashkent',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Yangon',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Manila',
  'Asia/Taipei',
  'Australia/Perth',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Fiji',
] as const;
export type TimeZoneName = (typeof TIME_ZONES)[number];

/**
 * The matching rule's reference instants (noon UTC on 15 January and 15 July 2026): one in each
 * half of the year, so a zone's offset with and without daylight saving time is known and the
 * result never depends on today's date. No zone in the list changes its clock on these days.
 */
export const REFERENCE_INSTANTS: readonly [Date, Date] = [
  new Date(Date.UTC(2026, 0, 15, 12)),
  new Date(Date.UTC(2026, 6, 15, 12)),
];

/** A zone the matching rule can use: an IANA name, or a fixed offset from UTC in minutes. */
export type KnownZone = { iana: string } | { offsetMinutes: number };

const formatters = new Map<string, Intl.DateTimeFormat | null>();
/** The runtime's formatter for `zone` (null when the runtime does not know the name). */
function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      formatter = null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** "GMT+05:30" (or "GMT" for zero) -> 330. */
function offsetOfName(name: string): number | null {
  if (name === 'GMT' || name === 'UTC') return 0;
  const match = /^(?:GMT|UTC)([+\-\u2212])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}

/** The zone's offset from UTC in minutes at `at` (east positive). */
export function offsetMinutesAt(zone: KnownZone, at: Date): number {
  if ('offsetMinutes' in zone) return zone.offsetMinutes;
  const parts = formatterFor(zone.iana)?.formatToParts(at) ?? [];
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  return offsetOfName(name) ?? 0;
}

/** Whether the runtime knows `name` as a time zone (an IANA name such as "Asia/Tokyo"). */
export const isIanaZone = (name: string): boolean =>
  /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name) && formatterFor(name) !== null;

/** Whether `value` is one of the zones a student can choose (TIME_ZONES). */
export const isListedTimeZone = (value: unknown): value is TimeZoneName =>
  typeof value === 'string' && (TIME_ZONES as readonly string[]).includes(value);

/** "UTC+9", "UTC-3:30", "UTC+0". */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The zone's offsets on the reference instants, smaller first ("UTC-8 / UTC-7" with DST). */
function offsetsText(zone: KnownZone): string {
  const offsets = [
    ...new Set(REFERENCE_INSTANTS.map((at) => offsetMinutesAt(zone, at)).sort((a, b) => a - b)),
  ];
  return offsets.map(formatOffset).join(' / ');
}

/** "Asia/Tokyo (UTC+9)", "America/New_York (UTC-5 / UTC-4)": how the list shows a zone. */
export const timeZoneLabel = (name: string): string => `${name} (${offsetsText({ iana: name })})`;

/** The student's choices, west to east (January offset, then name). */
export const TIME_ZONE_OPTIONS: readonly { value: TimeZoneName; label: string }[] = [...TIME_ZONES]
  .map((name) => ({ name, offset: offsetMinutesAt({ iana: name }, REFERENCE_INSTANTS[0]) }))
  .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name))
  .map(({ name }) => ({ value: name, label: timeZoneLabel(name) }));

/** The zone the browser (or server) reports, when it is in the list; otherwise null. */
export function listedZoneOrNull(zone: string | null | undefined): TimeZoneName | null {
  return isListedTimeZone(zone) ? zone : null;
}

/** "UTC+9", "GMT-5", "UTC +05:30", "(UTC−3)" inside a longer text: the offset in minutes. */
const OFFSET_IN_TEXT = /\b(?:UTC|GMT)\s*([+\-\u2212])\s*(\d{1,2})(?::?([0-5]\d))?(?!\d)/i;
const PLAIN_UTC = /^(?:UTC|GMT|Z|Etc\/UTC|Etc\/GMT)$/i;

/**
 * A stated time zone as the matching rule reads it, or null (unknown):
 * - a name the runtime knows as an IANA zone ("Asia/Tokyo", "Europe/London", "UTC");
 * - otherwise a "UTC+9" / "GMT-5" / "UTC+05:30" offset written anywhere in the text ("Eastern
 *   Time (UTC-5)"), between UTC-12 and UTC+14, minutes 00, 30 or 45: a fixed offset all year;
 * - anything else ("Eastern", "CET-ish", "") is unknown, and unknown is neutral in matching.
 */
export function readTimeZone(value: string | null | undefined): KnownZone | null {
  const text = (value ?? '').trim();
  if (!text || text.length > 100) return null;
  if (PLAIN_UTC.test(text)) return { offsetMinutes: 0 };
  if (isIanaZone(text)) return { iana: text };
  const match = OFFSET_IN_TEXT.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (![0, 30, 45].includes(minutes)) return null;
  const total = hours * 60 + minutes;
  const signed = match[1] === '+' ? total : -total;
  if (signed < -12 * 60 || signed > 14 * 60) return null;
  return { offsetMinutes: signed };
}
