import { can, type Permission, type Role } from '@crm/common';
import {
  Building,
  ClipboardList,
  FileSpreadsheet,
  Gauge,
  LayoutDashboard,
  ListChecks,
  MessageCircle,
  MessagesSquare,
  Package,
  Repeat,
  Settings,
  ShoppingCart,
  TrendingUp,
  Truck,
  UserCheck,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Only the exact path marks it active (the dashboard at `/` would match everything otherwise). */
  end?: boolean;
  /** The permission-table entry a user needs to see it (the route guard checks the same entry). */
  permission?: Permission;
}

export interface NavSection {
  /** Untitled for the main list; titled for 'My Space' and 'Team Management'. */
  title?: string;
  items: NavItem[];
}

/** spec/admin.md §2 "App layout": the main entries; admin-only ones name their permission. */
const main: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, end: true },
  { label: 'WhatsApp', to: '/whatsapp', icon: MessageCircle },
  { label: 'Leads', to: '/leads', icon: UserPlus },
  { label: 'Customers', to: '/customers', icon: UserCheck },
  { label: 'Sales', to: '/sales', icon: ShoppingCart },
  { label: 'Canned Responses', to: '/canned-responses', icon: MessagesSquare },
  { label: 'Follow-up Templates', to: '/follow-up-templates', icon: Repeat },
  { label: 'Expenses', to: '/expenses', icon: Wallet, permission: 'expenses.manage' },
  { label: 'Products', to: '/products', icon: Package, permission: 'products.manage' },
  { label: 'Shipping', to: '/shipping', icon: Truck, permission: 'shipping.manage' },
  { label: 'Reports', to: '/reports', icon: FileSpreadsheet, permission: 'reports.view' },
];

const sections: NavSection[] = [
  { items: main },
  { title: 'My Space', items: [{ label: 'My Tasks', to: '/my-tasks', icon: ListChecks, permission: 'tasks.mine' }] },
  {
    title: 'Team Management',
    items: [
      { label: 'Users', to: '/team/users', icon: Users, permission: 'team.manage' },
      { label: 'Performance', to: '/team/performance', icon: TrendingUp, permission: 'team.manage' },
      { label: 'Tasks', to: '/team/tasks', icon: ClipboardList, permission: 'team.manage' },
      { label: 'Settings', to: '/team/settings', icon: Settings, permission: 'team.manage' },
    ],
  },
];

/** The sidebar of a role: the entries its permissions allow, and the sections left with any. */
export function navSectionsFor(role: Role): NavSection[] {
  return sections
    .map((section) => ({ ...section, items: section.items.filter((item) => !item.permission || can(role, item.permission)) }))
    .filter((section) => section.items.length > 0);
}

/** The super administrator's sidebar; its logout button is rendered by the layout. */
export const superNavItems: NavItem[] = [
  { label: 'Dashboard', to: '/super/dashboard', icon: Gauge },
  { label: 'Companies', to: '/super/tenants', icon: Building },
  { label: 'Users', to: '/super/users', icon: Users },
];
