import type { Permission } from '@crm/common';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../modules/auth/LoginPage';
import { RedirectIfAuthenticated } from './guards/RedirectIfAuthenticated';
import { RequirePermission } from './guards/RequirePermission';
import { RequireAuth } from './guards/RequireAuth';
import { RedirectIfSuper, RequireSuper } from './guards/RequireSuper';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { FullPageLoader } from '../ui/FullPageLoader';
import { RootRoute } from './RootRoute';
import { companyScreens, superScreens, type ScreenRoute } from './screens';

/**
 * A screen loaded when first visited: the sign-in screen ships alone, and each screen (the charts
 * of Reports, the super area) is fetched with its own route rather than with the first page.
 */
function screen<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

const placeholder = ({ path, titleKey }: ScreenRoute): RouteObject => ({ path, element: <ComingSoonPage titleKey={titleKey} /> });

/** A screen behind the permission-table guard when it names an entry. */
const guarded = (permission: Permission | undefined, route: RouteObject): RouteObject => (permission ? { element: <RequirePermission permission={permission} />, children: [route] } : route);

/** The route table: the company screens and the platform administration under /super. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    // the first screen's code is still arriving (each screen is its own file)
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { element: <RedirectIfAuthenticated />, children: [{ path: '/login', element: <LoginPage /> }] },
      { element: <RedirectIfSuper />, children: [{ path: '/super/login', ...screen(() => import('../modules/super/SuperLoginPage'), 'SuperLoginPage') }] },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            ...screen(() => import('./layout/AppLayout'), 'AppLayout'),
            children: [
              { index: true, ...screen(() => import('../modules/dashboard/DashboardPage'), 'DashboardPage') },
              { path: 'whatsapp', ...screen(() => import('../modules/messenger/WhatsAppPage'), 'WhatsAppPage') },
              guarded('whatsapp.session.manage', { path: 'settings/whatsapp', ...screen(() => import('../modules/whatsapp-connection/WhatsAppConnectionPage'), 'WhatsAppConnectionPage') }),
              { path: 'canned-responses', ...screen(() => import('../modules/canned-responses/CannedResponsesPage'), 'CannedResponsesPage') },
              { path: 'profile', ...screen(() => import('../modules/profile/ProfilePage'), 'ProfilePage') },
              { path: 'leads', ...screen(() => import('../modules/leads/LeadsPage'), 'LeadsPage') },
              { path: 'leads/new', ...screen(() => import('../modules/leads/AddLeadPage'), 'AddLeadPage') },
              { path: 'customers', ...screen(() => import('../modules/customers/CustomersPage'), 'CustomersPage') },
              { path: 'sales', ...screen(() => import('../modules/deal-board/SalesPage'), 'SalesPage') },
              guarded('expenses.manage', { path: 'expenses', ...screen(() => import('../modules/expenses/ExpensesPage'), 'ExpensesPage') }),
              guarded('products.manage', { path: 'products', ...screen(() => import('../modules/products/ProductsPage'), 'ProductsPage') }),
              guarded('products.manage', { path: 'products/:id', ...screen(() => import('../modules/products/ProductDetailPage'), 'ProductDetailPage') }),
              guarded('shipping.manage', { path: 'shipping', ...screen(() => import('../modules/shipping/ShippingPage'), 'ShippingPage') }),
              guarded('reports.view', { path: 'reports', ...screen(() => import('../modules/reports/ReportsPage'), 'ReportsPage') }),
              guarded('team.manage', { path: 'team/performance', ...screen(() => import('../modules/reports/TeamPerformancePage'), 'TeamPerformancePage') }),
              { path: 'contacts/:id', ...screen(() => import('../modules/contacts/ContactProfilePage'), 'ContactProfilePage') },
              { path: 'follow-up-templates', ...screen(() => import('../modules/follow-ups/FollowUpTemplatesPage'), 'FollowUpTemplatesPage') },
              guarded('team.manage', { path: 'team/users', ...screen(() => import('../modules/team/TeamUsersPage'), 'TeamUsersPage') }),
              guarded('team.manage', { path: 'team/settings', ...screen(() => import('../modules/team/TeamSettingsPage'), 'TeamSettingsPage') }),
              guarded('labels.manage', { path: 'settings/labels', ...screen(() => import('../modules/labels/LabelsSettingsPage'), 'LabelsSettingsPage') }),
              guarded('campaigns.manage', { path: 'campaigns', ...screen(() => import('../modules/campaigns/CampaignsPage'), 'CampaignsPage') }),
              guarded('campaigns.manage', { path: 'campaigns/:id', ...screen(() => import('../modules/campaigns/CampaignDetailPage'), 'CampaignDetailPage') }),
              guarded('campaigns.manage', { path: 'settings/sending', ...screen(() => import('../modules/campaigns/SendingSettingsPage'), 'SendingSettingsPage') }),
              guarded('tasks.mine', { path: 'my-tasks', ...screen(() => import('../modules/tasks/MyTasksPage'), 'MyTasksPage') }),
              guarded('team.manage', { path: 'team/tasks', ...screen(() => import('../modules/tasks/TeamTasksPage'), 'TeamTasksPage') }),
              ...companyScreens.map((screen) => guarded(screen.permission, placeholder(screen))),
            ],
          },
        ],
      },
      {
        path: '/super',
        element: <RequireSuper />,
        children: [
          {
            ...screen(() => import('./layout/SuperLayout'), 'SuperLayout'),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', ...screen(() => import('../modules/super/SuperDashboardPage'), 'SuperDashboardPage') },
              { path: 'tenants', ...screen(() => import('../modules/super/CompaniesPage'), 'CompaniesPage') },
              { path: 'tenants/:id', ...screen(() => import('../modules/super/CompanyProfilePage'), 'CompanyProfilePage') },
              { path: 'users', ...screen(() => import('../modules/super/SuperUsersPage'), 'SuperUsersPage') },
              ...superScreens.map(placeholder),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
