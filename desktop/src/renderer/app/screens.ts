import type { Permission } from '@crm/common';

/**
 * Every route of both spec documents and its screen title. Screens that later issues build show
 * the title and a "coming soon" line until then.
 */
export interface ScreenRoute {
  path: string;
  /** The title's catalogue key, written out in full so the key checks find it (docs/i18n.md). */
  titleKey: string;
  /** The permission-table entry a user needs; others are redirected to `/`. */
  permission?: Permission;
}

/**
 * Company area screens still waiting for their issue, under `/` (RequireAuth). Paths are relative
 * to `/`. Built screens (dashboard, messenger, leads, customers, sales, expenses, contact profile,
 * canned responses, follow-up templates, products, shipping, reports, team, tasks) have their own routes
 * in routes.tsx.
 */
export const companyScreens: ScreenRoute[] = [];

/**
 * Super area screens still waiting for their issue, under `/super` (RequireSuper). The dashboard,
 * companies, company profile and Manage Users have their own routes in routes.tsx.
 */
export const superScreens: ScreenRoute[] = [];
