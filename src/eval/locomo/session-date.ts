// Parses LoCoMo session timestamps ("1:56 pm on 8 May, 2023") into ISO 8601 UTC.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

const PATTERN = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})$/i;

/**
 * The session time as ISO 8601 UTC, or null when the text does not have the dataset's shape. The dataset gives
 * no time zone; reading it as UTC keeps the calendar date what the conversation says.
 */
export function parseSessionDate(text: string): string | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, hh, mm, meridiem, day, monthName, year] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase() as (typeof MONTHS)[number]);
  const hour12 = Number(hh);
  const minute = Number(mm);
  if (month < 0 || hour12 < 1 || hour12 > 12 || minute > 59) return null;
  const hour = (hour12 % 12) + (meridiem!.toLowerCase() === 'pm' ? 12 : 0);
  const date = new Date(Date.UTC(Number(year), month, Number(day), hour, minute));
  // Date.UTC rolls 31 June over to 1 July: refuse instead of shifting the day.
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== month) return null;
  return date.toISOString();
}
