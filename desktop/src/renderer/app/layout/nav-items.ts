import type { Role } from '@crm/common';
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
}

export interface NavSection {
  /** Untitled for the main list; titled for 'My Space' and 'Team Management'. */
  title?: string;
  items: NavItem[];
}

/** spec/admin.md §2 "App layout": entries every company user sees. */
const everyone: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, end: true },
  { label: 'WhatsApp', to: '/whatsapp', icon: MessageCircle },
  { label: 'Leads', to: '/leads', icon: UserPlus },
  { label: 'Customers', to: '/customers', icon: UserCheck },
  { label: 'Sales', to: '/sales', icon: ShoppingCart },
  { label: 'Canned Responses', to: '/canned-responses', icon: MessagesSquare },
  { label: 'Follow-up Templates', to: '/follow-up-templates', icon: Repeat },
];

const adminOnly: NavItem[] = [
  { label: 'Expenses', to: '/expenses', icon: Wallet },
  { label: 'Products', to: '/products', icon: Package },
  { label: 'Shipping', to: '/shipping', icon: Truck },
  { label: 'Reports', to: '/reports', icon: FileSpreadsheet },
];

const mySpace: NavSection = {
  title: 'My Space',
  items: [{ label: 'My Tasks', to: '/my-tasks', icon: ListChecks }],
};

const teamManagement: NavSection = {
  title: 'Team Management',
  items: [
    { label: 'Users', to: '/team/users', icon: Users },
    { label: 'Performance', to: '/team/performance', icon: TrendingUp },
    { label: 'Tasks', to: '/team/tasks', icon: ClipboardList },
    { label: 'Settings', to: '/team/settings', icon: Settings },
  ],
};

export function navSectionsFor(role: Role): NavSection[] {
  return role === 'admin'
    ? [{ items: [...everyone, ...adminOnly] }, teamManagement]
    : [{ items: everyone }, mySpace];
}

/** The super administrator's sidebar; its logout button is rendered by the layout. */
export const superNavItems: NavItem[] = [
  { label: 'Dashboard', to: '/super/dashboard', icon: Gauge },
  { label: 'Companies', to: '/super/tenants', icon: Building },
  { label: 'Users', to: '/super/users', icon: Users },
];
