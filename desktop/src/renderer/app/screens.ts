/**
 * Every route of both spec documents and its screen title. Screens that later issues build show
 * the title and a "coming soon" line until then.
 */
export interface ScreenRoute {
  path: string;
  title: string;
}

/**
 * Company area screens still waiting for their issue, under `/` (RequireAuth). Paths are relative
 * to `/`. Built screens (dashboard, messenger, leads, customers, sales, expenses, contact profile,
 * canned responses, follow-up templates) have their own routes in routes.tsx.
 */
export const companyScreens: ScreenRoute[] = [
  { path: 'reports', title: 'Detailed Reports' },
  { path: 'products', title: 'Products' },
  { path: 'products/:id', title: 'Product Details' },
  { path: 'shipping', title: 'Shipping Analytics & Management' },
  { path: 'my-tasks', title: 'My Tasks' },
  { path: 'team/users', title: 'Team Users' },
];

/** Admin-only team routes (RequireAdmin: others go to `/`). */
export const adminScreens: ScreenRoute[] = [
  { path: 'team/performance', title: 'Team Performance' },
  { path: 'team/tasks', title: 'Team Tasks' },
  { path: 'team/settings', title: 'Team Settings' },
];

/** Super area, under `/super` (RequireSuper). */
export const superScreens: ScreenRoute[] = [
  { path: 'dashboard', title: 'Super Admin Dashboard' },
  { path: 'tenants', title: 'Companies' },
  { path: 'tenants/:id', title: 'Company Profile' },
  { path: 'users', title: 'Manage Users' },
];
