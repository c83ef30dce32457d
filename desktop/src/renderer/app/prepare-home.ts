import { formatMoney, formatNumber, userTimeZone } from '../lib/format';

/**
 * What the signed-in home needs, prepared while the sign-in screen waits for typing rather than
 * after Sign In: its code (the frame and the dashboard), and the browser's date and number data
 * its first figures are asked for and written with. The first Intl call of a page loads that data
 * (about 20 ms on a 2-core machine, measured in the sign-in trace); the formatters built here are
 * kept and reused by the cards. Nothing here is needed for the sign-in screen itself, so a failure
 * only means the home does this work later.
 */
export function prepareHome(): void {
  void Promise.all([import('./layout/AppLayout'), import('../modules/dashboard/DashboardPage')]).catch(() => undefined);
  try {
    userTimeZone();
    formatNumber(0);
    formatNumber(0, { style: 'percent', maximumFractionDigits: 2 });
    formatMoney(0);
  } catch {
    // the dashboard formats (and reports) on its own
  }
}
