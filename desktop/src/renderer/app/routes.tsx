import type { Permission } from '@crm/common';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../modules/auth/LoginPage';
import { CannedResponsesPage } from '../modules/canned-responses/CannedResponsesPage';
import { ContactProfilePage } from '../modules/contacts/ContactProfilePage';
import { CustomersPage } from '../modules/customers/CustomersPage';
import { DashboardPage } from '../modules/dashboard/DashboardPage';
import { ExpensesPage } from '../modules/expenses/ExpensesPage';
import { ProductDetailPage } from '../modules/products/ProductDetailPage';
import { ProductsPage } from '../modules/products/ProductsPage';
import { ShippingPage } from '../modules/shipping/ShippingPage';
import { FollowUpTemplatesPage } from '../modules/follow-ups/FollowUpTemplatesPage';
import { AddLeadPage } from '../modules/leads/AddLeadPage';
import { LeadsPage } from '../modules/leads/LeadsPage';
import { PipelinePage } from '../modules/pipeline/PipelinePage';
import { ReportsPage } from '../modules/reports/ReportsPage';
import { TeamPerformancePage } from '../modules/reports/TeamPerformancePage';
import { ProfilePage } from '../modules/profile/ProfilePage';
import { MyTasksPage } from '../modules/tasks/MyTasksPage';
import { TeamTasksPage } from '../modules/tasks/TeamTasksPage';
import { CompaniesPage } from '../modules/super/CompaniesPage';
import { CompanyProfilePage } from '../modules/super/CompanyProfilePage';
import { SuperDashboardPage } from '../modules/super/SuperDashboardPage';
import { SuperLoginPage } from '../modules/super/SuperLoginPage';
import { SuperUsersPage } from '../modules/super/SuperUsersPage';
import { TeamSettingsPage } from '../modules/team/TeamSettingsPage';
import { TeamUsersPage } from '../modules/team/TeamUsersPage';
import { WhatsAppPage } from '../modules/whatsapp/WhatsAppPage';
import { RedirectIfAuthenticated } from './guards/RedirectIfAuthenticated';
import { RequirePermission } from './guards/RequirePermission';
import { RequireAuth } from './guards/RequireAuth';
import { RedirectIfSuper, RequireSuper } from './guards/RequireSuper';
import { AppLayout } from './layout/AppLayout';
import { SuperLayout } from './layout/SuperLayout';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RootRoute } from './RootRoute';
import { companyScreens, superScreens, type ScreenRoute } from './screens';

const placeholder = ({ path, titleKey }: ScreenRoute): RouteObject => ({ path, element: <ComingSoonPage titleKey={titleKey} /> });

/** A screen behind the permission-table guard when it names an entry. */
const guarded = (permission: Permission | undefined, route: RouteObject): RouteObject =>
  permission ? { element: <RequirePermission permission={permission} />, children: [route] } : route;

/** The route table of spec/core.md §2 and spec/admin.md §2. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      { element: <RedirectIfAuthenticated />, children: [{ path: '/login', element: <LoginPage /> }] },
      { element: <RedirectIfSuper />, children: [{ path: '/super/login', element: <SuperLoginPage /> }] },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'whatsapp', element: <WhatsAppPage /> },
              { path: 'canned-responses', element: <CannedResponsesPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'leads', element: <LeadsPage /> },
              { path: 'leads/new', element: <AddLeadPage /> },
              { path: 'customers', element: <CustomersPage /> },
              { path: 'sales', element: <PipelinePage /> },
              guarded('expenses.manage', { path: 'expenses', element: <ExpensesPage /> }),
              guarded('products.manage', { path: 'products', element: <ProductsPage /> }),
              guarded('products.manage', { path: 'products/:id', element: <ProductDetailPage /> }),
              guarded('shipping.manage', { path: 'shipping', element: <ShippingPage /> }),
              guarded('reports.view', { path: 'reports', element: <ReportsPage /> }),
              guarded('team.manage', { path: 'team/performance', element: <TeamPerformancePage /> }),
              { path: 'contacts/:id', element: <ContactProfilePage /> },
              { path: 'follow-up-templates', element: <FollowUpTemplatesPage /> },
              guarded('team.manage', { path: 'team/users', element: <TeamUsersPage /> }),
              guarded('team.manage', { path: 'team/settings', element: <TeamSettingsPage /> }),
              guarded('tasks.mine', { path: 'my-tasks', element: <MyTasksPage /> }),
              guarded('team.manage', { path: 'team/tasks', element: <TeamTasksPage /> }),
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
            element: <SuperLayout />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', element: <SuperDashboardPage /> },
              { path: 'tenants', element: <CompaniesPage /> },
              { path: 'tenants/:id', element: <CompanyProfilePage /> },
              { path: 'users', element: <SuperUsersPage /> },
              ...superScreens.map(placeholder),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
