import { can, type ContactStats, type ContactStatsQuery, type QueryParams, type UserSummary } from '@crm/common';
import { userTimeZone } from '../../lib/format';
import { useAuthStore } from '../auth/store';
import { dashboardApi } from './api';

/*
 * The dashboard's first figures are asked for the moment a session begins (Sign In answered, a
 * stored session confirmed) rather than once the signed-in frame has rendered: on a busy machine
 * that render takes as long as the answers, so they now come in side by side. Each answer is taken
 * by the dashboard's first request with the same query, soon after; one it never takes is dropped.
 */

const FRESH_MS = 10_000;

interface Early<T> {
  key: string;
  at: number;
  answer: Promise<T>;
}

let stats: Early<ContactStats> | null = null;
let users: Early<UserSummary[]> | null = null;

/** The figures the dashboard shows first: no dates, whole days in the user's zone. */
const firstStatsQuery = (): QueryParams<ContactStatsQuery> => ({ from: null, to: null, tz: userTimeZone() });

function early<T>(key: string, ask: () => Promise<T>): Early<T> {
  const answer = ask();
  // taken or not, a refusal here is the dashboard's to show (it asks again), never an unhandled one
  answer.catch(() => undefined);
  return { key, at: Date.now(), answer };
}

/** Signing in sends the user to / unless they were on their way somewhere else (RedirectIfAuthenticated). */
function landsOnDashboard(): boolean {
  const { pathname } = window.location;
  if (pathname === '/') return true;
  if (pathname !== '/login') return false;
  const from = (window.history.state as { usr?: { from?: { pathname?: string } } } | null)?.usr?.from;
  return !from || from.pathname === '/';
}

function askEarly(role: Parameters<typeof can>[0]): void {
  const query = firstStatsQuery();
  stats = early(JSON.stringify(query), () => dashboardApi.stats(query));
  users = can(role, 'team.manage') ? early('', () => dashboardApi.users()) : null;
}

/**
 * The early answer for this request, if one is waiting; a request abandoned before it settles
 * (the screen closed at once, or React's strict mode running an effect twice) leaves it for the next.
 */
function take<T>(slot: () => Early<T> | null, clear: () => void, restore: (entry: Early<T>) => void, key: string, signal: AbortSignal): Promise<T> | null {
  const entry = slot();
  if (!entry || entry.key !== key || Date.now() - entry.at > FRESH_MS) return null;
  clear();
  let settled = false;
  void entry.answer.then(
    () => (settled = true),
    () => (settled = true),
  );
  signal.addEventListener('abort', () => {
    if (!settled && !slot()) restore(entry);
  });
  return entry.answer;
}

export const takeEarlyStats = (query: QueryParams<ContactStatsQuery>, signal: AbortSignal) =>
  take(
    () => stats,
    () => (stats = null),
    (entry) => (stats = entry),
    JSON.stringify(query),
    signal,
  );

export const takeEarlyUsers = (signal: AbortSignal) =>
  take(
    () => users,
    () => (users = null),
    (entry) => (users = entry),
    '',
    signal,
  );

useAuthStore.subscribe((state, previous) => {
  if (state.status === 'authenticated' && previous.status !== 'authenticated' && state.user && landsOnDashboard()) askEarly(state.user.role);
  if (state.status !== 'authenticated') stats = users = null;
});
