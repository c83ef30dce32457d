/** A step's delay as the cards and logs show it: "24 h", "+1 h". */
export const formatDelay = (hours: number): string => `${hours} h`;

/** A moment with its time, in the user's locale ("22 Nov 2026, 14:05"); '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
