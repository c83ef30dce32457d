import { foldForSearch } from './message-search.js';

/*
 * The pacing rules that keep a company's WhatsApp number from looking like a bot (automated sends:
 * campaigns, and later scheduled messages and delivery confirmations), and the opt-out rule.
 * Pure functions: the server calls them with the injected clock's time.
 */

/** The replies that opt a contact out when a company has not edited its list. */
export const DEFAULT_OPT_OUT_KEYWORDS = ['STOP', 'stop', 'الغاء', 'إلغاء'];

/** Whether an inbound text is one of the opt-out keywords: trimmed, any case, Arabic letter forms folded (إلغاء = الغاء). */
export function isOptOutReply(text: string | null | undefined, keywords: readonly string[]): boolean {
  return optOutMatcher(keywords)(text);
}

/** isOptOutReply with the keywords folded once, for checking a whole batch of replies against them. */
export function optOutMatcher(keywords: readonly string[]): (text: string | null | undefined) => boolean {
  const folded = new Set(keywords.map((k) => foldForSearch(k.trim())));
  return (text) => {
    if (!text) return false;
    const reply = foldForSearch(text.trim());
    return reply !== '' && folded.has(reply);
  };
}

/** `HH:MM` on a 24-hour clock. */
export type ClockTime = string;

const minutesOf = (t: ClockTime) => {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
};

/** Minutes since midnight in the time zone. */
export function minutesOfDayIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * Whether `at` falls in the sending hours, read in the company's time zone. `from` is included and
 * `to` excluded; a window whose end is before its start runs over midnight (22:00–06:00).
 */
export function isWithinSendingHours(at: Date, hours: { from: ClockTime; to: ClockTime }, timeZone: string): boolean {
  const now = minutesOfDayIn(at, timeZone);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from === to) return true;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Whole days from the first day to the second (both YYYY-MM-DD). */
function daysBetween(first: string, second: string): number {
  return Math.round((Date.parse(`${second}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/**
 * The most automated messages the number may send today. Without warm-up it is the daily cap; with
 * it a new number starts at `startCap` and may send `dailyIncrease` more each day, never above the cap.
 */
export function dailySendLimit(settings: { dailyCap: number; warmUp: { enabled: boolean; startCap: number; dailyIncrease: number; startedOn: string | null } }, today: string): number {
  const { warmUp, dailyCap } = settings;
  if (!warmUp.enabled || !warmUp.startedOn) return dailyCap;
  const days = Math.max(0, daysBetween(warmUp.startedOn, today));
  return Math.min(dailyCap, warmUp.startCap + days * warmUp.dailyIncrease);
}

/** A random wait between two sends, in milliseconds, from `min` to `max` seconds (`random` is 0 ≤ r < 1). */
export function sendInterval(minSeconds: number, maxSeconds: number, random: number): number {
  const low = Math.min(minSeconds, maxSeconds);
  const high = Math.max(minSeconds, maxSeconds);
  return Math.round((low + (high - low) * random) * 1000);
}

/** A campaign's text for one recipient: `{name}` becomes the contact's name (or nothing), `{agent}` the assignee's. */
export function renderCampaignMessage(template: string, values: { name: string | null; agent: string | null }): string {
  return template
    .replace(/\{name\}/g, values.name?.trim() ?? '')
    .replace(/\{agent\}/g, values.agent?.trim() ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Whether the recent outcomes (newest first, `failed` or not) pass the auto-pause threshold. */
export function shouldAutoPause(recentFailed: number, threshold: number): boolean {
  return threshold > 0 && recentFailed >= threshold;
}

/**
 * A campaign report's rates, each over the messages that went out (a read message was delivered,
 * a replied one was read): reached = sent + delivered + read + replied.
 */
export function campaignRates(c: { sent: number; delivered: number; read: number; replied: number; failed: number }): {
  reached: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
} {
  const reached = c.sent + c.delivered + c.read + c.replied;
  const attempted = reached + c.failed;
  const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
  return { reached, delivered: pct(c.delivered + c.read + c.replied, reached), read: pct(c.read + c.replied, reached), replied: pct(c.replied, reached), failed: pct(c.failed, attempted) };
}
