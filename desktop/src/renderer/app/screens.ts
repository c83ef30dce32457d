import type { Permission } from '@crm/common';

/**
 * Every route of both spec documents and its screen title. Screens that later issues build show
 * the title and a "coming soon" line until then.
 */
export interface ScreenRoute {
  path: string;
  title: string;
  /** The permission-table entry a user needs; others are redirected to `/`. */
  permission?: Permission;
}

/**
 * Company area screens still waiting for their issue, under `/` (RequireAuth). Paths are relative
 * to `/`. Built screens (dashboard, messenger, leads, customers, sales, expenses, contact profile,
 * canned responses, follow-up templates) have their own routes in routes.tsx.
 */
export const companyScreens: ScreenRoute[] = [
  { path: 'products', title: 'Products', permission: 'products.manage' },
  { path: 'products/:id', title: 'Product Details', permission: 'products.manage' },
  { path: 'shipping', title: 'Shipping Analytics & Management', permission: 'shipping.manage' },
  { path: 'my-tasks', title: 'My Tasks' },
  { path: 'team/users', title: 'Team Users', permission: 'team.manage' },
  { path: 'team/tasks', title: 'Team Tasks', permission: 'team.manage' },
  { path: 'team/settings', title: 'Team Settings', permission: 'team.manage' },
];

/** Super area, under `/super` (RequireSuper). */
export const superScreens: ScreenRoute[] = [
  { path: 'dashboard', title: 'Super Admin Dashboard' },
  { path: 'tenants', title: 'Companies' },
  { path: 'tenants/:id', title: 'Company Profile' },
  { path: 'users', title: 'Manage Users' },
];
