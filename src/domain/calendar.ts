/**
 * Calendar logic in the store's time zone (docs/decisions.md §1). Stored instants are UTC; "a day" and "a month"
 * are the store's. Uses Intl only, so any IANA zone works, DST included.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeFromIntl(instant: Date, timeZone: string): WallTime {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as unknown as WallTime;
}

function offsetMs(instant: Date, timeZone: string): number {
  const t = wallTimeFromIntl(instant, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * Every invoice asks for the local date several times, and Intl's formatToParts is slow: the zone's offset
 * is kept for the current minute (offsets change only on whole minutes) and the wall time computed from it.
 */
const offsetOfMinute = new Map<string, { minute: number; offsetMs: number }>();

function wallTime(instant: Date, timeZone: string): WallTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  let cached = offsetOfMinute.get(timeZone);
  if (cached?.minute !== minute) {
    cached = { minute, offsetMs: offsetMs(instant, timeZone) };
    offsetOfMinute.set(timeZone, cached);
  }
  const local = new Date(instant.getTime() + cached.offsetMs);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The store-local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const t = wallTime(instant, timeZone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** Store-local wall time as `YYYY-MM-DDThh:mm:ss` (the tax authority's date-time form). */
export function localDateTime(instant: Date, timeZone: string): string {
  const t = wallTime(instant, timeZone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** An instant as a person at the store reads it, for the CLI: `dd/mm/yyyy hh:mm:ss` in the store's zone. */
export function storeTimeText(iso: string, timeZone: string): string {
  const [date = '', time = ''] = localDateTime(new Date(iso), timeZone).split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}

export function localMonth(instant: Date, timeZone: string): string {
  return localDate(instant, timeZone).slice(0, 7);
}

/**
 * Local midnights already worked out: lists and reports ask for the same few dates again and again, and
 * each costs two of Intl's slow formatToParts (about 9 µs). A zone's rules do not change while the node runs.
 */
const localMidnights = new Map<string, number>();
const MAX_KEPT_MIDNIGHTS = 4_096;

/** The UTC instant at which a store-local date (YYYY-MM-DD) begins. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  let at = localMidnights.get(key);
  if (at === undefined) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const guess = Date.UTC(year, month - 1, day);
    const first = guess - offsetMs(new Date(guess), timeZone);
    at = guess - offsetMs(new Date(first), timeZone);
    if (localMidnights.size >= MAX_KEPT_MIDNIGHTS) localMidnights.clear();
    localMidnights.set(key, at);
  }
  return new Date(at);
}

/**
 * localDate for instants that mostly fall on the same day, as a request's "now" does: the day's bounds
 * are remembered, so that most calls compare two numbers instead of formatting a date in the zone.
 */
export function localDateOfNow(timeZone: string): (instant: Date) => string {
  let day = '';
  let from = 0;
  let until = 0;
  return (instant) => {
    const at = instant.getTime();
    if (at < from || at >= until) {
      day = localDate(instant, timeZone);
      from = startOfLocalDay(day, timeZone).getTime();
      until = startOfLocalDay(addDays(day, 1), timeZone).getTime();
    }
    return day;
  };
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `YYYY-MM` shifted by whole months. */
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + months, 1)).toISOString().slice(0, 7);
}

/** A real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isCalendarMonth(text: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

/** The UTC hour of an ISO instant (`2026-11-23T02` of `2026-11-23T02:15:00.000Z`), a key of hourly rollups. */
export const utcHourOf = (isoInstant: string): string => isoInstant.slice(0, 13);

/** Whether an ISO instant is the start of a UTC hour, so that hourly rollups can count from it exactly. */
export const isUtcHourStart = (isoInstant: string): boolean => isoInstant.endsWith(':00:00.000Z');
