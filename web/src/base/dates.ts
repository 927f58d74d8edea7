/** Dates as the shop types and reads them, dd/mm/yyyy, against the API's `yyyy-MM-dd` (docs/console.md). */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** "28/11/2026", "28-11-2026", "28.11.2026", "2026-11-28" → "2026-11-28"; undefined when not a real date. */
export function readDate(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  const typed = TYPED.exec(trimmed);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : typed
      ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
      : [Number.NaN, Number.NaN, Number.NaN];
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return undefined;
  // Day 0 of the next month is this month's last day (UTC: no zone can move it).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "2026-11-28" → "28/11/2026"; anything else as it is. */
export function shownDate(value: string): string {
  const iso = ISO.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}
